import { documentHash, serializeDocument, signDocument } from '../providers/einvoice/signature.ts';
import { loadSigningCertificate, type LoadedSigningCertificate } from '../providers/einvoice/signing-certificate.ts';
import type { UblDocument } from '../providers/einvoice/ubl/index.ts';

/**
 * Signs an e-invoice document with the shop's certificate (MYINVOIS_CERT_PATH/KEY_PATH, or the
 * demo pair for the local double), read once per process: the text to store and submit, and
 * its hash, exactly as MyInvois will recompute it.
 */

let certificate: LoadedSigningCertificate | undefined;

function signer(): LoadedSigningCertificate {
  certificate ??= loadSigningCertificate();
  return certificate;
}

export function signedText(doc: UblDocument, signingTime: Date = new Date()): { documentText: string; documentHash: string } {
  const text = serializeDocument(signDocument(doc, signer(), signingTime));
  return { documentText: text, documentHash: documentHash(text) };
}
