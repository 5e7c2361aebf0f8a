import { describe, expect, test } from 'vitest';
import type { CheckoutForm } from '../../../src/lib/checkout.ts';
import { readDraft, saveDraft } from '../../../src/lib/checkout-draft.ts';
import { postcodeForCheckout } from '../../../src/lib/draft-postcode.ts';

function memory() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const aisyah = { id: 'user-1', name: 'Aisyah', realName: 'Nur Aisyah', phone: '60123456789' };

describe('a postcode typed on a product page, for the checkout', () => {
  test('starts the checkout address from it, with the account name and phone, when none was begun', () => {
    const storage = memory();
    postcodeForCheckout(storage, aisyah, '47300');
    const address = readDraft(storage, 'user-1').address;
    expect(address).toMatchObject({ recipient: 'Nur Aisyah', postcode: '47300', line1: '', city: '', state: '' });
    expect(address?.phone).not.toBe('');
  });

  test('fills a begun address without a postcode and keeps the rest of the draft', () => {
    const storage = memory();
    const form = { plate: 'WXY 1234', method: 'mobile', address: { recipient: 'Aisyah', phone: '012-345 6789', line1: '1 Jalan SS2', line2: '', postcode: '', city: 'Petaling Jaya', state: 'Selangor' } } as unknown as CheckoutForm;
    saveDraft(storage, 'user-1', form);
    postcodeForCheckout(storage, aisyah, '47300');
    expect(readDraft(storage, 'user-1')).toMatchObject({ plate: 'WXY 1234', method: 'mobile', address: { line1: '1 Jalan SS2', postcode: '47300' } });
  });

  test('never changes a postcode already typed at checkout, nor takes an unfinished one', () => {
    const storage = memory();
    const form = { address: { recipient: 'Aisyah', phone: '012-345 6789', line1: '1 Jalan SS2', line2: '', postcode: '47810', city: 'Petaling Jaya', state: 'Selangor' } } as unknown as CheckoutForm;
    saveDraft(storage, 'user-1', form);
    postcodeForCheckout(storage, aisyah, '47300');
    postcodeForCheckout(storage, aisyah, '473');
    expect(readDraft(storage, 'user-1').address?.postcode).toBe('47810');
  });

  test("another login's draft is not read: this customer's starts afresh", () => {
    const storage = memory();
    saveDraft(storage, 'user-2', { plate: 'ABC 1' } as unknown as CheckoutForm);
    postcodeForCheckout(storage, aisyah, '47300');
    expect(readDraft(storage, 'user-1')).toEqual({ address: expect.objectContaining({ postcode: '47300' }) });
    expect(readDraft(storage, 'user-2')).toEqual({});
  });
});
