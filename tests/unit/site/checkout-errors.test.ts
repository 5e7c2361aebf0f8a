import { describe, expect, it } from 'vitest';
import type { CheckoutForm } from '../../../src/lib/checkout.ts';
import { giveErrors, reviseErrors, type LocalProblem } from '../../../src/lib/checkout-errors.ts';

const blank: CheckoutForm = {
  plate: '',
  method: 'install',
  storeId: '',
  date: '',
  time: '',
  address: { recipient: '', phone: '', line1: '', line2: '', postcode: '', city: '', state: '' },
  contact: { name: 'Nur Aisyah', phone: '0123456789', email: '' },
  notes: '',
  couponCode: '',
};

/** Each problem by its kind and key, so the test reads what the page would say. */
const words = (p: LocalProblem) => (p.kind === 'elsewhere' ? `${p.params.postcode} in ${p.params.postcodeState}, not ${p.params.state}` : p.kind === 'rule' ? p.key : p.kind);
const messages = (form: CheckoutForm, given: Record<string, string>) => Object.fromEntries(Object.entries(reviseErrors(giveErrors(given, blank, 'v'), form, 'v', words)).map(([k, s]) => [k, s.message]));

describe('the checkout’s messages as the customer types', () => {
  it('go as soon as their field is right', () => {
    const given = { carPlate: 'required', storeId: 'required', appointment: 'chooseTime' };
    expect(messages({ ...blank, plate: 'WXY 1234', storeId: 'ss2' }, given)).toEqual({ appointment: 'chooseTime' });
    expect(messages({ ...blank, plate: 'WXY 1234', storeId: 'ss2', date: '2026-12-01', time: '09:00' }, given)).toEqual({});
  });

  it('about the plate go when the method changes to one that asks no plate', () => {
    expect(messages({ ...blank, method: 'pickup', storeId: 'ss2' }, { carPlate: 'required', storeId: 'required' })).toEqual({});
    expect(messages({ ...blank, method: 'mail' }, { carPlate: 'plate.invalid' })).toEqual({});
  });

  it('about the variant go once it is chosen', () => {
    const given = giveErrors({ variantId: 'Choose your car’s variant first' }, blank, '');
    expect(reviseErrors(given, blank, '', words)).toEqual(given);
    expect(reviseErrors(given, blank, 'perodua-myvi-1.5-av-2022', words)).toEqual({});
  });

  it('say what is wrong now while the field is still wrong', () => {
    expect(messages({ ...blank, plate: '12-AB-34' }, { carPlate: 'required' })).toEqual({ carPlate: 'plate.invalid' });
  });

  it('stay while their field is as it was, and go once it changes when only the server could tell', () => {
    expect(messages({ ...blank, plate: 'WXY 1234' }, { notes: 'Notes can be at most 500 characters.' })).toEqual({ notes: 'Notes can be at most 500 characters.' });
    expect(messages({ ...blank, notes: 'shorter' }, { notes: 'Notes can be at most 500 characters.' })).toEqual({});
  });

  it('name a postcode of another state as soon as both are filled, and drop it when either is right', () => {
    const mail: CheckoutForm = { ...blank, method: 'mail', address: { ...blank.address, postcode: '88300', state: 'Selangor' } };
    expect(messages(mail, {})).toEqual({ 'address.postcode': '88300 in Sabah, not Selangor' });
    const shown = reviseErrors({}, mail, 'v', words);
    expect(reviseErrors(shown, { ...mail, address: { ...mail.address, state: 'Sabah' } }, 'v', words)).toEqual({});
    expect(reviseErrors(shown, { ...mail, address: { ...mail.address, postcode: '47301' } }, 'v', words)).toEqual({});
    // Not yet both: nothing is said.
    expect(messages({ ...mail, address: { ...mail.address, state: '' } }, {})).toEqual({});
  });
});
