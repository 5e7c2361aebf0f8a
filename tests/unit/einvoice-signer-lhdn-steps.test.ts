import { describe, expect, test } from 'vitest';
import { serializeDocument, signDocument, verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { loadSigningCertificate } from '../../server/providers/einvoice/signing-certificate.ts';
import { buildConsolidatedInvoice, buildCreditNote, buildInvoice, buildRefundNote, type EinvoiceOrderInput, type UblDocument } from '../../server/providers/einvoice/ubl/index.ts';
import { orderLine, seller } from './einvoice-fixtures.ts';
import { allSteps, lhdnSignatureSteps, transformed } from './lhdn-signing-steps.ts';

/**
 * The shop's signer held against LHDN's signature steps as written in the check beside this
 * test (tests/unit/lhdn-signing-steps.ts), which shares no code with the signer or its
 * verifier and passes LHDN's own signed samples (einvoice-lhdn-samples.test.ts).
 */

const signer = loadSigningCertificate({});
const signingTime = new Date('2026-11-25T01:31:00Z');
const original = { uuid: 'F9D425P6DS7D8IU4DR5MDCLK10', documentNo: 'INV-2026-000123' };

const order: EinvoiceOrderInput = {
  documentNo: 'INV-2026-000123',
  issuedAt: new Date('2026-11-25T01:30:00Z'),
  seller,
  orderNo: 'SV261125048113',
  buyer: { type: 'individual', name: 'Tan Mei Ling', idType: 'NRIC', idValue: '900101145566', phone: '+60123456789', address: seller.address },
  lines: [orderLine('Michelin Primacy 4 205/55R16', 38_000, 2_500, 4), orderLine('Bosch Aerotwin 24" wiper', 5_900, 0, 1)],
  deliveryFeeSen: 1_500,
  payment: { method: 'card', cardType: 'debit', paidAt: new Date('2026-11-25T01:20:00Z'), reference: 'pay_Q1w2E3r4T5y6U7', amountSen: 178_400 },
};

/** Names in Chinese and Malay, and typographic punctuation (– “ ” ’) in names and lines. */
const multilingual: EinvoiceOrderInput = {
  ...order,
  documentNo: 'INV-2026-000124',
  buyer: {
    type: 'individual',
    name: '陈美玲 (Nur Aisyah binti Abdul Rahman)',
    idType: 'NRIC',
    idValue: '900101145566',
    phone: '+60123456789',
    address: { line1: 'No. 8, Jalan Bukit Bintang – Lot “B”', line2: 'Taman Melawati’s Court', postcode: '53100', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' },
  },
  lines: [orderLine('米其林轮胎 Primacy 4 205/55R16 – 安装', 38_000, 2_500, 4), orderLine('Pengelap cermin “Aerotwin” 24″ – pemandu’s side', 5_900, 0, 1)],
};

const documents: [string, UblDocument][] = [
  ['invoice', buildInvoice(order)],
  ['credit note', buildCreditNote({ ...order, documentNo: 'CN-2026-000007', original, lines: [order.lines[1]!], deliveryFeeSen: 0 })],
  ['refund note', buildRefundNote({ ...order, documentNo: 'RN-2026-000007', original, lines: [order.lines[1]!], deliveryFeeSen: 0 })],
  [
    'consolidated invoice',
    buildConsolidatedInvoice({
      documentNo: 'CON-2026-11',
      issuedAt: new Date('2026-12-02T01:00:00Z'),
      seller,
      month: '2026-11',
      receipts: [
        { receiptNo: 'SV261101000104', partsSen: 5_900, labourSen: 0, serviceTaxSen: 0, totalSen: 6_900, deliveryFeeSen: 1_000 },
        { receiptNo: 'SV261109000110', partsSen: 0, labourSen: 8_000, serviceTaxSen: 640, totalSen: 8_640 },
      ],
    }),
  ],
  ['invoice with Chinese and Malay names and typographic punctuation', buildInvoice(multilingual)],
];

describe.each(documents)('the shop’s signed %s', (_kind, unsigned) => {
  const text = serializeDocument(signDocument(unsigned, signer, signingTime));

  test('passes every one of LHDN’s signature steps, checked independently', () => {
    expect(lhdnSignatureSteps(text)).toEqual(allSteps);
  });

  test('its digest covers exactly the document as built, without UBLExtensions and Signature', () => {
    expect(transformed(text)).toBe(JSON.stringify(unsigned));
  });

  test('and the shop’s verifier agrees', () => {
    expect(verifyDocumentSignature(text)).toEqual({ ok: true });
  });

  test('one byte changed in its content fails the independent check', () => {
    const at = text.indexOf('"IssueDate":[{"_":"') + '"IssueDate":[{"_":"'.length + 3;
    const changed = text.slice(0, at) + (text[at] === '7' ? '8' : '7') + text.slice(at + 1);
    expect(lhdnSignatureSteps(changed)).toMatchObject({ docDigest: false, signature: false });
  });
});

describe('a document with Chinese and Malay text', () => {
  const text = serializeDocument(signDocument(buildInvoice(multilingual), signer, signingTime));

  test('keeps its characters as UTF-8, not escaped, and is signed over those bytes', () => {
    for (const words of ['陈美玲 (Nur Aisyah binti Abdul Rahman)', '米其林轮胎 Primacy 4 205/55R16 – 安装', 'Jalan Bukit Bintang – Lot “B”', 'pemandu’s side']) expect(text).toContain(words);
    expect(text).not.toMatch(/\\u[0-9a-f]{4}/i);
  });

  test('a name changed by one character after signing is caught', () => {
    expect(lhdnSignatureSteps(text.replace('陈美玲', '陈美龄'))).toMatchObject({ docDigest: false, signature: false });
    expect(verifyDocumentSignature(text.replace('“B”', '"B"')).ok).toBe(false);
  });
});
