import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { sellerRefusal, type SellerDetails } from '../../server/modules/seller/details.ts';

const shipped = JSON.parse(readFileSync(new URL('../../content/seller.json', import.meta.url), 'utf8')) as SellerDetails;

describe('sellerRefusal: what stops any start', () => {
  test('complete details (the demo ones too: production refuses those on its own) start', () => {
    expect(sellerRefusal(shipped)).toBeNull();
  });

  test('one missing or blank field: one line naming it', () => {
    expect(sellerRefusal({ ...shipped, tin: '  ' })).toBe('Refusing to start: the seller\'s tax identification number (TIN) ("tin") is missing or blank in content/seller.json');
  });

  test('several: still one line, naming each', () => {
    const { sstNo: _sst, ...rest } = shipped;
    expect(sellerRefusal({ ...rest, email: '' })).toBe(
      'Refusing to start: the seller\'s SST registration number ("sstNo"), e-mail ("email") are missing or blank in content/seller.json',
    );
  });

  test('no file at all', () => {
    expect(sellerRefusal(null)).toMatch(/^Refusing to start: content\/seller\.json is missing: /);
  });
});

describe('sellerRefusal: the postal address e-invoices file', () => {
  test('missing: one line naming it', () => {
    const { postalAddress: _address, ...rest } = shipped;
    expect(sellerRefusal(rest)).toMatch(/postal address \("postalAddress": line1, postcode, city, state\) is missing in content\/seller\.json$/);
  });

  test('a state LHDN does not know, or a postcode of another state', () => {
    expect(sellerRefusal({ ...shipped, postalAddress: { ...shipped.postalAddress, state: 'Kuala Lumpur' as never } })).toMatch(/\("postalAddress\.state"\) "Kuala Lumpur" is not one of LHDN's/);
    expect(sellerRefusal({ ...shipped, postalAddress: { ...shipped.postalAddress, postcode: '10000' } })).toMatch(/\("postalAddress\.postcode"\) "10000" is not a postcode of Wilayah Persekutuan Kuala Lumpur/);
  });
});
