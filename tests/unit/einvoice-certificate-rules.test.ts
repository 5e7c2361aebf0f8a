import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkSigningCertificate, normaliseRegistrationNumber } from '../../server/providers/einvoice/certificate-rules.ts';
import { certificateLine, certificateStatus, checkShopSigningCertificate } from '../../server/providers/einvoice/signing-certificate.ts';
import { derBits, derChildren, derOid, derString, readDer } from '../../server/providers/einvoice/der.ts';

const demoPem = readFileSync(new URL('../../server/providers/einvoice/demo/demo-signing-cert.pem', import.meta.url), 'utf8');
const demoCaPem = readFileSync(new URL('../../server/providers/einvoice/demo/demo-ca-cert.pem', import.meta.url), 'utf8');
const broken = (name: string) => readFileSync(new URL(`./fixtures/einvoice/certificates/${name}.pem`, import.meta.url), 'utf8');
const demoSeller = JSON.parse(readFileSync(new URL('../../content/seller.json', import.meta.url), 'utf8')) as { tin: string; ssmNo: string };
const seller = { tin: demoSeller.tin, brn: demoSeller.ssmNo };
const at = new Date('2026-11-27T08:00:00Z');
const codes = (pem: string, when = at, production = true) => checkSigningCertificate(pem, seller, when, { production }).problems.map((p) => p.code);

describe('the signing certificate against LHDN’s rules', () => {
  test('the demo certificate passes every rule for the demo seller, even in production terms', () => {
    const check = checkSigningCertificate(demoPem, seller, at, { production: true });
    expect(check.problems).toEqual([]);
    expect(check.warnings).toEqual([]);
    expect(check.expiresAt.toISOString()).toBe('2044-12-31T23:59:59.000Z');
    expect(check.daysLeft).toBe(6609);
  });

  test('its validity starts on a fixed day in the past, so no test depends on the day it was made', () => {
    expect(codes(demoPem, new Date('2025-01-01T00:00:00Z'))).toEqual([]);
  });

  test('DS307: a certificate without an organisation identifier', () => {
    const check = checkSigningCertificate(broken('no-organisation-identifier'), seller, at);
    expect(check.problems).toEqual([{ code: 'DS307', message: expect.stringMatching(/^OI is empty in the certificate/) }]);
  });

  test('DS311: the organisation identifier is another TIN', () => {
    const check = checkSigningCertificate(broken('other-organisation-identifier'), seller, at);
    expect(check.problems).toEqual([{ code: 'DS311', message: expect.stringContaining('C25845632020 is not the seller’s TIN C00000000000') }]);
  });

  test('DS311: the demo certificate signing for another seller', () => {
    expect(codes(demoPem, at, false)).toEqual([]);
    expect(checkSigningCertificate(demoPem, { tin: 'C25845632020', brn: '202001234567' }, at).problems.map((p) => p.code)).toEqual(['DS311', 'DS312']);
  });

  test('DS312: the subject serialNumber is missing or another registration number', () => {
    expect(codes(broken('no-serial-number'))).toEqual(['DS312']);
    const check = checkSigningCertificate(broken('other-serial-number'), seller, at);
    expect(check.problems).toEqual([{ code: 'DS312', message: expect.stringContaining('serialNumber 202001234567 is not the seller’s BRN') }]);
  });

  test('the BRN is compared as SSM writes it: the old number in brackets aside', () => {
    expect(normaliseRegistrationNumber('201901234567 (1234567-X)')).toBe('201901234567');
    expect(codes(demoPem, at)).toEqual([]);
    expect(checkSigningCertificate(demoPem, { tin: seller.tin, brn: '000000000001' }, at).problems.map((p) => p.code)).toEqual(['DS312']);
  });

  test('DS309: no Non-Repudiation key usage', () => {
    const check = checkSigningCertificate(broken('no-non-repudiation'), seller, at);
    expect(check.problems).toEqual([{ code: 'DS309', message: expect.stringContaining('Non-Repudiation') }]);
  });

  test('DS309: no Document Signing extended key usage', () => {
    const check = checkSigningCertificate(broken('no-document-signing'), seller, at);
    expect(check.problems).toEqual([{ code: 'DS309', message: expect.stringContaining('Document Signing extended key usage (1.3.6.1.4.1.311.10.3.12)') }]);
  });

  test('a CA certificate has neither usage', () => {
    expect(codes(demoCaPem, at, false)).toEqual(['DS307', 'DS312', 'DS309', 'DS309']);
  });

  test('self-signed: a problem in production only', () => {
    expect(codes(broken('self-signed'), at, true)).toEqual(['CERT-SELF-SIGNED']);
    expect(codes(broken('self-signed'), at, false)).toEqual([]);
  });

  test('not valid yet, expired, and expiring within 30 days (a warning, still no problem)', () => {
    expect(codes(demoPem, new Date('2024-12-31T23:59:59Z'))).toEqual(['CERT-NOT-YET-VALID']);
    const expired = checkSigningCertificate(demoPem, seller, new Date('2045-01-01T00:00:00Z'));
    expect(expired.problems.map((p) => p.code)).toEqual(['CERT-EXPIRED']);
    expect(expired.daysLeft).toBe(-1);
    const soon = checkSigningCertificate(demoPem, seller, new Date('2044-12-11T23:59:59Z'));
    expect(soon.problems).toEqual([]);
    expect(soon.daysLeft).toBe(20);
    expect(soon.warnings).toEqual([{ code: 'CERT-EXPIRES-SOON', message: expect.stringContaining('in 20 days') }]);
    expect(checkSigningCertificate(demoPem, seller, new Date('2044-11-30T23:59:59Z')).warnings).toEqual([]);
  });

  test('what is no certificate is one problem, not a crash', () => {
    const check = checkSigningCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', seller, at);
    expect(check.problems.map((p) => p.code)).toEqual(['CERT-UNREADABLE']);
  });
});

