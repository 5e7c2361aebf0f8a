import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
