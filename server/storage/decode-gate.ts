/**
 * How many photos one process holds and decodes at once, and how many may wait: decoding takes
 * the memory of a photo's pixels and a waiting photo the memory of its file, so the process keeps
 * to fixed numbers whatever arrives. A request waits first with its body unread (the connection
 * holds it), then with its body read, then decodes; one past the line is turned away at once.
 */
export interface DecodeGate {
  /** A place in the line, or null when the line is full. */
  enter(): Ticket | null;
  /** Requests in the line (all stages), bodies held in memory, and photos decoding. */
  readonly load: { entered: number; holding: number; decoding: number };
}

export interface Ticket {
  /** Resolves when this request may read its body into memory. */
  mayRead(): Promise<void>;
  /** Resolves when this request may decode (after mayRead). */
  turn(): Promise<void>;
  /** Leaves the line, giving up whatever it held. Safe to call twice. */
  leave(): void;
}

/** A counting semaphore, first come first served, whose waiters can give up. */
function slots(size: number) {
  let taken = 0;
  const waiting: (() => void)[] = [];
  return {
    get taken() {
      return taken;
    },
    /** A promise of a slot, and a way to give it (or the wait for it) up. */
    take(): { ready: Promise<void>; release: () => void } {
      let state: 'waiting' | 'held' | 'released' = 'waiting';
      let wake!: () => void;
      const ready = new Promise<void>((resolve) => {
        wake = () => {
          state = 'held';
          taken++;
          resolve();
        };
      });
      if (taken < size) wake();
      else waiting.push(wake);
      return {
        ready,
        release() {
          if (state === 'held') {
            taken--;
            waiting.shift()?.();
          } else if (state === 'waiting') {
            waiting.splice(waiting.indexOf(wake), 1);
          }
          state = 'released';
        },
      };
    },
  };
}

/**
 * `maxDecoding` photos decode at once, `maxHolding` bodies (decoding ones included) are held in
 * memory, and `maxEntered` requests in all are in the line.
 */
export function decodeGate({ maxDecoding, maxHolding, maxEntered }: { maxDecoding: number; maxHolding: number; maxEntered: number }): DecodeGate {
  let entered = 0;
  const holding = slots(maxHolding);
  const decoding = slots(maxDecoding);
  return {
    get load() {
      return { entered, holding: holding.taken, decoding: decoding.taken };
    },
    enter() {
      if (entered >= maxEntered) return null;
      entered++;
      let held: ReturnType<typeof holding.take> | undefined;
      let decodes: ReturnType<typeof decoding.take> | undefined;
      let left = false;
      return {
        mayRead() {
          held ??= holding.take();
          return held.ready;
        },
        turn() {
          decodes ??= decoding.take();
          return decodes.ready;
        },
        leave() {
          if (left) return;
          left = true;
          decodes?.release();
          held?.release();
          entered--;
        },
      };
    },
  };
}
