// E-invoices signed per second: build and sign 500 invoices (UBL 2.1 JSON, RSA-SHA256 with the
// demo certificate, the same work as with a real one of the same key size), then verify them
// as the local MyInvois double does. One core, one run: a month's consolidation and a busy
// day's own e-invoices are far below these figures.
import { performance } from 'node:perf_hooks';
import { lineTotal } from '../contract/rules/order-total.ts';
import { serializeDocument, signDocument, verifyDocumentSignature, documentHash } from '../server/providers/einvoice/signature.ts';
import { loadSigningCertificate } from '../server/providers/einvoice/signing-certificate.ts';
import { buildInvoice } from '../server/providers/einvoice/ubl/index.ts';

const DOCUMENTS = 500;
const signer = loadSigningCertificate({ EINVOICE_PROVIDER: 'local' });
const seller = {
  legalName: 'Servauto Sdn. Bhd.',
  tin: 'C25845632020',
  ssmNo: '202001234567',
  sstNo: 'B16-1809-32000012',
  msicCode: '45201',
  address: { line1: 'No. 12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  phone: '+60378801234',
  email: 'billing@servauto.my',
};
const buyer = { type: 'individual', name: 'Tan Mei Ling', idType: 'NRIC', idValue: '900101145566', phone: '+60123456789', address: seller.address };
const line = (description, partsSen, labourSen, quantity) => ({ description, classification: '030', ...lineTotal({ partsSen, labourSen, quantity }, 'install') });

function invoice(i) {
  return buildInvoice({
    documentNo: `INV-2026-${String(i).padStart(6, '0')}`,
    issuedAt: new Date(),
    seller,
    buyer,
    orderNo: `SV261125${String(i).padStart(6, '0')}`,
    lines: [line('Michelin Primacy 4 205/55R16', 38_000, 2_500, 4), line('Wheel alignment', 0, 8_000, 1), line('Bosch Aerotwin 24" wiper', 5_900, 0, 1)],
    discountSen: 2_000,
    discountReason: 'Coupon RAYA20',
    payment: { method: 'fpx', paidAt: new Date(), reference: `FPX${i}` },
  });
}

for (let i = 0; i < 20; i++) verifyDocumentSignature(serializeDocument(signDocument(invoice(i), signer)));

const texts = [];
let started = performance.now();
for (let i = 0; i < DOCUMENTS; i++) {
  const text = serializeDocument(signDocument(invoice(i), signer));
  documentHash(text);
  texts.push(text);
}
const signSeconds = (performance.now() - started) / 1000;

started = performance.now();
for (const text of texts) if (!verifyDocumentSignature(text).ok) throw new Error('a freshly signed document did not verify');
const verifySeconds = (performance.now() - started) / 1000;

const keyBits = signer.privateKey.asymmetricKeyDetails?.modulusLength;
console.log(`\ne-invoices: ${DOCUMENTS} invoices of 4 lines, RSA ${keyBits}-bit, ${(texts[0].length / 1024).toFixed(1)} KB each signed`);
console.log('build + sign + documentHash'.padEnd(30), `${(DOCUMENTS / signSeconds).toFixed(0).padStart(7)} documents/s`, `${((signSeconds * 1000) / DOCUMENTS).toFixed(2).padStart(7)} ms each`);
console.log('verify (digests + RSA)'.padEnd(30), `${(DOCUMENTS / verifySeconds).toFixed(0).padStart(7)} documents/s`, `${((verifySeconds * 1000) / DOCUMENTS).toFixed(2).padStart(7)} ms each`);
