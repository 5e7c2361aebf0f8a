/**
 * How many photos one process decodes at once, and how many may wait for their turn: decoding
 * is what takes the memory (a photo's pixels, not its file), so the process keeps to a fixed
 * number whatever arrives. A request past the waiting room is turned away at once rather than
 * held (and its body never read).
 */
export interface DecodeGate {
  /** A place in the line, or null when the line is full. */
  enter(): Ticket | null;
  /** Decoding now, and waiting (entered, not yet decoding). */
  readonly load: { active: number; waiting: number };
}

export interface Ticket {
  /** Resolves when this ticket may decode. */
  turn(): Promise<void>;
  /** Leaves the line (or gives the turn to the next). Safe to call twice. */
  leave(): void;
}

export function decodeGate(maxActive: number, maxWaiting: number): DecodeGate {
  let active = 0;
  let entered = 0;
  const queue: (() => void)[] = [];

  const next = () => {
    while (active < maxActive && queue.length) {
      active++;
      queue.shift()!();
    }
  };

  return {
    get load() {
      return { active, waiting: entered - active };
    },
    enter() {
      if (entered >= maxActive + maxWaiting) return null;
      entered++;
      let state: 'entered' | 'queued' | 'decoding' | 'left' = 'entered';
      let wake: (() => void) | undefined;
      return {
        turn() {
          if (state !== 'entered') return Promise.reject(new Error('turn() asked twice'));
          state = 'queued';
          return new Promise<void>((resolve) => {
            wake = () => {
              state = 'decoding';
              resolve();
            };
            queue.push(wake);
            next();
          });
        },
        leave() {
          if (state === 'left') return;
          if (state === 'decoding') active--;
          else if (state === 'queued') queue.splice(queue.indexOf(wake!), 1);
          state = 'left';
          entered--;
          next();
        },
      };
    },
  };
}
