import { atom } from 'nanostores';
import type { CarInfo } from './car.ts';

/** The login dialog: open or not, and where to go once logged in. */
export const $loginDialog = atom<{ open: boolean; then?: string | null }>({ open: false });

export function askToLogIn(then: string | null = null) {
  $loginDialog.set({ open: true, then });
}

export const $meDialog = atom(false);
/**
 * The car picker: closed, open at Brand (true), or open at the variant step of a chosen car
 * whose variant was skipped ("Choose your variant"), its brand, model and year already picked.
 */
export const $carPicker = atom<boolean | { variantOf: CarInfo }>(false);

/** Opens the car picker where the chosen car left off: at the variant step of its model and year. */
export function chooseVariantOf(car: CarInfo) {
  $carPicker.set({ variantOf: car });
}
export const $logoutDialog = atom(false);

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** Toasts stay a short time, notifications longer; both show in the one place notices have (overlays/Notices.tsx). */
  style: 'toast' | 'notification';
  ms: number;
}

/** docs/contracts/shop.md §9: toasts stay 3 s, notifications 4.5 s. */
export const TOAST_MS = 3000;
export const NOTIFICATION_MS = 4500;

export const $notices = atom<Notice[]>([]);
let nextId = 1;

export function notify(kind: NoticeKind, text: string, options: { ms?: number; style?: Notice['style'] } = {}) {
  const style = options.style ?? 'toast';
  const notice: Notice = { id: nextId++, kind, text, style, ms: options.ms ?? (style === 'toast' ? TOAST_MS : NOTIFICATION_MS) };
  // The same text twice at once is one notice.
  if ($notices.get().some((n) => n.text === text && n.kind === kind)) return;
  $notices.set([...$notices.get(), notice]);
  setTimeout(() => dismiss(notice.id), notice.ms);
}

export function dismiss(id: number) {
  $notices.set($notices.get().filter((n) => n.id !== id));
}

/** The request-timeout alert (docs/contracts/shop.md §8): one at a time, with a Refresh Page button. */
export const $timeoutAlert = atom(false);

/**
 * The window event that wakes the Overlays island, which shows the dialogs and notices and
 * otherwise hydrates only when the browser is idle: an island that opens a dialog or shows a
 * notice before then has it shown at once.
 */
export const OVERLAYS_WAKE = 'servauto:overlays';

if (typeof window !== 'undefined') {
  const wake = () => window.dispatchEvent(new Event(OVERLAYS_WAKE));
  for (const store of [$loginDialog, $meDialog, $carPicker, $logoutDialog, $notices, $timeoutAlert]) store.listen(wake);
}
