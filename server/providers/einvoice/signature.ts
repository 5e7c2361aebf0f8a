import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { UblDocument } from './ubl/document.ts';
import type { UblNode } from './ubl/json.ts';

/**
 * The signature MyInvois asks of a document of version 1.1 (its "signature creation" steps,
 * JSON variant): the document without UBLExtensions and Signature, minified, is hashed
 * (SHA-256, the document digest) and signed with RSA-SHA256; the certificate's SHA-256 digest,
 * issuer and serial go into the signed properties, whose minified form is digested too; all of
 * it is written into UBLExtensions, with a cac:Signature block naming it.
 */

/** The shop's signing certificate and its private key. */
export interface SigningCertificate {
  certificate: X509Certificate;
  privateKey: KeyObject;
}

const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903/v1.3.2#SignedProperties';
const SIGNED_PROPERTIES_ID = 'id-xades-signed-props';
const XADES = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const SIGNATURE_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';

const v = (value: string, attributes: Record<string, string> = {}): [UblNode] => [{ _: value, ...attributes }];
const sha256Base64 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');

/** documentsubmissions' `documentHash`: SHA-256, in hex, of the document text as submitted. */
export function documentHash(jsonText: string): string {
  return createHash('sha256').update(jsonText, 'utf8').digest('hex');
}

/** The text to submit: the document minified, as it was signed. */
export function serializeDocument(document: UblDocument): string {
  return JSON.stringify(document);
}

function withoutSignature(node: UblNode): UblNode {
  const out: UblNode = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'UBLExtensions' && key !== 'Signature') out[key] = value;
  return out;
}

/** The root element's key: Invoice for every type the shop issues (notes are Invoices too). */
function rootKey(document: Record<string, unknown>): string {
  const key = Object.keys(document).find((k) => !k.startsWith('_') && Array.isArray(document[k]));
  if (!key) throw new RangeError('not a UBL JSON document: no root element');
  return key;
}

/** The minified document without UBLExtensions and Signature: what the document digest covers. */
export function canonicalDocumentText(doc: UblDocument | Record<string, unknown>): string {
  const document = doc as Record<string, unknown>;
  const key = rootKey(document);
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(document)) out[k] = k === key ? (value as UblNode[]).map(withoutSignature) : value;
  return JSON.stringify(out);
}

/** `CN=…, O=…, C=MY`: a distinguished name the way MyInvois' samples write it. */
function distinguishedName(name: string): string {
  return name
    .split('\n')
    .reverse()
    .map((part) => part.replace(/,/g, '\\,'))
    .join(', ');
}

interface CertificateFacts {
  digest: string;
  issuer: string;
  subject: string;
  serial: string;
  base64: string;
}

const facts = new WeakMap<X509Certificate, CertificateFacts>();
function certificateFacts(cert: X509Certificate): CertificateFacts {
  let known = facts.get(cert);
  if (!known) {
    known = {
      digest: sha256Base64(cert.raw),
      issuer: distinguishedName(cert.issuer),
      subject: distinguishedName(cert.subject),
      serial: BigInt(`0x${cert.serialNumber}`).toString(10),
      base64: cert.raw.toString('base64'),
    };
    facts.set(cert, known);
  }
  return known;
}

