import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../contract/rules/language.ts';
import { Receipt } from '../../../src/islands/payment/Receipt.tsx';
import type { OrderDetailDto } from '../../../src/islands/payment/types.ts';

type Payment = OrderDetailDto['payments'][number];
const attempt = (method: Payment['method'], state: Payment['state'], more: Partial<Payment> = {}): Payment => ({
  method,
  bank: null,
  cardType: null,
  amountSen: 15_900,
  state,
  createdAt: '2026-11-27T02:00:00.000Z',
  paidAt: state === 'succeeded' ? '2026-11-27T02:01:00.000Z' : null,
  refundDue: false,
  ...more,
});

/** The fields a receipt reads; the rest of an order does not change it. */
const order = (payments: Payment[]) =>
  ({
    orderNo: 'SA2611270001',
    method: 'pickup',
    car: { variantId: 'perodua-myvi', name: 'Perodua Myvi', sizeClass: 'B', plate: 'WXY 1234' },
    lines: [{ productId: 'wiper', name: 'Wiper blade', quantity: 1, optionWords: [], partsSen: 15_900, labourSen: 0, serviceTaxSen: 0, totalSen: 15_900 }],
    totals: { partsSen: 15_900, labourSen: 0, serviceTaxSen: 0, goodsSen: 15_900, deliveryFeeSen: 0, discountSen: 0, totalSen: 15_900 },
    coupon: null,
    paidSen: payments.some((p) => p.state === 'succeeded') ? 15_900 : 0,
    payments,
  }) as unknown as OrderDetailDto;

const receipt = (o: OrderDetailDto, paid: boolean, locale: Locale = 'en') => renderToStaticMarkup(createElement(Receipt, { locale, order: o, paid }));
/** The receipt's "Paid by" row as read: its label and value. */
const paidBy = (html: string) => html.match(/<dt class="text-slate-700">([^<]+)<\/dt><dd class="text-right">([^<]+)<\/dd>/)?.slice(1).map((s) => s.replace(/&#x27;/g, "'"));

describe('the receipt names how it was paid', () => {
  test('the method that paid it, not an earlier attempt that failed, in three languages', () => {
    const paid = order([attempt('card', 'failed'), attempt('tng', 'succeeded')]);
    expect(paidBy(receipt(paid, true))).toEqual(['Paid by', "Touch 'n Go eWallet"]);
    expect(paidBy(receipt(paid, true, 'zh-cn'))).toEqual(['付款方式', "Touch 'n Go 电子钱包"]);
    expect(paidBy(receipt(order([attempt('duitnow', 'succeeded')]), true, 'ms'))).toEqual(['Dibayar melalui', 'Kod QR DuitNow']);
  });

  test('FPX names the bank, a card says credit or debit when the provider told', () => {
    const fpx = order([attempt('fpx', 'succeeded', { bank: { code: 'maybank2u', name: 'Maybank2u' } })]);
    expect(paidBy(receipt(fpx, true))).toEqual(['Paid by', 'FPX online banking (Maybank2u)']);
    expect(paidBy(receipt(order([attempt('card', 'succeeded', { cardType: 'debit' })]), true))).toEqual(['Paid by', 'Debit card']);
    expect(paidBy(receipt(order([attempt('card', 'succeeded', { cardType: 'credit' })]), true, 'ms'))).toEqual(['Dibayar melalui', 'Kad kredit']);
    expect(paidBy(receipt(order([attempt('card', 'succeeded')]), true))).toEqual(['Paid by', 'Credit or debit card']);
  });

  test('Atome is named as paying later, in three languages', () => {
    const atome = order([attempt('atome', 'succeeded')]);
    expect(paidBy(receipt(atome, true))).toEqual(['Paid by', 'Atome, pay later in 3 payments']);
    expect(paidBy(receipt(atome, true, 'zh-cn'))).toEqual(['付款方式', 'Atome 先买后付（分 3 期）']);
    expect(paidBy(receipt(atome, true, 'ms'))).toEqual(['Dibayar melalui', 'Atome, beli sekarang bayar kemudian (3 bayaran)']);
  });

  test('the summary before paying names none', () => {
    expect(paidBy(receipt(order([attempt('fpx', 'failed')]), false))).toBeUndefined();
  });
});
