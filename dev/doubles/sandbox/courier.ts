import { errorMessage } from '../../../server/db/loggable.ts';
import { log as logged } from '../../../server/ops/log.ts';

/**
 * Sends a callback the way a gateway does: POST to the shop's callback URL; anything but a
 * 2xx answer (or no answer) is tried again later with the same body and event id, except a
 * permanent 4xx (the shop refuses that event for good). These quick tries live in the
 * process; the delivery job (delivery-job.ts) is what outlives a crash.
 */
export type Deliver = (url: string, body: string, headers: Record<string, string>) => Response | Promise<Response>;

/** taken: a 2xx; refused: a permanent 4xx, never sent again; failed: no answer or one to retry. */
export type DeliveryResult = 'taken' | 'refused' | 'failed';

/** Called once the delivery is over (taken or refused for good), e.g. to close its job. */
export type Delivered = () => Promise<void>;

export interface Courier {
  /** The first try, awaited; later tries run in the background. True when the shop took it. */
  send(body: string, headers: Record<string, string>, delivered?: Delivered): Promise<boolean>;
  /** Sends after the current call has returned, then retries like send. */
  sendLater(body: string, headers: Record<string, string>, delivered?: Delivered): void;
  /** One try, no retry of its own (the delivery job's). */
  tryOnce(body: string, headers: Record<string, string>): Promise<DeliveryResult>;
  /** Resolves when no delivery is under way or waiting for its next try. */
  idle(): Promise<void>;
  /** Drops the tries still waiting (server shutdown). */
  stop(): void;
}

/** After the first try: 2 s, 10 s, 1 min, 5 min. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];

/** A 4xx the shop will answer again whatever happens (not a time-out, not "too many"). */
export const isPermanent = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;

export function fetchDeliver(timeoutMs = 10_000): Deliver {
  return (url, body, headers) => fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
}

export function createCourier(options: {
  url: string;
  deliver: Deliver;
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}): Courier {
  const { url, deliver, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, log = (line) => logged.error(line) } = options;
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

  async function tryDelivery(body: string, headers: Record<string, string>): Promise<{ result: DeliveryResult; problem: string }> {
    try {
      const res = await deliver(url, body, headers);
      if (res.ok) return { result: 'taken', problem: '' };
      // The status only: the shop's answer may repeat what the event said.
      return { result: isPermanent(res.status) ? 'refused' : 'failed', problem: `answered ${res.status}` };
    } catch (err) {
      return { result: 'failed', problem: errorMessage(err) };
    }
  }

  async function tryOnce(body: string, headers: Record<string, string>): Promise<DeliveryResult> {
    const { result, problem } = await tryDelivery(body, headers);
    if (result !== 'taken') log(`[payment] sandbox callback to ${url} ${problem}${result === 'refused' ? '; not sent again' : ''}`);
    return result;
  }

  async function attempt(body: string, headers: Record<string, string>, tryNo: number, delivered?: Delivered): Promise<boolean> {
    const { result, problem } = await tryDelivery(body, headers);
    if (result === 'refused') log(`[payment] sandbox callback to ${url} ${problem}; not sent again`);
    if (result !== 'failed') {
      await delivered?.().catch((err: unknown) => log(`[payment] sandbox callback delivered, its job not closed: ${errorMessage(err)}`));
      return result === 'taken';
    }
    const delay = retryDelaysMs[tryNo];
    log(`[payment] sandbox callback to ${url} ${problem}; ${delay === undefined ? 'giving up here (its delivery job tries again later)' : `trying again in ${delay / 1000} s`}`);
    if (delay !== undefined) later(body, headers, tryNo + 1, delay, delivered);
    return false;
  }

  function later(body: string, headers: Record<string, string>, tryNo: number, delay: number, delivered?: Delivered) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void track(attempt(body, headers, tryNo, delivered));
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    send: (body, headers, delivered) => track(attempt(body, headers, 0, delivered)),
    sendLater: (body, headers, delivered) => later(body, headers, 0, 0, delivered),
    tryOnce: (body, headers) => track(tryOnce(body, headers)),
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
