import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkSigningCertificate } from '../../server/providers/einvoice/certificate-rules.ts';
import { documentHash, serializeDocument, signDocument, verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { loadSigningCertificate } from '../../server/providers/einvoice/signing-certificate.ts';
import { buildInvoice } from '../../server/providers/einvoice/ubl/index.ts';
import { orderLine, signingSeller as seller } from './einvoice-fixtures.ts';
import { allSteps, lhdnSignatureSteps } from './lhdn-signing-steps.ts';

type Node = Record<string, any>;

const fixture = (name: string) => new URL(`./fixtures/einvoice/${name}`, import.meta.url);
const demo = loadSigningCertificate({});
const other = loadSigningCertificate({ MYINVOIS_CERT_PATH: fixture('other-signing-cert.pem').pathname, MYINVOIS_KEY_PATH: fixture('other-signing-key.pem').pathname });
const demoPem = readFileSync(new URL('../../server/providers/einvoice/demo/demo-signing-cert.pem', import.meta.url));
const signingTime = new Date('2026-11-25T01:31:00Z');

const unsigned = buildInvoice({
  documentNo: 'INV-2026-000123',
  issuedAt: new Date('2026-11-25T01:30:00Z'),
  seller,
  orderNo: 'SV261125048113',
  buyer: { type: 'individual', name: 'Tan Mei Ling', idType: 'NRIC', idValue: '900101145566', phone: '+60123456789', address: seller.address },
  lines: [orderLine('Michelin Primacy 4 205/55R16', 38_000, 2_500, 4)],
});
const signed = signDocument(unsigned, demo, signingTime);
const signatureOf = (doc: Node) => doc.Invoice[0].UBLExtensions[0].UBLExtension[0].ExtensionContent[0].UBLDocumentSignatures[0].SignatureInformation[0].Signature[0];

describe('signing a document as MyInvois asks', () => {
  test('a signed document passes LHDN’s signature steps, checked without the shop’s own code', () => {
    expect(lhdnSignatureSteps(serializeDocument(signed))).toEqual(allSteps);
    expect(lhdnSignatureSteps(serializeDocument(signDocument(unsigned, other, signingTime)))).toEqual(allSteps);
  });

  test('a signed document verifies, as text and as an object, and against its certificate', () => {
    expect(verifyDocumentSignature(serializeDocument(signed))).toEqual({ ok: true });
    expect(verifyDocumentSignature(signed, demoPem)).toEqual({ ok: true });
  });

  test('the signature sits in UBLExtensions with the certificate, and cac:Signature names it', () => {
    const invoice = signed.Invoice[0] as Node;
    expect(invoice.Signature[0].ID[0]._).toBe('urn:oasis:names:specification:ubl:signature:Invoice');
    const signature = signatureOf(signed);
    expect(signature.KeyInfo[0].X509Data[0].X509Certificate[0]._).toBe(demo.certificate.raw.toString('base64'));
    expect(signature.KeyInfo[0].X509Data[0].X509SubjectName[0]._).toMatch(/^serialNumber=000000000000, .*CN=Servauto DEMO e-invoice signing, .*C=MY$/);
    const cert = signature.Object[0].QualifyingProperties[0].SignedProperties[0].SignedSignatureProperties[0];
    expect(cert.SigningTime[0]._).toBe('2026-11-25T01:31:00Z');
    expect(cert.SigningCertificate[0].Cert[0].IssuerSerial[0].X509SerialNumber[0]._).toBe(BigInt(`0x${demo.certificate.serialNumber}`).toString());
    expect(signature.SignedInfo[0].Reference.map((r: Node) => r.URI)).toEqual(['#id-xades-signed-props', '']);
  });

  test('an amount changed after signing fails, saying the document changed', () => {
    const tampered = structuredClone(signed) as Node;
    tampered.Invoice[0].LegalMonetaryTotal[0].PayableAmount[0]._ = 1.0;
    const check = verifyDocumentSignature(tampered as typeof signed);
    expect(check.ok).toBe(false);
    expect(check).toMatchObject({ reason: expect.stringMatching(/document changed after it was signed/) });
  });

  test('a digest recomputed over a changed document still fails: the RSA signature does not match', () => {
    const tampered = structuredClone(signed) as Node;
    tampered.Invoice[0].LegalMonetaryTotal[0].PayableAmount[0]._ = 1.0;
    const resigned = signDocument(tampered as typeof signed, demo, signingTime) as Node;
    signatureOf(tampered).SignedInfo[0].Reference[1].DigestValue = signatureOf(resigned).SignedInfo[0].Reference[1].DigestValue;
    expect(verifyDocumentSignature(tampered as typeof signed)).toMatchObject({ ok: false, reason: expect.stringMatching(/signature value does not verify/) });
  });

  test('a document signed with another certificate fails when the shop’s is expected', () => {
    const theirs = signDocument(unsigned, other, signingTime);
    expect(verifyDocumentSignature(theirs)).toEqual({ ok: true });
    expect(verifyDocumentSignature(theirs, demoPem)).toMatchObject({ ok: false, reason: expect.stringMatching(/another certificate/) });
  });

  test('another certificate put in place of the signer’s fails', () => {
    const swapped = structuredClone(signed) as Node;
    signatureOf(swapped).KeyInfo[0].X509Data[0].X509Certificate[0]._ = other.certificate.raw.toString('base64');
    expect(verifyDocumentSignature(swapped as typeof signed).ok).toBe(false);
  });

  test('changed signed properties fail', () => {
    const tampered = structuredClone(signed) as Node;
    signatureOf(tampered).Object[0].QualifyingProperties[0].SignedProperties[0].SignedSignatureProperties[0].SigningTime[0]._ = '2026-11-20T00:00:00Z';
    expect(verifyDocumentSignature(tampered as typeof signed)).toMatchObject({ ok: false, reason: expect.stringMatching(/signed properties/) });
  });

  test('an unsigned document fails', () => {
    expect(verifyDocumentSignature(unsigned).ok).toBe(false);
    expect(verifyDocumentSignature('not json').ok).toBe(false);
  });
});

describe('digests', () => {
  test('signing the same document at the same moment gives the same bytes', () => {
    expect(serializeDocument(signDocument(unsigned, demo, signingTime))).toBe(serializeDocument(signed));
  });

  test('the document digest covers the document without UBLExtensions and Signature: signing later changes only the signed properties', () => {
    const later = signDocument(unsigned, demo, new Date('2026-11-25T02:00:00Z'));
    const references = (doc: Node) => signatureOf(doc).SignedInfo[0].Reference.map((r: Node) => r.DigestValue[0]._);
    expect(references(later)[1]).toBe(references(signed)[1]);
    expect(references(later)[0]).not.toBe(references(signed)[0]);
  });

  test('the certificate digest is SHA-256 of its DER bytes', () => {
    const digest = signatureOf(signed).Object[0].QualifyingProperties[0].SignedProperties[0].SignedSignatureProperties[0].SigningCertificate[0].Cert[0].CertDigest[0].DigestValue[0]._;
    expect(Buffer.from(digest, 'base64').toString('hex')).toBe(demo.certificate.fingerprint256.replace(/:/g, '').toLowerCase());
  });

  test('documentHash is SHA-256 in hex of the submitted text', () => {
    expect(documentHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(documentHash(serializeDocument(signed))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the signing certificate', () => {
  test('signs for the seller it was issued to, when it is valid: LHDN’s rules find nothing', () => {
    const supplier = (signed as Node).Invoice[0].AccountingSupplierParty[0].Party[0].PartyIdentification.map((id: Node) => [id.ID[0].schemeID, id.ID[0]._]);
    const ids = Object.fromEntries(supplier) as Record<string, string>;
    expect(checkSigningCertificate(demoPem.toString('utf8'), { tin: ids.TIN!, brn: ids.BRN! }, signingTime)).toMatchObject({ problems: [], warnings: [] });
  });

  test('the demo pair for the local double, by default', () => {
    expect(loadSigningCertificate({}).source).toBe('demo');
    expect(loadSigningCertificate({ EINVOICE_PROVIDER: 'local' }).source).toBe('demo');
    expect(other.source).toBe('configured');
  });

  test('MyInvois without a certificate path names the variable', () => {
    expect(() => loadSigningCertificate({ EINVOICE_PROVIDER: 'myinvois' })).toThrow(/MYINVOIS_CERT_PATH/);
    expect(() => loadSigningCertificate({ EINVOICE_PROVIDER: 'myinvois', MYINVOIS_CERT_PATH: fixture('other-signing-cert.pem').pathname })).toThrow(/MYINVOIS_KEY_PATH/);
  });

  test('a key that is not the certificate’s is refused', () => {
    const demoKey = new URL('../../server/providers/einvoice/demo/demo-signing-key.pem', import.meta.url).pathname;
    expect(() => loadSigningCertificate({ MYINVOIS_CERT_PATH: fixture('other-signing-cert.pem').pathname, MYINVOIS_KEY_PATH: demoKey })).toThrow(/not the key/);
  });
});
