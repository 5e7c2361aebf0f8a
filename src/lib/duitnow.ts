import type { ResponseOf } from '../../contract/call.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { orderPayQr } from '../../contract/orders.ts';
import { href } from '../i18n/index.ts';

export type QrAnswer = ResponseOf<typeof orderPayQr>;

/** How often the QR page asks how the payment stands while the QR waits to be paid. */
export const QR_ASK_EVERY_MS = 3000;

/** The page the paid order's confirmation shows on, in the page's language. */
export const confirmationHref = (locale: Locale, orderNo: string) => href(locale, `pages?orderNo=${encodeURIComponent(orderNo)}`);

/** The payment page of the order, to pay again (by another method, or a new QR). */
export const payAgainHref = (locale: Locale, orderNo: string) => href(locale, `pages-order?orderNo=${encodeURIComponent(orderNo)}`);

/** Where the QR page goes by itself after an answer: a paid QR to the confirmation; otherwise it stays. */
export function whereNext(answer: QrAnswer, locale: Locale): string | null {
  return answer.status === 'PAID' ? confirmationHref(locale, answer.orderNo) : null;
}

/**
 * Asks `ask` now and then every `everyMs` after each answer, handing each to `onAnswer`, until
 * the payment is no longer PENDING or `stop` is called. A failed ask is handed to `onError`,
 * whose answer says whether to go on asking.
 */
export function followQr(ask: () => Promise<QrAnswer>, onAnswer: (answer: QrAnswer) => void, onError: (err: unknown) => boolean, everyMs = QR_ASK_EVERY_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const answer = await ask();
      if (stopped) return;
      onAnswer(answer);
      if (answer.status !== 'PENDING') return;
    } catch (err) {
      if (stopped || !onError(err)) return;
    }
    timer = setTimeout(() => void tick(), everyMs);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
