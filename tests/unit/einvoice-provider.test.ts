import { describe, expect, test } from 'vitest';
import { einvoiceProviderFromEnv, LOCAL_PORTAL_PATH, portalFor } from '../../server/providers/einvoice/provider.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { SELLER_TIN, ublDocument } from './myinvois-fixtures.ts';

/** EINVOICE_PROVIDER chooses the local double (the default, with the doubles handed in) or LHDN's MyInvois. */

const doubles = createDoubles({});

const myinvoisEnv = {
  MYINVOIS_BASE_URL: 'https://preprod-api.myinvois.hasil.gov.my',
  MYINVOIS_CLIENT_ID: 'client-id',
  MYINVOIS_CLIENT_SECRET: 'client-secret',
  MYINVOIS_CERT_PATH: '/secrets/shop-cert.pem',
  MYINVOIS_KEY_PATH: '/secrets/shop-key.pem',
};

describe('local', () => {
  test('answers with the double in this process, its client acting for the seller', async () => {
    const provider = einvoiceProviderFromEnv('local', { sellerTin: SELLER_TIN, validationDelayMs: 0 }, {}, doubles);
    expect(provider.portalBase).toBe(LOCAL_PORTAL_PATH);
    expect(provider.signing.certPath).toMatch(/demo-signing-cert\.pem$/);
    const submitted = await provider.client.submit([{ codeNumber: 'INV-1', text: JSON.stringify(ublDocument({ id: 'INV-1', issuedAt: Date.now() - 60_000 })) }]);
    expect(submitted.ok).toBe(true);
    const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
    const done = await provider.client.pollUntilDone(uid, { intervalMs: 5 });
    expect(done.ok && done.value.documents[0]!.status).toBe('Valid');
  });

  test('refuses documents of another supplier than the seller', async () => {
    const provider = einvoiceProviderFromEnv('local', { sellerTin: 'C30000000000', validationDelayMs: 0 }, {}, doubles);
    const submitted = await provider.client.submit([{ codeNumber: 'INV-1', text: JSON.stringify(ublDocument({ issuedAt: Date.now() - 60_000 })) }]);
    expect(submitted.ok && submitted.value[0]!.rejected[0]!.error.code).toBe('IncorrectSubmitter');
  });

  test('without the doubles (a production start) it is refused, naming how to get it', () => {
    expect(() => einvoiceProviderFromEnv('local', { sellerTin: SELLER_TIN }, {})).toThrow(/^EINVOICE_PROVIDER=local \(the MyInvois double\) is served by a double .* npm start \(dev\/start.ts\)/);
  });
});

describe('myinvois', () => {
  test('names each missing variable', () => {
    expect(() => einvoiceProviderFromEnv('myinvois', { sellerTin: SELLER_TIN }, { ...myinvoisEnv, MYINVOIS_CLIENT_SECRET: '', MYINVOIS_KEY_PATH: undefined })).toThrow(
      'EINVOICE_PROVIDER=myinvois needs MYINVOIS_CLIENT_SECRET, MYINVOIS_KEY_PATH',
    );
  });

  test('takes LHDN’s portal for its API host, or MYINVOIS_PORTAL_URL', () => {
    const provider = einvoiceProviderFromEnv('myinvois', { sellerTin: SELLER_TIN }, myinvoisEnv);
    expect(provider).toMatchObject({ name: 'myinvois', portalBase: 'https://preprod.myinvois.hasil.gov.my', signing: { certPath: '/secrets/shop-cert.pem', keyPath: '/secrets/shop-key.pem' } });
    expect(portalFor('https://api.myinvois.hasil.gov.my')).toBe('https://myinvois.hasil.gov.my');
    expect(() => einvoiceProviderFromEnv('myinvois', { sellerTin: SELLER_TIN }, { ...myinvoisEnv, MYINVOIS_BASE_URL: 'https://myinvois.example' })).toThrow(/MYINVOIS_PORTAL_URL/);
    expect(einvoiceProviderFromEnv('myinvois', { sellerTin: SELLER_TIN }, { ...myinvoisEnv, MYINVOIS_BASE_URL: 'https://myinvois.example', MYINVOIS_PORTAL_URL: 'https://portal.example/' }).portalBase).toBe('https://portal.example');
  });

  test('an unknown provider name is refused', () => {
    expect(() => einvoiceProviderFromEnv('lhdn', { sellerTin: SELLER_TIN }, {})).toThrow('Unknown EINVOICE_PROVIDER "lhdn": use local or myinvois');
  });
});
