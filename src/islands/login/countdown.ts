/** docs/contracts/shop.md §4, §9: a new code may be asked for 60 s after the last one. */
export const RESEND_WAIT_SECONDS = 60;

/** Whole seconds until another code may be sent; 0 when it may be sent now. */
export function secondsLeft(sentAt: number | null, now: number, wait: number = RESEND_WAIT_SECONDS): number {
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + wait * 1000 - now) / 1000));
}

/** The `sentAt` that leaves `seconds` to wait, when the server says how long is left. */
export function sentAtFor(seconds: number, now: number, wait: number = RESEND_WAIT_SECONDS): number {
  return now - (wait - seconds) * 1000;
}
