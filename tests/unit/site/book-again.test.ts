import { describe, expect, test } from 'vitest';
import { dropDraftAppointment } from '../../../src/lib/book-again.ts';
import { DRAFT_KEY, readDraft, saveDraft } from '../../../src/lib/checkout-draft.ts';
import type { CheckoutForm } from '../../../src/lib/checkout.ts';

function memory() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const form: CheckoutForm = {
  plate: 'WXY 1234',
  method: 'install',
  storeId: 'petaling-jaya-ss2-tyre-auto',
  date: '2026-11-27',
  time: '10:00',
  address: { recipient: 'Aisyah', phone: '0123456789', line1: '1 Jalan SS2', line2: '', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  contact: { name: 'Nur Aisyah', phone: '0123456789', email: 'aisyah@example.my' },
  notes: 'Please call first',
  couponCode: '',
  couponApplied: false,
};

describe('booking a service again', () => {
  test("lets go of the tab's earlier appointment, so the service's workshop is the one chosen, and keeps the rest typed", () => {
    const storage = memory();
    saveDraft(storage, 'user-1', form);
    dropDraftAppointment(storage);
    const { storeId: _s, date: _d, time: _t, ...rest } = form;
    expect(readDraft(storage, 'user-1')).toEqual(rest);
  });

  test('with no draft, or one that is not a draft, nothing is written', () => {
    const storage = memory();
    dropDraftAppointment(storage);
    expect(storage.data.has(DRAFT_KEY)).toBe(false);
    storage.setItem(DRAFT_KEY, '"junk"');
    dropDraftAppointment(storage);
    expect(storage.getItem(DRAFT_KEY)).toBe('"junk"');
    dropDraftAppointment(null);
  });
});
