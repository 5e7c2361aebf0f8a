import { describe, expect, test } from 'vitest';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { PICKUP_READY_WORKING_DAYS, pickupReadyBy } from '../../../contract/rules/pickup.ts';
import type { CheckoutForm } from '../../../src/lib/checkout.ts';
import { DRAFT_KEY, forgetDraft, parseDraftForm, readDraft, saveDraft } from '../../../src/lib/checkout-draft.ts';
import { garageCarOf, plateFor, rememberedPlate, withRememberedName } from '../../../src/lib/checkout-remembered.ts';
import { quoteRequest } from '../../../src/lib/checkout-request.ts';
import type { CarInfo } from '../../../src/stores/car.ts';
import { chosenForAnotherCar } from '../../../src/islands/checkout/line-car.ts';
import { parseCartLine } from '../../../src/stores/cart.ts';

const form: CheckoutForm = {
  plate: 'WXY 1234',
  method: 'install',
  storeId: 'petaling-jaya-ss2-tyre-auto',
  date: '2026-11-27',
  time: '10:00',
  address: { recipient: 'Aisyah', phone: '0123456789', line1: '1 Jalan SS2', line2: '', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  contact: { name: 'Nur Aisyah', phone: '0123456789', email: 'aisyah@example.my' },
  notes: 'Please call first',
  couponCode: 'SAVE20',
  couponApplied: true,
};

function memory() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const myvi: CarInfo = { brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false, bodyType: 'Hatchback' };

describe('the coupon a checkout prices', () => {
  test('a code typed but not applied, or an emptied field, is not sent for pricing', () => {
    const items = [{ productId: 'service-basic', quantity: 1 }];
    expect(quoteRequest(items, myvi.variantId, form).couponCode).toBe('SAVE20');
    expect(quoteRequest(items, myvi.variantId, { ...form, couponApplied: false })).not.toHaveProperty('couponCode');
    expect(quoteRequest(items, myvi.variantId, { ...form, couponCode: '   ', couponApplied: true })).not.toHaveProperty('couponCode');
  });
});

describe('the checkout draft of a tab', () => {
  test('comes back whole for the customer who typed it, and not for another', () => {
    const storage = memory();
    saveDraft(storage, 'user-1', form);
    expect(readDraft(storage, 'user-1')).toEqual(form);
    expect(readDraft(storage, 'user-2')).toEqual({});
    forgetDraft(storage);
    expect(storage.data.has(DRAFT_KEY)).toBe(false);
    expect(readDraft(storage, 'user-1')).toEqual({});
  });

  test('keeps the WhatsApp box as ticked, and only a yes or a no', () => {
    expect(parseDraftForm({ whatsapp: true })).toEqual({ whatsapp: true });
    expect(parseDraftForm({ whatsapp: false })).toEqual({ whatsapp: false });
    expect(parseDraftForm({ whatsapp: 'yes' })).toEqual({});
  });

  test("keeps the van's window and the landmark; a window of the wrong shape is left out", () => {
    expect(parseDraftForm({ window: { date: '2026-11-28', start: '11:00' } })).toEqual({ window: { date: '2026-11-28', start: '11:00' } });
    for (const window of [{ date: '2026-02-30', start: '11:00' }, { date: '2026-11-28', start: '25:00' }, { date: '2026-11-28' }, '2026-11-28 11:00']) expect(parseDraftForm({ window })).toEqual({});
    expect(parseDraftForm({ address: { ...form.address, landmark: 'Block C, level 2' } }).address).toHaveProperty('landmark', 'Block C, level 2');
    expect(parseDraftForm({ address: { ...form.address, landmark: 'x'.repeat(200) } }).address).not.toHaveProperty('landmark');
  });

  test('is checked when read back: fields of the wrong shape are left out, the rest kept', () => {
    const draft = parseDraftForm({
      ...form,
      plate: 'x'.repeat(200),
      method: 'teleport',
      date: '2026-02-30',
      address: { ...form.address, state: 'Atlantis' },
      contact: { name: 'Nur Aisyah', phone: 123, email: '' },
      notes: 'fine',
    });
    expect(draft).toEqual({ notes: 'fine', couponCode: 'SAVE20', couponApplied: true });
    expect(parseDraftForm('not a form')).toEqual({});
    expect(parseDraftForm([form])).toEqual({});
    const storage = memory();
    storage.setItem(DRAFT_KEY, '{broken');
    expect(readDraft(storage, 'user-1')).toEqual({});
  });
});

describe('a cart line and the car chosen now', () => {
  const line = { variantId: myvi.variantId, modelId: myvi.modelId, carName: 'Perodua Myvi · 掀背车' };
  test('are compared by ids: the same car under a name in another language is the same car', () => {
    expect(chosenForAnotherCar(line, myvi)).toBe(false);
    expect(chosenForAnotherCar({ ...line, carName: 'Perodua Myvi · Hatchback' }, myvi)).toBe(false);
    expect(chosenForAnotherCar(line, { ...myvi, variantId: 'perodua-myvi-1.3-g-2022' })).toBe(true);
  });
  test('a stored line keeps the model it was chosen for, checked like its other ids', () => {
    const stored = { productId: 'wiper-bosch-aerotwin', quantity: 1, options: {}, variantId: '', carName: 'Perodua Myvi', modelId: 'perodua-myvi' };
    expect(parseCartLine(stored)).toEqual(stored);
    expect(parseCartLine({ ...stored, modelId: 'Perodua Myvi' })).toBeNull();
    expect(parseCartLine({ ...stored, modelId: undefined })).not.toHaveProperty('modelId');
  });
  test('a line chosen before the variant was known is matched by its model', () => {
    const noVariant = { variantId: '', modelId: 'perodua-myvi', carName: 'Perodua Myvi' };
    expect(chosenForAnotherCar(noVariant, myvi)).toBe(false);
    expect(chosenForAnotherCar(noVariant, { ...myvi, modelId: 'perodua-axia', variantId: '' })).toBe(true);
    expect(chosenForAnotherCar({ variantId: '', carName: '' }, myvi)).toBe(false);
  });
});

describe('what the next checkout starts with', () => {
  const saved = (over: Partial<SavedCar>): SavedCar => ({ id: 'c1', brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: myvi.variantId, noYear: false, noBt: false, bodyType: 'Hatchback', current: true, plate: 'WXY 1234', roadTaxExpiry: null, insuranceExpiry: null, ...over });
  test('the plate of the garage car that is the car chosen, by ids', () => {
    const garage = [saved({ id: 'c2', modelId: 'perodua-axia', variantId: 'perodua-axia-1.0-g-2023', plate: 'ABC 1' }), saved({})];
    expect(garageCarOf(garage, myvi)?.id).toBe('c1');
    expect(rememberedPlate(garage, myvi)).toBe('WXY 1234');
    expect(rememberedPlate(garage, { ...myvi, variantId: 'perodua-myvi-1.3-g-2022' })).toBe('');
    expect(rememberedPlate(garage, null)).toBe('');
  });
  test('fill blanks only, and a plate follows the car unless the customer typed one', () => {
    const blank = { ...form, contact: { ...form.contact, name: '' }, address: { ...form.address, recipient: ' ' } };
    const named = withRememberedName(blank, 'Nur Aisyah');
    expect(named.contact.name).toBe('Nur Aisyah');
    expect(named.address.recipient).toBe('Nur Aisyah');
    expect(withRememberedName(form, 'Someone Else')).toBe(form);
    expect(plateFor('', '', 'WXY 1234')).toBe('WXY 1234');
    expect(plateFor('WXY 1234', 'WXY 1234', 'ABC 1')).toBe('ABC 1');
    expect(plateFor('JKL 9', 'WXY 1234', 'ABC 1')).toBe('JKL 9');
  });
});

test('a pickup paid on a Friday is ready by Monday, one working day later', () => {
  expect(pickupReadyBy(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-30');
  expect(pickupReadyBy(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-25');
});

test('the pickup date counts working days as the shared calendar does', async () => {
  const { addWorkingDays } = await import('../../../contract/rules/kl-calendar.ts');
  for (let day = 0; day < 14; day += 1) {
    const paid = new Date(Date.UTC(2026, 10, 20 + day, 3));
    expect(pickupReadyBy(paid)).toBe(addWorkingDays(paid, PICKUP_READY_WORKING_DAYS));
  }
});
