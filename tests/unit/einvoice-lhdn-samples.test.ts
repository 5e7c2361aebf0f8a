import { describe, expect, test } from 'vitest';
import { readDocument } from '../../dev/doubles/myinvois/ubl-reader.ts';
import { verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { allSteps, lhdnSignatureSteps } from './lhdn-signing-steps.ts';
import { sampleNames, sampleText, type SampleName } from './myinvois-samples.ts';

/**
 * LHDN's own signed sample documents, read in place: documents someone other than the shop
 * built and signed. The shop's verifier must accept each as published and refuse each after a
 * single changed byte; the shop's UBL reader must read each one's structure.
 */

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The text with one byte changed: the middle character of the `occurrence`-th string value of
 * `key` (`"key": [{"_": "…"}]`, pretty or minified), replaced by another of its kind.
 */
function oneByteChanged(text: string, key: string, occurrence = 0): string {
  const pattern = new RegExp(`"${key}"\\s*:\\s*\\[\\s*\\{\\s*"_"\\s*:\\s*"([^"]+)"`, 'g');
  const match = [...text.matchAll(pattern)][occurrence];
  if (!match) throw new Error(`no string value of ${key} in the sample`);
  const start = match.index! + match[0].length - 1 - match[1].length;
  const at = start + Math.floor(match[1].length / 2);
  const was = text[at]!;
  const alphabet = /[0-9]/.test(was) ? '0123456789' : base64;
  const now = alphabet[(alphabet.indexOf(was) + 1) % alphabet.length] ?? 'X';
  const changed = text.slice(0, at) + now + text.slice(at + 1);
  expect(Buffer.byteLength(changed)).toBe(Buffer.byteLength(text));
  const before = Buffer.from(text);
  expect([...Buffer.from(changed)].filter((b, i) => b !== before[i])).toHaveLength(1);
  return changed;
}

describe.each(sampleNames)('LHDN’s signed sample %s', (name: SampleName) => {
  const text = sampleText(name);

  test('the shop’s verifier accepts it as LHDN published it', () => {
    expect(verifyDocumentSignature(text)).toEqual({ ok: true });
  });

  test('LHDN’s signature steps, checked independently, hold for it', () => {
    expect(lhdnSignatureSteps(text)).toEqual(allSteps);
  });

  test('one byte changed in a signed value (the supplier’s name) is refused: the document changed', () => {
    const changed = oneByteChanged(text, 'RegistrationName');
    expect(verifyDocumentSignature(changed)).toMatchObject({ ok: false, reason: expect.stringMatching(/document changed after it was signed/) });
    expect(lhdnSignatureSteps(changed)).toMatchObject({ docDigest: false, signature: false });
  });

  test('one byte changed in an invoice number is refused', () => {
    expect(verifyDocumentSignature(oneByteChanged(text, 'ID')).ok).toBe(false);
  });

  test('one byte changed in the signature value is refused', () => {
    const changed = oneByteChanged(text, 'SignatureValue');
    expect(verifyDocumentSignature(changed)).toMatchObject({ ok: false, reason: expect.stringMatching(/signature value does not verify/) });
    expect(lhdnSignatureSteps(changed)).toMatchObject({ docDigest: true, signature: false });
  });

  test('one byte changed in the certificate is refused', () => {
    const changed = oneByteChanged(text, 'X509Certificate');
    expect(verifyDocumentSignature(changed).ok).toBe(false);
    expect(lhdnSignatureSteps(changed).certDigest).toBe(false);
  });

  test('one byte changed in the signed properties (the signing time) is refused', () => {
    const changed = oneByteChanged(text, 'SigningTime');
    expect(verifyDocumentSignature(changed)).toMatchObject({ ok: false, reason: expect.stringMatching(/signed properties/) });
    expect(lhdnSignatureSteps(changed).propsDigest).toBe(false);
  });

  test('one byte changed in the document digest is refused', () => {
    expect(verifyDocumentSignature(oneByteChanged(text, 'DigestValue', 0)).ok).toBe(false);
  });
});

describe('the shop’s UBL reader reads each of LHDN’s samples', () => {
  const expected: Record<SampleName, { typeCode: string; buyerTin: string; references: number; classifications: string[] }> = {
    'invoice-1.1.json': { typeCode: '01', buyerTin: "Buyer's TIN", references: 0, classifications: ['003'] },
    'credit-1.1.json': { typeCode: '02', buyerTin: "Buyer's TIN", references: 1, classifications: ['003'] },
    'refund-1.1.json': { typeCode: '04', buyerTin: "Buyer's TIN", references: 1, classifications: ['003'] },
    'consolidated-1.1.json': { typeCode: '01', buyerTin: 'EI00000000010', references: 0, classifications: ['004', '004'] },
    'signed-min.json': { typeCode: '01', buyerTin: "Buyer's TIN", references: 0, classifications: ['003'] },
  };

  test.each(sampleNames)('%s: type, version, parties, lines and totals', (name) => {
    const fields = readDocument(JSON.parse(sampleText(name)));
    const want = expected[name];
    expect(fields.typeCode).toBe(want.typeCode);
    expect(fields.typeVersion).toBe('1.1');
    expect(fields.internalId).toMatch(/^JSON-/);
    expect(fields.issueDate).toBe('2024-07-23');
    expect(fields.issueTime).toBe('00:30:00Z');
    expect(fields.supplier).toMatchObject({ tin: "Supplier's TIN", registration: "Supplier's BRN", name: "Supplier's Name", msic: '46510' });
    expect(fields.buyer.tin).toBe(want.buyerTin);
    expect(fields.referencedUuids).toHaveLength(want.references);
    expect(fields.classifications).toEqual(want.classifications);
    expect(fields.taxTypes.length).toBeGreaterThan(0);
    expect(typeof fields.totals.payable).toBe('number');
    expect(typeof fields.totals.excludingTax).toBe('number');
  });
});
