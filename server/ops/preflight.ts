import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { readSellerDetails, sellerRefusal, type SellerDetails } from '../modules/seller/details.ts';
import { checkShopSigningCertificate } from '../providers/einvoice/signing-certificate.ts';
import { log, logger } from './log.ts';
import { checkProduction } from './production.ts';

/**
 * What every start checks before anything opens (no database, no build): the log's settings,
 * the seller details invoices name, a production start's safety (every problem at once) and the
 * settings themselves. A refusal is one line per problem in the log (JSON in production) and
 * exit status 1, never a stack trace. `npm start` runs it before it builds the site, the server
 * when it loads; the second call gets the first's answer, so escapes are announced once.
 */
export interface Preflight {
  config: Config;
  seller: Partial<SellerDetails> | null;
}

let checked: Promise<Preflight> | undefined;

export function preflight(): Promise<Preflight> {
  checked ??= check();
  return checked;
}

function refuse(lines: string[]): never {
  for (const line of lines) log.error(line);
  process.exit(1);
}

async function check(): Promise<Preflight> {
  // LOG_FORMAT and LOG_LEVEL are read now, so a wrong one stops the start rather than a request.
  try {
    logger();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  // Invoices name the seller: incomplete details stop any start, in one line naming what is missing.
  const seller = await readSellerDetails(path.resolve('content'));
  const sellerProblem = sellerRefusal(seller);
  if (sellerProblem) refuse([sellerProblem]);
  // An unsafe production start stops here: every problem, one line each.
  const production = checkProduction(process.env, seller);
  if (production.problems.length > 0) refuse(production.problems.map((problem) => `Refusing to start with NODE_ENV=production: ${problem}`));
  // MyInvois would refuse every document signed with a certificate that breaks LHDN's rules.
  const certificate = signingCertificateCheck(seller);
  if (certificate.problems.length > 0) refuse(certificate.problems);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    refuse([err.message]);
  }
  for (const escape of production.escapes) log.warn(`*** STAGING ONLY *** ${escape}`);
  for (const warning of certificate.warnings) log.warn(warning);
  return { config, seller };
}

/** With EINVOICE_PROVIDER=myinvois, the signing certificate's problems and warnings, one line each. */
function signingCertificateCheck(seller: Partial<SellerDetails> | null): { problems: string[]; warnings: string[] } {
  if (process.env.EINVOICE_PROVIDER?.trim() !== 'myinvois' || !seller) return { problems: [], warnings: [] };
  const check = checkShopSigningCertificate({ tin: seller.tin ?? '', ssmNo: seller.ssmNo ?? '' }, new Date());
  const line = (finding: { code: string; message: string }) => `MyInvois signing certificate (MYINVOIS_CERT_PATH): ${finding.code} ${finding.message}`;
  return { problems: check.problems.map((p) => `Refusing to start with EINVOICE_PROVIDER=myinvois: ${line(p)}`), warnings: check.warnings.map(line) };
}
