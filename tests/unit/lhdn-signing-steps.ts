import { createHash, createVerify, X509Certificate } from 'node:crypto';

/**
 * A check of a signed MyInvois JSON document written from LHDN's published signature steps
 * alone, sharing no code with the shop's signer or verifier (server/providers/einvoice/
 * signature.ts), so that the two are held against something they did not write themselves:
 *
 * 1. transform: drop UBLExtensions and Signature from the document, minify it;
 * 2. DocDigest: SHA-256 of the minified document, base64;
 * 3. Sig: RSA-SHA256 of the minified document, checked with the certificate's public key;
 * 4. CertDigest: SHA-256 of the certificate's DER bytes, base64;
 * 5. the signed properties: signing time (UTC, `Z`), the certificate digest, issuer and serial;
 * 6. PropsDigest: SHA-256 of the minified QualifyingProperties, base64.
 *
 * It reads the document's text and answers per step, so a test names the step that failed.
 */

type Json = Record<string, unknown>;

export interface StepResults {
  docDigest: boolean;
  signature: boolean;
  certDigest: boolean;
  signingTime: boolean;
  issuerSerial: boolean;
  propsDigest: boolean;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');

/** One level down a path of arrays, always the first element. */
function at(node: unknown, ...path: (string | number)[]): any {
  let here: any = node;
  for (const step of path) {
    if (here === undefined || here === null) return undefined;
    here = typeof step === 'number' ? here[step] : Array.isArray(here) ? here[0]?.[step] : here[step];
  }
  return Array.isArray(here) && here.length === 1 ? here[0] : here;
}

/** Step 1: the document without UBLExtensions and Signature, minified. */
export function transformed(text: string): string {
  const document = JSON.parse(text) as Json;
  const invoice = (document.Invoice as Json[])[0];
  const kept: Json = {};
  for (const key of Object.keys(invoice)) if (key !== 'UBLExtensions' && key !== 'Signature') kept[key] = invoice[key];
  return JSON.stringify({ ...document, Invoice: [kept] });
}

/** The RDNs of a name, written either way round, as a sorted list. */
function rdns(name: string): string[] {
  return name
    .split(/\n|,\s*(?=[A-Za-z.0-9]+=)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .sort();
}

export function lhdnSignatureSteps(text: string): StepResults {
  const document = JSON.parse(text) as Json;
  const invoice = at(document, 'Invoice', 0);
  const signature = at(invoice, 'UBLExtensions', 'UBLExtension', 'ExtensionContent', 'UBLDocumentSignatures', 'SignatureInformation', 'Signature');
  const references = (signature?.SignedInfo?.[0]?.Reference ?? []) as Json[];
  const documentReference = references.find((r) => r.URI === '');
  const propertiesReference = references.find((r) => r.URI === '#id-xades-signed-props');

  const minified = transformed(text);
  const docDigest = at(documentReference, 'DigestValue')?._ === sha256(minified);

  let certificate: X509Certificate | undefined;
  try {
    certificate = new X509Certificate(Buffer.from(at(signature, 'KeyInfo', 'X509Data', 'X509Certificate')._, 'base64'));
  } catch {
    certificate = undefined;
  }
  let signatureOk: boolean;
  try {
    signatureOk = Boolean(certificate) && createVerify('RSA-SHA256').update(minified, 'utf8').verify(certificate!.publicKey, at(signature, 'SignatureValue')._, 'base64');
  } catch {
    signatureOk = false;
  }

  const qualifying = at(signature, 'Object', 'QualifyingProperties');
  const signed = at(qualifying, 'SignedProperties', 'SignedSignatureProperties');
  const cert = at(signed, 'SigningCertificate', 'Cert');
  const certDigest = Boolean(certificate) && at(cert, 'CertDigest', 'DigestValue')?._ === sha256(certificate!.raw);
  const signingTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(at(signed, 'SigningTime')?._ ?? '');
  const issuerName = String(at(cert, 'IssuerSerial', 'X509IssuerName')?._ ?? '');
  const serial = String(at(cert, 'IssuerSerial', 'X509SerialNumber')?._ ?? '');
  const issuerSerial =
    Boolean(certificate) && JSON.stringify(rdns(issuerName)) === JSON.stringify(rdns(certificate!.issuer)) && serial === BigInt(`0x${certificate!.serialNumber}`).toString(10);
  const propsDigest = Boolean(qualifying) && at(propertiesReference, 'DigestValue')?._ === sha256(JSON.stringify(qualifying));

  return { docDigest, signature: signatureOk, certDigest, signingTime, issuerSerial, propsDigest };
}

export const allSteps: StepResults = { docDigest: true, signature: true, certDigest: true, signingTime: true, issuerSerial: true, propsDigest: true };