describe('the DER reader', () => {
  test('reads lengths, OIDs, strings and named bits', () => {
    // SEQUENCE { OID 2.5.4.97, UTF8String "C0", BIT STRING 0b011 (unused 5) }
    const bytes = Uint8Array.from([0x30, 0x0d, 0x06, 0x03, 0x55, 0x04, 0x61, 0x0c, 0x02, 0x43, 0x30, 0x03, 0x02, 0x05, 0x60]);
    const [oid, text, bits] = derChildren(readDer(bytes));
    expect(derOid(oid!)).toBe('2.5.4.97');
    expect(derString(text!)).toBe('C0');
    expect(derBits(bits!)).toEqual([false, true, true]);
    expect(derOid(readDer(Uint8Array.from([0x06, 0x0a, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x0a, 0x03, 0x0c])))).toBe('1.3.6.1.4.1.311.10.3.12');
  });

  test('long-form lengths and a BMPString', () => {
    const content = new Uint8Array(200).fill(0x41);
    const long = readDer(Uint8Array.from([0x04, 0x81, 0xc8, ...content]));
    expect(long.content.length).toBe(200);
    expect(derString(readDer(Uint8Array.from([0x1e, 0x04, 0x6c, 0x11, 0x00, 0x41])))).toBe('民A');
  });

  test('refuses an element that runs past the end', () => {
    expect(() => readDer(Uint8Array.from([0x30, 0x05, 0x00]))).toThrow(/runs past the end/);
  });
});

describe('the shop’s certificate as a start, the console and /readyz tell it', () => {
  const demoSellerDetails = { tin: demoSeller.tin, ssmNo: demoSeller.ssmNo };
  const fixturePath = (name: string) => new URL(`./fixtures/einvoice/certificates/${name}.pem`, import.meta.url).pathname;

  test('the local double’s demo certificate: ok', () => {
    expect(certificateStatus(checkShopSigningCertificate(demoSellerDetails, at, {}))).toEqual({ state: 'ok', expiresAt: '2044-12-31T23:59:59.000Z', daysLeft: 6609, problems: [], warnings: [] });
  });

  test('myinvois without MYINVOIS_CERT_PATH, or with a file that is not there: one problem naming the variable', () => {
    expect(checkShopSigningCertificate(demoSellerDetails, at, { EINVOICE_PROVIDER: 'myinvois' }).problems).toEqual([{ code: 'CERT-MISSING', message: expect.stringContaining('MYINVOIS_CERT_PATH is not set') }]);
    expect(checkShopSigningCertificate(demoSellerDetails, at, { EINVOICE_PROVIDER: 'myinvois', MYINVOIS_CERT_PATH: '/nowhere.pem' }).problems).toEqual([{ code: 'CERT-UNREADABLE', message: expect.stringContaining('/nowhere.pem') }]);
  });

  test('a self-signed certificate is a problem with myinvois in production only', () => {
    const env = { EINVOICE_PROVIDER: 'myinvois', MYINVOIS_CERT_PATH: fixturePath('self-signed') };
    expect(checkShopSigningCertificate(demoSellerDetails, at, env).problems).toEqual([]);
    expect(checkShopSigningCertificate(demoSellerDetails, at, { ...env, NODE_ENV: 'production' }).problems.map((p) => p.code)).toEqual(['CERT-SELF-SIGNED']);
  });

  test('/readyz’s line: ok, expires in N days, or the problems', () => {
    const line = (when: Date, env: Record<string, string> = {}) => certificateLine(certificateStatus(checkShopSigningCertificate(demoSellerDetails, when, env)));
    expect(line(at)).toBe('ok');
    expect(line(new Date('2044-12-11T23:59:59Z'))).toBe('expires in 20 days (2044-12-31T23:59:59.000Z)');
    expect(line(at, { MYINVOIS_CERT_PATH: fixturePath('other-organisation-identifier') })).toMatch(/^DS311 signer of the document does not match its submitter/);
  });
});