function qualifyingProperties(cert: CertificateFacts, signingTime: Date): UblNode {
  return {
    Target: 'signature',
    SignedProperties: [
      {
        Id: SIGNED_PROPERTIES_ID,
        SignedSignatureProperties: [
          {
            SigningTime: v(`${signingTime.toISOString().slice(0, 19)}Z`),
            SigningCertificate: [
              {
                Cert: [
                  {
                    CertDigest: [{ DigestMethod: v('', { Algorithm: SHA256 }), DigestValue: v(cert.digest) }],
                    IssuerSerial: [{ X509IssuerName: v(cert.issuer), X509SerialNumber: v(cert.serial) }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The signed document: the same content, with UBLExtensions and cac:Signature at its end. */
export function signDocument(document: UblDocument, signer: SigningCertificate, signingTime: Date = new Date()): UblDocument {
  const canonical = canonicalDocumentText(document);
  const documentDigest = sha256Base64(canonical);
  const signatureValue = sign('sha256', Buffer.from(canonical, 'utf8'), signer.privateKey).toString('base64');
  const cert = certificateFacts(signer.certificate);
  const qualifying = qualifyingProperties(cert, signingTime);
  const propertiesDigest = sha256Base64(JSON.stringify(qualifying));
  const issuerSerial = [{ X509IssuerName: v(cert.issuer), X509SerialNumber: v(cert.serial) }];
  const signature: UblNode = {
    Id: 'signature',
    Object: [{ QualifyingProperties: [qualifying] }],
    KeyInfo: [{ X509Data: [{ X509Certificate: v(cert.base64), X509SubjectName: v(cert.subject), X509IssuerSerial: issuerSerial }] }],
    SignatureValue: v(signatureValue),
    SignedInfo: [
      {
        SignatureMethod: v('', { Algorithm: RSA_SHA256 }),
        Reference: [
          { Type: SIGNED_PROPERTIES_TYPE, URI: `#${SIGNED_PROPERTIES_ID}`, DigestMethod: v('', { Algorithm: SHA256 }), DigestValue: v(propertiesDigest) },
          { Type: '', URI: '', DigestMethod: v('', { Algorithm: SHA256 }), DigestValue: v(documentDigest) },
        ],
      },
    ],
  };
  const invoice: UblNode = {
    ...withoutSignature(document.Invoice[0]),
    UBLExtensions: [
      {
        UBLExtension: [
          {
            ExtensionURI: v(XADES),
            ExtensionContent: [
              {
                UBLDocumentSignatures: [
                  {
                    SignatureInformation: [
                      { ID: v('urn:oasis:names:specification:ubl:signature:1'), ReferencedSignatureID: v(SIGNATURE_ID), Signature: [signature] },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    Signature: [{ ID: v(SIGNATURE_ID), SignatureMethod: v(XADES) }],
  };
  return { ...document, Invoice: [invoice] };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** The first `_` of a path of single-element arrays, or undefined. */
function pick(node: unknown, ...path: string[]): unknown {
  let at = node;
  for (const key of path) {
    const next = (at as Record<string, unknown> | undefined)?.[key];
    at = Array.isArray(next) ? next[0] : next;
  }
  return at;
}
const text = (node: unknown, ...path: string[]) => {
  const found = pick(node, ...path) as { _?: unknown } | undefined;
  return typeof found?._ === 'string' ? found._ : undefined;
};

/**
 * Checks a signed document (its text or parsed form): the document digest against its content,
 * the RSA signature with the certificate inside the document, the certificate's digest, issuer
 * and serial, and the signed properties' digest; with `certPem`, also that the document was
 * signed with that certificate. It does NOT check the certificate's chain, validity dates or
 * revocation: LHDN does that against its trusted authorities; the local double cannot.
 */
export function verifyDocumentSignature(document: UblDocument | string, certPem?: string | Buffer): SignatureCheck {
  let parsed: Record<string, unknown>;
  try {
    parsed = typeof document === 'string' ? (JSON.parse(document) as Record<string, unknown>) : (document as unknown as Record<string, unknown>);
    rootKey(parsed);
  } catch {
    return { ok: false, reason: 'the document is not UBL JSON' };
  }
  const root = pick(parsed, rootKey(parsed)) as UblNode;
  if (text(root, 'Signature', 'ID') !== SIGNATURE_ID) return { ok: false, reason: 'the document has no cac:Signature block naming its signature' };
  const signature = pick(root, 'UBLExtensions', 'UBLExtension', 'ExtensionContent', 'UBLDocumentSignatures', 'SignatureInformation', 'Signature') as UblNode | undefined;
  if (!signature) return { ok: false, reason: 'the document carries no signature in UBLExtensions' };

  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(text(signature, 'KeyInfo', 'X509Data', 'X509Certificate') ?? '', 'base64'));
  } catch {
    return { ok: false, reason: 'the certificate in the signature cannot be read' };
  }
  if (certPem !== undefined && !new X509Certificate(certPem).raw.equals(cert.raw)) {
    return { ok: false, reason: 'the document is signed with another certificate than the expected one' };
  }

  const references = ((pick(signature, 'SignedInfo') as UblNode | undefined)?.Reference ?? []) as UblNode[];
  const documentReference = references.find((r) => r.URI === '');
  const propertiesReference = references.find((r) => r.Type === SIGNED_PROPERTIES_TYPE);
  if (!documentReference || !propertiesReference) return { ok: false, reason: 'the signature lacks its document or signed-properties reference' };

  const canonical = canonicalDocumentText(parsed);
  if (text(documentReference, 'DigestValue') !== sha256Base64(canonical)) {
    return { ok: false, reason: 'the document digest does not match: the document changed after it was signed' };
  }
  const signatureValue = Buffer.from(text(signature, 'SignatureValue') ?? '', 'base64');
  if (!verify('sha256', Buffer.from(canonical, 'utf8'), cert.publicKey, signatureValue)) {
    return { ok: false, reason: 'the signature value does not verify with the certificate in the document' };
  }

  const qualifying = pick(signature, 'Object', 'QualifyingProperties') as UblNode | undefined;
  const certNode = pick(qualifying, 'SignedProperties', 'SignedSignatureProperties', 'SigningCertificate', 'Cert');
  const known = certificateFacts(cert);
  if (text(certNode, 'CertDigest', 'DigestValue') !== known.digest) return { ok: false, reason: 'the certificate digest in the signed properties is not the certificate’s' };
  if (text(certNode, 'IssuerSerial', 'X509IssuerName') !== known.issuer || text(certNode, 'IssuerSerial', 'X509SerialNumber') !== known.serial) {
    return { ok: false, reason: 'the issuer or serial number in the signed properties is not the certificate’s' };
  }
  if (text(propertiesReference, 'DigestValue') !== sha256Base64(JSON.stringify(qualifying))) {
    return { ok: false, reason: 'the signed properties digest does not match: they changed after signing' };
  }
  return { ok: true };
}
