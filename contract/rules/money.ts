/**
 * How ringgit are written, the same in English, Chinese and Malay (the spec writes
 * "RM 159.00"): whole sen in, never a float kept. The one place sen become a decimal.
 */

/** "1,234.50" (or "1234.50" with no separator) from the sen's size; the sign is the caller's. */
function digits(sen: number, thousands: string): string {
  const size = Math.abs(sen);
  const whole = String(Math.trunc(size / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${whole}.${String(size % 100).padStart(2, '0')}`;
}

/** `RM 1,234.50`, `-RM 12.50`, `RM 0.00`: a price, total or refund on a page, in a message or a log. */
export function ringgit(sen: number): string {
  return `${sen < 0 ? '-' : ''}RM ${digits(sen, ',')}`;
}

/**
 * `1234.50`: an amount as a person types it into a field, not as it is shown: no "RM", no
 * thousands separator, so what a form proposes reads back unchanged when sent as typed.
 */
export function amountForInput(sen: number): string {
  return `${sen < 0 ? '-' : ''}${digits(sen, '')}`;
}
