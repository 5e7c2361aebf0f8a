import { describe, expect, test } from 'vitest';
import { buyerProblems, type BuyerIdentity } from '../../contract/rules/einvoice-ids.ts';

const person: BuyerIdentity = { type: 'individual', idType: 'NRIC', idValue: '900101-14-5678', address: { postcode: '47300', state: 'Selangor' } };
const company: BuyerIdentity = { type: 'business', tin: 'C20880050010', idType: 'BRN', idValue: '202001234567', sstNo: 'W10-1808-32000123', address: { postcode: '50450', state: 'Wilayah Persekutuan Kuala Lumpur' } };

const keys = (buyer: BuyerIdentity) => buyerProblems(buyer).map((p) => `${p.field}: ${p.key}`);

describe('buyerProblems: what LHDN would refuse, found before sending', () => {
  test('a person with a MyKad and no TIN, a company with TIN, BRN and SST: nothing to say', () => {
    expect(buyerProblems(person)).toEqual([]);
    expect(buyerProblems(company)).toEqual([]);
  });

  test('MyKad: 12 digits starting with a real date of birth (29 February allowed, 30 February not)', () => {
    expect(keys({ ...person, idValue: '000229145678' })).toEqual([]);
    expect(keys({ ...person, idValue: '000230145678' })).toEqual(['buyer.idValue: einvoice.nric']);
    expect(keys({ ...person, idValue: '901301145678' })).toEqual(['buyer.idValue: einvoice.nric']);
    expect(keys({ ...person, idValue: '90010114567' })).toEqual(['buyer.idValue: einvoice.nric']);
  });

  test('BRN: SSM’s 12 digits from a year of registration, or the older number with its letter', () => {
    expect(keys({ ...company, idValue: '1234567-X' })).toEqual([]);
    expect(keys({ ...company, idValue: '1234567' })).toEqual(['buyer.idValue: einvoice.brn']);
    expect(keys({ ...company, idValue: '123401234567' })).toEqual(['buyer.idValue: einvoice.brn']);
    expect(keys({ ...company, idType: 'NRIC', idValue: '900101145678' })).toEqual(['buyer.idType: einvoice.idTypeForBusiness']);
    expect(keys({ ...person, idType: 'BRN', idValue: '202001234567' })).toEqual(['buyer.idType: einvoice.idTypeForIndividual']);
  });

  test('TIN: IG and 9 to 11 digits for a person, a company prefix and digits, LHDN’s general TINs; a business must give one', () => {
    for (const tin of ['IG12345678901', 'IG123456789', 'C20880050010', 'TC1234567890', 'EI00000000010']) expect(keys({ ...person, tin })).toEqual([]);
    for (const tin of ['IG1234', 'X20880050010', '20880050010', 'CC']) expect(keys({ ...person, tin })).toEqual(['buyer.tin: einvoice.tin']);
    expect(keys({ ...company, tin: '' })).toEqual(['buyer.tin: einvoice.tinRequired']);
  });

  test('SST: a registration number or NA for a business; a person may leave it out', () => {
    expect(keys({ ...company, sstNo: 'NA' })).toEqual([]);
    expect(keys({ ...company, sstNo: '' })).toEqual(['buyer.sstNo: einvoice.sstNo']);
    expect(keys({ ...company, sstNo: 'W1!' })).toEqual(['buyer.sstNo: einvoice.sstNo']);
    expect(keys({ ...person, sstNo: undefined })).toEqual([]);
  });

  test('the postcode must be in the state chosen (a border number served from either state passes)', () => {
    expect(keys({ ...person, address: { postcode: '56000', state: 'Selangor' } })).toEqual([]);
    expect(keys({ ...person, address: { postcode: '10000', state: 'Selangor' } })).toEqual(['buyer.address.postcode: einvoice.postcodeState']);
    expect(keys({ ...company, address: { postcode: '10000', state: 'Pulau Pinang' } })).toEqual([]);
  });
});
