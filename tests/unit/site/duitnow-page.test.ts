import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Locale } from '../../../contract/rules/language.ts';
import { QrPanel } from '../../../src/islands/payment/DuitNow.tsx';
import { followQr, QR_ASK_EVERY_MS, whereNext, type QrAnswer } from '../../../src/lib/duitnow.ts';
import { qrSvg } from '../../../src/lib/qr-svg.ts';

const waiting: QrAnswer = {
  orderNo: 'SA2611270001',
  amountSen: 4550,
  merchantName: 'Servauto Sdn Bhd',
  qrText: '00020201021126580014A000000615000101065887340212SERVAUTO0001520459995303458540545.505802MY5913SERVAUTO SDN6012KUALA LUMPUR6304ABCD',
  expiresAt: '2026-11-27T10:05:00.000Z',
  status: 'PENDING',
};

function panel(answer: QrAnswer, locale: Locale = 'en', secondsLeft = 299) {
  const qr = answer.qrText ? qrSvg(answer.qrText) : null;
  return renderToStaticMarkup(createElement(QrPanel, { locale, answer, secondsLeft, qr, pngUrl: 'data:image/png;base64,iVBORw0KGgo=' }));
}

afterEach(() => vi.useRealTimers());

describe('the DuitNow QR page', () => {
  test('draws the QR and shows the amount, the merchant and the time left, in three languages', () => {
    const en = panel(waiting);
    // The QR of the answer's text, drawn as the invoice draws its own.
    const drawn = en.match(/<svg role="img" aria-label="DuitNow QR for RM 45.50"[^>]*><rect[^>]*><\/rect><path d="([^"]+)"/)?.[1];
    expect(drawn).toBe(qrSvg(waiting.qrText!)!.path);
    expect(en).toContain('RM 45.50');
    expect(en).toContain('Pay to Servauto Sdn Bhd');
    expect(en).toContain('This QR expires in 4:59');
    expect(panel(waiting, 'zh-cn')).toContain('此 QR 码将在 4:59 后失效');
    expect(panel(waiting, 'ms')).toContain('Bayar kepada Servauto Sdn Bhd');
  });

  test('on a phone it says how to pay from the same phone, with the QR image to save', () => {
    const html = panel(waiting);
    const phone = html.match(/<section aria-labelledby="same-phone-heading" class="([^"]+)">([\s\S]*?)<\/section>/);
    expect(phone?.[1]).toMatch(/(^| )sm:hidden( |$)/); // shown below the phone breakpoint only
    expect(phone?.[2]).toContain('Paying on this phone?');
    expect(phone?.[2]).toContain('Pick the saved QR from your photos');
    expect(phone?.[2]).toMatch(/<a class="[^"]*" href="data:image\/png;base64,[^"]+" download="duitnow-SA2611270001.png">Save QR image<\/a>/);
    expect(panel(waiting, 'ms')).toContain('>Simpan imej kod QR</a>');
  });

  test('an expired QR says so and offers to pay again, in the page’s language', () => {
    for (const html of [panel({ ...waiting, status: 'EXPIRED', qrText: null }, 'ms'), panel(waiting, 'ms', 0)]) {
      expect(html).toContain('role="alert">Kod QR DuitNow ini telah tamat tempoh.');
      expect(html).toContain('href="/pc/ms/pages-order?orderNo=SA2611270001">Bayar semula</a>');
      expect(html).not.toContain('<svg');
    }
  });

  test('a paid QR goes to the confirmation by itself, in the page’s language', () => {
    expect(whereNext({ ...waiting, status: 'PAID', qrText: null }, 'zh-cn')).toBe('/pc/zh-cn/pages?orderNo=SA2611270001');
    expect(whereNext({ ...waiting, status: 'PAID', qrText: null }, 'en')).toBe('/pc/pages?orderNo=SA2611270001');
    expect(whereNext(waiting, 'en')).toBeNull();
    expect(whereNext({ ...waiting, status: 'EXPIRED' }, 'en')).toBeNull();
  });

  test('asks how the payment stands every few seconds until it is no longer waiting', async () => {
    vi.useFakeTimers();
    const answers: QrAnswer[] = [waiting, waiting, { ...waiting, status: 'PAID', qrText: null }];
    const ask = vi.fn(async () => answers.shift() ?? waiting);
    const seen: string[] = [];
    followQr(ask, (a) => seen.push(a.status), () => false);
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(QR_ASK_EVERY_MS - 1);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(QR_ASK_EVERY_MS * 5);
    expect(seen).toEqual(['PENDING', 'PENDING', 'PAID']);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  test('stops asking when the page is left, and after a first ask that failed; a later miss waits for the next', async () => {
    vi.useFakeTimers();
    const ask = vi.fn(async () => waiting);
    const stop = followQr(ask, () => {}, () => false, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ask).toHaveBeenCalledTimes(2);

    const failing = vi.fn(() => Promise.reject(new Error('Network error')));
    followQr(failing, () => {}, () => false, 1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(failing).toHaveBeenCalledTimes(1);

    let n = 0;
    const flaky = vi.fn(() => (++n === 2 ? Promise.reject(new Error('Network error')) : Promise.resolve(waiting)));
    followQr(flaky, () => {}, () => true, 1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(flaky).toHaveBeenCalledTimes(3);
  });
});
