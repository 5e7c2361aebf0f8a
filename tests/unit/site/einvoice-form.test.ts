import { describe, expect, it } from 'vitest';
import { einvoiceBuyer } from '../../../contract/einvoice.ts';
import { buyerOf, fieldErrors, firstBad, formFieldOf, initialValues, type EinvoiceFormValues } from '../../../src/lib/einvoice-form.ts';
import { klMonth, previousMonth } from '../../../contract/rules/kl-calendar.ts';
import { monthWords } from '../../../src/lib/einvoice-months.ts';

const invoiceBuyer = { name: 'Nur Aisyah binti Ahmad', phone: '+60 12-345 6789', email: 'aisyah.ahmad@gmail.com' };

const individual: EinvoiceFormValues = {
  ...initialValues(invoiceBuyer),
  idValue: '900215-14-5678',
  line1: '  12, Jalan SS 2/24 ',
  postcode: '47300',
  city: 'Petaling Jaya',
  state: 'Selangor',
};

const business: EinvoiceFormValues = {
  ...individual,
  type: 'business',
  name: ' Kedai Runcit Maju Sdn. Bhd. ',
  brn: '202001234567',
  tin: 'c20880050010',
  sstNo: 'w10-1808-32000123',
  line2: 'Taman Bahagia',
};

describe('the e-invoice request form', () => {
  it("starts with the invoice's buyer: name, e-mail and phone, an individual with a MyKad", () => {
    expect(initialValues(invoiceBuyer)).toMatchObject({ type: 'individual', idType: 'NRIC', name: invoiceBuyer.name, email: invoiceBuyer.email, phone: invoiceBuyer.phone, tin: '' });
    expect(initialValues({ ...invoiceBuyer, email: null }).email).toBe('');
  });

  it('finds no problem in complete details, an individual needing no TIN', () => {
    expect(fieldErrors(individual)).toEqual({});
    expect(fieldErrors(business)).toEqual({});
  });

  it('names each empty required field, and only the fields this kind of buyer fills in', () => {
    const empty = { ...initialValues({ name: '', email: null, phone: '' }), type: 'business' as const };
    const errors = fieldErrors(empty);
    expect(errors).toMatchObject({ name: 'required', brn: 'required', tin: 'required', sstNo: 'required', email: 'required', phone: 'required', line1: 'required', postcode: 'required', city: 'required', state: 'required' });
    expect(errors.idValue).toBeUndefined();
    expect(errors.line2).toBeUndefined();
    expect(firstBad(errors)).toBe('name');
    expect(fieldErrors({ ...empty, type: 'individual' })).not.toHaveProperty('sstNo');
  });

  it("puts LHDN's rules (buyerProblems) next to their fields", () => {
    expect(fieldErrors({ ...business, tin: 'X123' })).toEqual({ tin: 'einvoice.tin' });
    expect(fieldErrors({ ...business, brn: '12' })).toEqual({ brn: 'einvoice.brn' });
    expect(fieldErrors({ ...business, sstNo: '??' })).toEqual({ sstNo: 'einvoice.sstNo' });
    expect(fieldErrors({ ...individual, idValue: '901315145678' })).toEqual({ idValue: 'einvoice.nric' });
    expect(fieldErrors({ ...individual, idType: 'PASSPORT', idValue: 'A12' })).toEqual({ idValue: 'einvoice.passport' });
    expect(fieldErrors({ ...individual, tin: 'IG1' })).toEqual({ tin: 'einvoice.tin' });
    // A Penang postcode with Selangor chosen.
    expect(fieldErrors({ ...business, postcode: '10050' })).toEqual({ postcode: 'einvoice.postcodeState' });
    expect(fieldErrors({ ...business, postcode: '4730' })).toEqual({ postcode: 'postcode' });
    expect(fieldErrors({ ...business, email: 'aisyah@' })).toEqual({ email: 'email' });
    // Without a state the postcode cannot be checked: the state is what is missing.
    expect(fieldErrors({ ...business, state: '' })).toEqual({ state: 'required' });
  });

  it('sends a business trimmed, with its BRN as its ID, TIN and SST number in capitals', () => {
    const sent = buyerOf(business);
    expect(sent).toEqual({
      type: 'business',
      name: 'Kedai Runcit Maju Sdn. Bhd.',
      tin: 'C20880050010',
      idType: 'BRN',
      idValue: '202001234567',
      sstNo: 'W10-1808-32000123',
      email: 'aisyah.ahmad@gmail.com',
      phone: '+60 12-345 6789',
      address: { line1: '12, Jalan SS 2/24', line2: 'Taman Bahagia', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
    });
    expect(einvoiceBuyer.safeParse(sent).success).toBe(true);
  });

  it("sends an individual without the optional fields left empty, and never a business's SST number", () => {
    const sent = buyerOf({ ...individual, sstNo: 'W10-1808-32000123', brn: '202001234567' });
    expect(sent).not.toHaveProperty('tin');
    expect(sent).not.toHaveProperty('sstNo');
    expect(sent.address).not.toHaveProperty('line2');
    expect(sent).toMatchObject({ type: 'individual', idType: 'NRIC', idValue: '900215-14-5678' });
    expect(einvoiceBuyer.safeParse(sent).success).toBe(true);
    expect(buyerOf({ ...individual, idType: 'PASSPORT', idValue: ' a1234567 ', tin: ' ig12345678901 ' })).toMatchObject({ idType: 'PASSPORT', idValue: 'a1234567', tin: 'IG12345678901' });
  });

  it("places the server's named field in the form", () => {
    expect(formFieldOf('buyer.tin', 'business')).toBe('tin');
    expect(formFieldOf('buyer.idValue', 'business')).toBe('brn');
    expect(formFieldOf('buyer.idValue', 'individual')).toBe('idValue');
    expect(formFieldOf('buyer.address.postcode', 'individual')).toBe('postcode');
    expect(formFieldOf('orderNo', 'individual')).toBeNull();
  });
});

describe("the console's e-invoice months", () => {
  it('counts the month in Kuala Lumpur, and the one before across a year', () => {
    // 30 Nov 2026, 17:00 UTC is already 1 December in Kuala Lumpur.
    expect(klMonth(new Date('2026-11-30T17:00:00Z'))).toBe('2026-12');
    expect(klMonth(new Date('2026-11-30T15:59:00Z'))).toBe('2026-11');
    expect(previousMonth('2026-12')).toBe('2026-11');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });

  it('names a month in the page language', () => {
    expect(monthWords('2026-11', 'en')).toBe('November 2026');
    expect(monthWords('2026-11', 'zh-cn')).toBe('2026年11月');
    expect(monthWords('2026-11', 'ms')).toBe('November 2026');
  });
});
