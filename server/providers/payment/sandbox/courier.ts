/**
 * Sends a callback the way a gateway does: POST to the shop's callback URL; anything but a
 * 2xx answer (or no answer) is tried again later with the same body and event id.
 */
export type Deliver = (url: string, body: string, headers: Record<string, string>) => Response | Promise<Response>;

export interface Courier {
  /** The first try, awaited; later tries run in the background. True when the shop took it. */
  send(body: string, headers: Record<string, string>): Promise<boolean>;
  /** Sends after the current call has returned, then retries like send. */
  sendLater(body: string, headers: Record<string, string>): void;
  /** Resolves when no delivery is under way or waiting for its next try. */
  idle(): Promise<void>;
  /** Drops the tries still waiting (server shutdown). */
  stop(): void;
}

/** After the first try: 2 s, 10 s, 1 min, 5 min. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];

export function fetchDeliver(timeoutMs = 10_000): Deliver {
  return (url, body, headers) => fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
}

export function createCourier(options: {
  url: string;
  deliver: Deliver;
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}): Courier {
  const { url, deliver, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, log = (line) => console.error(line) } = options;
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const waiters: (() => void)[] = [];

  function settle() {
    if (pending.size === 0 && timers.size === 0) waiters.splice(0).forEach((resolve) => resolve());
  }

  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => {
      pending.delete(work);
      settle();
    });
    return work;
  }

  async function attempt(body: string, headers: Record<string, string>, tryNo: number): Promise<boolean> {
    let problem: string;
    try {
      const res = await deliver(url, body, headers);
      if (res.ok) return true;
      // The status only: the shop's answer may repeat what the event said.
      problem = `answered ${res.status}`;
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    const delay = retryDelaysMs[tryNo];
    log(`[payment] sandbox callback to ${url} ${problem}; ${delay === undefined ? 'giving up' : `trying again in ${delay / 1000} s`}`);
    if (delay !== undefined) later(body, headers, tryNo + 1, delay);
    return false;
  }

  function later(body: string, headers: Record<string, string>, tryNo: number, delay: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void track(attempt(body, headers, tryNo));
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    send: (body, headers) => track(attempt(body, headers, 0)),
    sendLater: (body, headers) => later(body, headers, 0, 0),
    idle() {
      if (pending.size === 0 && timers.size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settle();
    },
  };
}
