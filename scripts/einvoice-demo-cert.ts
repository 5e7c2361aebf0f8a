/**
 * npm run einvoice:demo-cert [-- --new-key]
 *
 * Makes the demo e-invoice signing certificate (server/providers/einvoice/demo/) with openssl:
 * a demo CA, and a certificate it issues to the demo seller of content/seller.json that passes
 * LHDN's certificate rules (organisation identifier = TIN, serialNumber = BRN, Non-Repudiation,
 * Document Signing), valid from a fixed date in the past for twenty years, so no test depends on
 * the day it was made. The keys already there are kept (--new-key makes new ones): the same
 * command gives the same certificates but for the signature bytes.
 *
 * It also makes the test certificates of tests/unit/fixtures/einvoice/certificates/, each
 * breaking one rule.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseRegistrationNumber } from '../server/providers/einvoice/certificate-rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = path.join(root, 'server/providers/einvoice/demo');
const fixtureDir = path.join(root, 'tests/unit/fixtures/einvoice/certificates');
const newKey = process.argv.includes('--new-key');

const seller = JSON.parse(readFileSync(path.join(root, 'content/seller.json'), 'utf8')) as { legalName: string; tin: string; ssmNo: string };
const tin = seller.tin;
const brn = normaliseRegistrationNumber(seller.ssmNo);

/** Fixed validity: a certificate made today or in a year is the same certificate. */
const FROM = '20250101000000Z';
const LEAF_UNTIL = '20441231235959Z';
const CA_UNTIL = '20491231235959Z';

const work = mkdtempSync(path.join(tmpdir(), 'einvoice-demo-cert-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });

const extensions = `
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = 1.3.6.1.4.1.311.10.3.12
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf_no_nonrepudiation]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = 1.3.6.1.4.1.311.10.3.12
[leaf_no_document_signing]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = emailProtection
`;
writeFileSync(path.join(work, 'ext.cnf'), extensions);

/** `openssl ca` with a throw-away database: the only openssl 3.0 command that takes fixed dates. */
function issue(options: { csr: string; out: string; extensions: string; serial: string; caCert?: string; caKey: string; from?: string; until: string }): void {
  writeFileSync(path.join(work, 'index.txt'), '');
  writeFileSync(path.join(work, 'serial'), `${options.serial}\n`);
  writeFileSync(
    path.join(work, 'ca.cnf'),
    `[ca]\ndefault_ca = demo\n[demo]\ndatabase = ${work}/index.txt\nnew_certs_dir = ${work}\nserial = ${work}/serial\ndefault_md = sha256\npolicy = any\nunique_subject = no\nemail_in_dn = no\n[any]\ncountryName = optional\n`,
  );
  openssl(
    'ca', '-batch', '-notext', '-preserveDN', '-config', 'ca.cnf',
    '-in', options.csr, '-out', options.out, '-keyfile', options.caKey,
    ...(options.caCert ? ['-cert', options.caCert] : ['-selfsign']),
    '-startdate', options.from ?? FROM, '-enddate', options.until,
    '-extfile', 'ext.cnf', '-extensions', options.extensions,
  );
}

function key(file: string): string {
  if (newKey || !existsSync(file)) {
    openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', file);
  }
  return file;
}

function request(keyFile: string, subject: string, out: string): string {
  openssl('req', '-new', '-key', keyFile, '-subj', subject, '-utf8', '-out', out);
  return out;
}

const caKey = key(path.join(demoDir, 'demo-ca-key.pem'));
const caCert = path.join(demoDir, 'demo-ca-cert.pem');
issue({ csr: request(caKey, '/C=MY/O=Servauto Demo CA (DEMO - NOT A REAL CA)/CN=Servauto DEMO e-invoice CA', 'ca.csr'), out: caCert, extensions: 'ca', serial: '01', caKey, until: CA_UNTIL });

const leafKey = key(path.join(demoDir, 'demo-signing-key.pem'));
const subject = (oi: string | null, serial: string | null) =>
  `/C=MY/O=${seller.legalName} (DEMO - NOT A REAL CERTIFICATE)/CN=Servauto DEMO e-invoice signing${oi === null ? '' : `/organizationIdentifier=${oi}`}${serial === null ? '' : `/serialNumber=${serial}`}`;
const leaf = (name: string, oi: string | null, serial: string | null, ext: string, serialNo: string, self = false) => {
  const csr = request(leafKey, subject(oi, serial), `${name}.csr`);
  issue({ csr, out: name, extensions: ext, serial: serialNo, caKey: self ? leafKey : caKey, ...(self ? {} : { caCert }), until: LEAF_UNTIL });
  return path.join(work, name);
};

writeFileSync(path.join(demoDir, 'demo-signing-cert.pem'), readFileSync(leaf('demo.pem', tin, brn, 'leaf', '1000')));

mkdirSync(fixtureDir, { recursive: true });
const fixtures: [string, string | null, string | null, string, boolean?][] = [
  ['no-organisation-identifier', null, brn, 'leaf'],
  ['other-organisation-identifier', 'C25845632020', brn, 'leaf'],
  ['no-serial-number', tin, null, 'leaf'],
  ['other-serial-number', tin, '202001234567', 'leaf'],
  ['no-non-repudiation', tin, brn, 'leaf_no_nonrepudiation'],
  ['no-document-signing', tin, brn, 'leaf_no_document_signing'],
  ['self-signed', tin, brn, 'leaf', true],
];
fixtures.forEach(([name, oi, serial, ext, self], i) => {
  writeFileSync(path.join(fixtureDir, `${name}.pem`), readFileSync(leaf(`${name}.pem`, oi, serial, ext, (0x2000 + i).toString(16), self)));
});

rmSync(work, { recursive: true, force: true });
console.log(`einvoice:demo-cert: ${path.relative(root, demoDir)}/demo-signing-cert.pem for TIN ${tin}, BRN ${brn} (issued by demo-ca-cert.pem), and ${fixtures.length} test certificates in ${path.relative(root, fixtureDir)}/`);
