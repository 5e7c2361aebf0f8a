import { describe, expect, test } from 'vitest';
import { orderPayStatus } from '../../../contract/orders.ts';
import { ApiFailure } from '../../../src/lib/api.ts';
import { askWithReturn, providerReturnOf, shopQuery } from '../../../src/lib/provider-return.ts';

const back =
  'https://www.servauto.my/pc/pages?orderNo=SA2611270001&razorpay_payment_id=pay_29QQoUBi66xm2f&razorpay_payment_link_id=plink_ExjpAUN3gVHrPJ&razorpay_payment_link_reference_id=pmt_1&razorpay_payment_link_status=paid&razorpay_signature=07ae18789e35093e51d0a491eb9922646f3f82773547e5b0f67ee3f2d3bf7d5b';

/** The asks the page made, and the addresses it put in the address bar. */
function page() {
  const asked: (Record<string, string> | undefined)[] = [];
  const addresses: string[] = [];
  return { asked, addresses, replace: (url: string) => void addresses.push(url) };
}

describe('back from the payment provider', () => {
  test("links that carry the page's query on (the language switcher's) keep the shop's own parameters only", () => {
    expect(shopQuery(new URL(back).search)).toBe('?orderNo=SA2611270001');
    expect(shopQuery('?razorpay_signature=abc')).toBe('');
    expect(shopQuery('?id=WXY1234&tab=history')).toBe('?id=WXY1234&tab=history');
  });

  test("the provider's parameters go with the ask, and leave the address bar", async () => {
    const p = page();
    const checked = await askWithReturn(
      async (providerReturn) => {
        p.asked.push(providerReturn);
        return { paid: true };
      },
      back,
      p.replace,
    );
    expect(checked).toEqual({ answer: { paid: true } });
    expect(p.asked).toEqual([
      {
        razorpay_payment_id: 'pay_29QQoUBi66xm2f',
        razorpay_payment_link_id: 'plink_ExjpAUN3gVHrPJ',
        razorpay_payment_link_reference_id: 'pmt_1',
        razorpay_payment_link_status: 'paid',
        razorpay_signature: '07ae18789e35093e51d0a491eb9922646f3f82773547e5b0f67ee3f2d3bf7d5b',
      },
    ]);
    // The contract takes them as they are.
    expect(orderPayStatus.request.safeParse({ orderNo: 'SA2611270001', providerReturn: p.asked[0] }).success).toBe(true);
    expect(p.addresses).toEqual(['/pc/pages?orderNo=SA2611270001']);
  });

  test('a page opened without them asks plainly and leaves the address alone', async () => {
    const p = page();
    await askWithReturn(async (providerReturn) => void p.asked.push(providerReturn), 'https://www.servauto.my/pc/ms/pages-order?orderNo=SA1#top', p.replace);
    expect(p.asked).toEqual([undefined]);
    expect(p.addresses).toEqual([]);
    expect(providerReturnOf('?orderNo=SA1&utm_source=sms')).toBeUndefined();
  });

  test('a forged return is refused with its message, and is still taken out of the address bar', async () => {
    const p = page();
    const checked = await askWithReturn(
      () => Promise.reject(new ApiFailure(807, 'This payment page could not be verified.')),
      back,
      p.replace,
    );
    expect(checked).toEqual({ refused: 'This payment page could not be verified.' });
    expect(p.addresses).toEqual(['/pc/pages?orderNo=SA2611270001']);
  });

  test('any other failure is the usual error', async () => {
    await expect(askWithReturn(() => Promise.reject(new ApiFailure(0, 'Network error')), back, () => {})).rejects.toThrow('Network error');
  });
});
