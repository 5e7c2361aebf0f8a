import { X509Certificate } from 'node:crypto';
import { derBits, derChildren, derOid, readDer, readX509, type X509Details } from './der.ts';

/**
 * LHDN's rules for the certificate that signs e-invoices, checked before MyInvois does
 * (MyInvois "Signature Validator" codes):
 *  - DS307  the certificate's organisation identifier (OID 2.5.4.97) is empty;
 *  - DS311  the organisation identifier is not the seller's TIN;
 *  - DS312  the subject serialNumber (OID 2.5.4.5) is not the seller's registration number (BRN);
 *  - DS309  the certificate does not fit the ERP submission channel: LHDN's profile for an
 *           organisation's signing certificate asks for the Non-Repudiation key usage and the
 *           Document Signing extended key usage (1.3.6.1.4.1.311.10.3.12);
 * and, without a code of LHDN's own, the validity (at the time given and for the next 30 days:
 * within 30 days it is a warning only) and, in production, a certificate issued by a CA
 * (not self-signed).
 */

export interface CertificateFinding {
  /** LHDN's code (DS…) where LHDN names the rule, else the shop's (CERT-…). */
  code: string;
  message: string;
}

export interface CertificateCheck {
  /** What MyInvois would refuse: a document signed with this certificate would be INVALID. */
  problems: CertificateFinding[];
  /** What is fine today but needs doing soon (the certificate expires within 30 days). */
  warnings: CertificateFinding[];
  /** The certificate's notAfter (an invalid date when the PEM could not be read). */
  expiresAt: Date;
  /** Whole days from `at` to notAfter (negative once expired). */
  daysLeft: number;
}

export interface CheckOptions {
  /** Production: a self-signed certificate is a problem (the demo one is allowed elsewhere). */
  production?: boolean;
  /** Days before notAfter from which an expiry is a warning (30). */
  warnDays?: number;
}

export const OID = {
  organizationIdentifier: '2.5.4.97',
  serialNumber: '2.5.4.5',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  documentSigning: '1.3.6.1.4.1.311.10.3.12',
} as const;

/** KeyUsage named bits (RFC 5280). */
const NON_REPUDIATION_BIT = 1;

const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRY_WARNING_DAYS = 30;

/** How the shop writes a registration number: "201901234567 (1234567-X)" is 201901234567. */
export function normaliseRegistrationNumber(value: string): string {
  return value.replace(/\([^)]*\)/g, '').replace(/[\s-]/g, '').toUpperCase();
}

function normaliseTin(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/** The certificate (PEM or DER) against the seller's TIN and BRN at a time. */
export function checkSigningCertificate(pem: string | Uint8Array, seller: { tin: string; brn: string }, at: Date, options: CheckOptions = {}): CertificateCheck {
  let certificate: X509Certificate;
  let details: X509Details;
  try {
    certificate = new X509Certificate(pem);
    details = readX509(certificate.raw);
  } catch (err) {
    return {
      problems: [{ code: 'CERT-UNREADABLE', message: `the signing certificate cannot be read: ${(err as Error).message}` }],
      warnings: [],
      expiresAt: new Date(Number.NaN),
      daysLeft: Number.NaN,
    };
  }
  const problems: CertificateFinding[] = [];
  const warnings: CertificateFinding[] = [];

  const oi = details.subject.get(OID.organizationIdentifier)?.[0]?.trim() ?? '';
  if (!oi) problems.push({ code: 'DS307', message: 'OI is empty in the certificate: its subject has no organisation identifier (2.5.4.97), which must be the seller’s TIN' });
  else if (normaliseTin(oi) !== normaliseTin(seller.tin)) {
    problems.push({ code: 'DS311', message: `signer of the document does not match its submitter: the certificate’s organisation identifier (OI) ${oi} is not the seller’s TIN ${seller.tin}` });
  }

  const serial = details.subject.get(OID.serialNumber)?.[0]?.trim() ?? '';
  if (normaliseRegistrationNumber(serial) === '' || normaliseRegistrationNumber(serial) !== normaliseRegistrationNumber(seller.brn)) {
    problems.push({
      code: 'DS312',
      message: `submitter registration number does not match the certificate SERIALNUMBER: ${serial ? `the certificate’s serialNumber ${serial}` : 'the certificate has no serialNumber (2.5.4.5)'} is not the seller’s BRN ${seller.brn}`,
    });
  }

  if (!keyUsageBits(details)[NON_REPUDIATION_BIT]) {
    problems.push({ code: 'DS309', message: 'incompatible certificate for the submission channel: it lacks the Non-Repudiation key usage of an organisation’s signing certificate' });
  }
  if (!extendedKeyUsages(details).includes(OID.documentSigning)) {
    problems.push({ code: 'DS309', message: `incompatible certificate for the submission channel: it lacks the Document Signing extended key usage (${OID.documentSigning})` });
  }

  const validFrom = new Date(certificate.validFrom);
  const expiresAt = new Date(certificate.validTo);
  const daysLeft = Math.floor((expiresAt.getTime() - at.getTime()) / DAY_MS);
  const warnDays = options.warnDays ?? EXPIRY_WARNING_DAYS;
  if (at.getTime() < validFrom.getTime()) {
    problems.push({ code: 'CERT-NOT-YET-VALID', message: `the certificate is not valid yet: valid from ${validFrom.toISOString()}` });
  } else if (at.getTime() > expiresAt.getTime()) {
    problems.push({ code: 'CERT-EXPIRED', message: `the certificate expired on ${expiresAt.toISOString()}` });
  } else if (expiresAt.getTime() - at.getTime() < warnDays * DAY_MS) {
    warnings.push({ code: 'CERT-EXPIRES-SOON', message: `the certificate expires on ${expiresAt.toISOString()}, in ${daysLeft} days: renew it before then` });
  }

  if (options.production && isSelfSigned(certificate, details)) {
    problems.push({ code: 'CERT-SELF-SIGNED', message: 'the certificate is self-signed: MyInvois accepts only a certificate issued by a certification authority' });
  }

  return { problems, warnings, expiresAt, daysLeft };
}

/** The KeyUsage bits (all false without the extension). */
function keyUsageBits(details: X509Details): boolean[] {
  const extension = details.extensions.get(OID.keyUsage);
  return extension ? derBits(readDer(extension.value)) : [];
}

/** The extended key usage OIDs (none without the extension). */
function extendedKeyUsages(details: X509Details): string[] {
  const extension = details.extensions.get(OID.extKeyUsage);
  return extension ? derChildren(readDer(extension.value)).map(derOid) : [];
}

function isSelfSigned(certificate: X509Certificate, details: X509Details): boolean {
  if (Buffer.from(details.subjectDer).equals(Buffer.from(details.issuerDer))) return true;
  try {
    return certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}
