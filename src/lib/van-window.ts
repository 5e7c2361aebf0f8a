/**
 * A van's window as the customer reads it once the order is placed: the order keeps the
 * window's date and start (its `appointment`), and every window lasts two hours
 * (docs/contracts/running-the-business.md §2, content/orders/mobile.json `windowHours`).
 */
export const VAN_WINDOW_MINUTES = 120;

/** The end of the window that starts at `start` ("09:00" → "11:00"). */
export function vanWindowEnd(start: string): string {
  const [h = 0, m = 0] = start.split(':').map(Number);
  const end = h * 60 + m + VAN_WINDOW_MINUTES;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}
