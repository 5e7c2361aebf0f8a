import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkSigningCertificate, type CertificateCheck, type CertificateFinding } from './certificate-rules.ts';
import type { EinvoiceProvider } from './provider.ts';
import type { SigningCertificate } from './signature.ts';

const demoFolder = new URL('./demo/', import.meta.url);

/** Where the signing certificate came from: the committed demo pair, or the shop's own. */
export interface LoadedSigningCertificate extends SigningCertificate {
  source: 'demo' | 'configured';
}

/**
 * The shop's signing certificate and key: from MYINVOIS_CERT_PATH and MYINVOIS_KEY_PATH (PEM)
 * when set. Otherwise the committed demo pair, but only for the local double
 * (EINVOICE_PROVIDER `local` or unset): MyInvois would refuse it, so with `myinvois` a
 * missing path is an error naming the variable.
 */
export function loadSigningCertificate(env: Record<string, string | undefined> = process.env): LoadedSigningCertificate {
  const provider = env.EINVOICE_PROVIDER?.trim() || 'local';
  const certPath = env.MYINVOIS_CERT_PATH?.trim();
  const keyPath = env.MYINVOIS_KEY_PATH?.trim();
  if (!certPath && !keyPath) {
    if (provider === 'myinvois') throw new Error('MYINVOIS_CERT_PATH is not set: EINVOICE_PROVIDER=myinvois signs with the shop’s own certificate');
    return { ...readPair(new URL('demo-signing-cert.pem', demoFolder), new URL('demo-signing-key.pem', demoFolder)), source: 'demo' };
  }
  if (!certPath) throw new Error('MYINVOIS_CERT_PATH is not set, though MYINVOIS_KEY_PATH is');
  if (!keyPath) throw new Error('MYINVOIS_KEY_PATH is not set, though MYINVOIS_CERT_PATH is');
  return { ...readPair(certPath, keyPath), source: 'configured' };
}

function readPair(certPath: string | URL, keyPath: string | URL): SigningCertificate {
  const certificate = new X509Certificate(readFileSync(certPath));
  const privateKey = createPrivateKey(readFileSync(keyPath));
  if (!certificate.checkPrivateKey(privateKey)) throw new Error(`the key in ${String(keyPath)} is not the key of the certificate in ${String(certPath)}`);
  return { certificate, privateKey };
}

/**
 * The certificate EINVOICE_PROVIDER signs with (MYINVOIS_CERT_PATH, else the demo one for the
 * local double) against LHDN's rules for the seller at a time: what a start tells. With
 * `myinvois` in production a self-signed certificate is a problem too; a missing or unreadable
 * file is one problem naming the variable.
 */
export function checkShopSigningCertificate(seller: { tin: string; ssmNo: string }, at: Date, env: Record<string, string | undefined> = process.env): CertificateCheck {
  const provider = env.EINVOICE_PROVIDER?.trim() || 'local';
  const certPath = env.MYINVOIS_CERT_PATH?.trim();
  if (!certPath && provider === 'myinvois') return unusable('CERT-MISSING', 'MYINVOIS_CERT_PATH is not set: EINVOICE_PROVIDER=myinvois signs with the shop’s own certificate');
  return checkCertificateFile(certPath ?? new URL('demo-signing-cert.pem', demoFolder), seller, at, provider === 'myinvois' && env.NODE_ENV === 'production');
}

/** The same for a provider as it runs: the certificate it signs with, read again (renewed files show). */
export function checkProviderCertificate(provider: Pick<EinvoiceProvider, 'name' | 'signing'>, seller: { tin: string; ssmNo: string }, at: Date, env: Record<string, string | undefined> = process.env): CertificateCheck {
  return checkCertificateFile(provider.signing.certPath, seller, at, provider.name === 'myinvois' && env.NODE_ENV === 'production');
}

function checkCertificateFile(certPath: string | URL, seller: { tin: string; ssmNo: string }, at: Date, production: boolean): CertificateCheck {
  let pem: Buffer;
  try {
    pem = readFileSync(certPath);
  } catch (err) {
    return unusable('CERT-UNREADABLE', `MYINVOIS_CERT_PATH ${String(certPath)} cannot be read: ${(err as Error).message}`);
  }
  return checkSigningCertificate(pem, { tin: seller.tin, brn: seller.ssmNo }, at, { production });
}

function unusable(code: string, message: string): CertificateCheck {
  return { problems: [{ code, message }], warnings: [], expiresAt: new Date(Number.NaN), daysLeft: Number.NaN };
}

/** A certificate check as the console and /readyz show it. */
export interface CertificateStatus {
  /** ok; expiring: valid, but within 30 days of its end; problem: MyInvois would refuse it. */
  state: 'ok' | 'expiring' | 'problem';
  expiresAt: string | null;
  daysLeft: number | null;
  problems: CertificateFinding[];
  warnings: CertificateFinding[];
}

export function certificateStatus(check: CertificateCheck): CertificateStatus {
  const known = !Number.isNaN(check.expiresAt.getTime());
  return {
    state: check.problems.length > 0 ? 'problem' : check.warnings.length > 0 ? 'expiring' : 'ok',
    expiresAt: known ? check.expiresAt.toISOString() : null,
    daysLeft: known ? check.daysLeft : null,
    problems: check.problems,
    warnings: check.warnings,
  };
}

/** One line for /readyz's detail: "ok", "expires in N days (…)" or the problems' codes and words. */
export function certificateLine(status: CertificateStatus): string {
  if (status.state === 'problem') return status.problems.map((p) => `${p.code} ${p.message}`).join('; ');
  if (status.state === 'expiring') return `expires in ${status.daysLeft} days (${status.expiresAt})`;
  return 'ok';
}
