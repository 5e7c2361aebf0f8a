import { missingSellerFields, sellerFields, type SellerDetails } from '../modules/seller/details.ts';

/**
 * What keeps a production start unsafe, checked before anything opens: each problem one line,
 * all of them at once. A staging site may allow console SMS or e-mail, the demo seller details
 * or Curlec's test keys with an escape, which the start announces loudly. The doubles of the
 * outside services (the sandbox gateway, the Curlec and MyInvois doubles) are never allowed:
 * a production start does not load them (they live in dev/doubles/).
 */
export interface ProductionCheck {
  /** Lines that refuse the start. */
  problems: string[];
  /** Lines the start logs as warnings: the escapes in use. */
  escapes: string[];
}

/** The escapes a staging site may set, each to 1. */
export const ESCAPES = {
  consoleSms: 'ALLOW_CONSOLE_SMS',
  consoleEmail: 'ALLOW_CONSOLE_EMAIL',
  demoSeller: 'ALLOW_DEMO_SELLER',
  testPayments: 'ALLOW_TEST_PAYMENTS',
} as const;

/**
 * Values seen in examples, tests and the tools' own defaults (MinIO's, s3rver's): set, but no
 * secret.
 */
const DEVELOPMENT_DEFAULTS = new Set([
  'changeme', 'change-me', 'change_me', 'secret', 'password', 'test', 'dev', 'development', 'demo', 'example',
  'servauto', 'servauto-test-secret', 'sk_test_x', 'whsec_x', 'minioadmin', 's3rver', 'token', 'metrics',
]);

/** Our own secrets (not a provider's, whose form the provider decides) are at least this long. */
const OWN_SECRET_MIN_LENGTH = 16;

const on = (env: NodeJS.ProcessEnv, name: string) => env[name] === '1' || env[name] === 'true';

/** Why a secret cannot be used, or null. */
function secretProblem(env: NodeJS.ProcessEnv, name: string, why: string, minLength = 1): string | null {
  const value = env[name]?.trim() ?? '';
  if (value === '') return `${name} is not set: ${why}`;
  if (DEVELOPMENT_DEFAULTS.has(value.toLowerCase())) return `${name} is a development default ("${value}"): set a secret of your own`;
  if (value.length < minLength) return `${name} is shorter than ${minLength} characters: set a long random value (e.g. openssl rand -hex 32)`;
  return null;
}

/**
 * The problems of a start with this environment and these seller details (null: no
 * content/seller.json). Outside NODE_ENV=production there are none.
 */
export function checkProduction(env: NodeJS.ProcessEnv, seller: Partial<SellerDetails> | null): ProductionCheck {
  const problems: (string | null)[] = [];
  const escapes: string[] = [];
  if (env.NODE_ENV !== 'production') return { problems: [], escapes: [] };

  const payment = env.PAYMENT_PROVIDER || 'sandbox';
  if (payment === 'sandbox') {
    problems.push('PAYMENT_PROVIDER is the sandbox, which takes no money and is not loaded in production: set PAYMENT_PROVIDER=stripe or curlec (a staging site: their test keys)');
  } else if (payment === 'stripe') {
    problems.push(secretProblem(env, 'STRIPE_SECRET_KEY', 'Stripe payments need the account\'s secret key'));
    problems.push(secretProblem(env, 'STRIPE_WEBHOOK_SECRET', 'Stripe\'s callbacks are verified with the webhook\'s signing secret'));
  } else if (payment === 'curlec') {
    problems.push(secretProblem(env, 'CURLEC_KEY_ID', 'Curlec payments need the account\'s API key id'));
    problems.push(secretProblem(env, 'CURLEC_KEY_SECRET', 'Curlec payments need the account\'s API key secret'));
    problems.push(secretProblem(env, 'CURLEC_WEBHOOK_SECRET', 'Curlec\'s webhooks are verified with the webhook\'s secret'));
    if (env.CURLEC_DOUBLE === '1') problems.push('CURLEC_DOUBLE=1 answers payments with the Curlec double, which takes no money: unset it');
    const keyId = env.CURLEC_KEY_ID?.trim() ?? '';
    if (keyId.startsWith('rzp_test_')) {
      if (on(env, ESCAPES.testPayments)) escapes.push(`${ESCAPES.testPayments}=1: CURLEC_KEY_ID is a test key (rzp_test_…), no money is taken; a staging site only`);
      else problems.push(`CURLEC_KEY_ID is a test key (rzp_test_…), which takes no money: set the live keys (rzp_live_…) (or ${ESCAPES.testPayments}=1 on a staging site)`);
    }
  } else {
    problems.push(`PAYMENT_PROVIDER "${payment}" is not known: use stripe or curlec`);
  }

  // The MyInvois double (EINVOICE_PROVIDER=local, the default) sends nothing to LHDN and is not loaded in production.
  const einvoice = env.EINVOICE_PROVIDER?.trim() || 'local';
  if (einvoice === 'local') problems.push('EINVOICE_PROVIDER is local, the MyInvois double, which sends nothing to LHDN and is not loaded in production: set EINVOICE_PROVIDER=myinvois with MYINVOIS_* (a staging site: LHDN\'s preprod)');

  const sms = env.SMS_PROVIDER || 'console';
  if (sms === 'console') {
    if (on(env, ESCAPES.consoleSms)) escapes.push(`${ESCAPES.consoleSms}=1: login codes and customers' SMS are written to the log, not sent; a staging site only`);
    else problems.push(`SMS_PROVIDER is console, which writes login codes to the log instead of sending them: set SMS_PROVIDER=twilio (or ${ESCAPES.consoleSms}=1 on a staging site)`);
  } else if (sms === 'twilio') {
    problems.push(secretProblem(env, 'TWILIO_ACCOUNT_SID', 'SMS through Twilio need the account SID'));
    problems.push(secretProblem(env, 'TWILIO_AUTH_TOKEN', 'SMS through Twilio need the auth token'));
    if (!env.TWILIO_FROM?.trim()) problems.push('TWILIO_FROM is not set: SMS through Twilio need the number they are sent from');
  }

  // WhatsApp (docs/integrations.md, "WhatsApp"): Twilio, or off (every order update by SMS); console only on a staging site.
  const whatsapp = env.WHATSAPP_PROVIDER?.trim() || 'console';
  if (whatsapp === 'console') {
    if (on(env, ESCAPES.consoleSms)) escapes.push(`${ESCAPES.consoleSms}=1: WhatsApp messages to customers who chose WhatsApp are written to the log, not sent; a staging site only`);
    else problems.push(`WHATSAPP_PROVIDER is console, which writes the order updates of customers who chose WhatsApp to the log instead of sending them: set WHATSAPP_PROVIDER=twilio, or off to send every update by SMS (or ${ESCAPES.consoleSms}=1 on a staging site)`);
  } else if (whatsapp === 'twilio') {
    problems.push(secretProblem(env, 'TWILIO_ACCOUNT_SID', 'WhatsApp through Twilio needs the account SID'));
    problems.push(secretProblem(env, 'TWILIO_AUTH_TOKEN', 'WhatsApp through Twilio needs the auth token (it also signs Twilio\'s callbacks)'));
    if (!/^whatsapp:\+[1-9]\d{7,14}$/.test(env.TWILIO_WHATSAPP_FROM?.trim() ?? '')) problems.push('TWILIO_WHATSAPP_FROM is not set as whatsapp:+<country code><number>: WhatsApp through Twilio needs the sender it goes from');
  } else if (whatsapp !== 'off') problems.push(`WHATSAPP_PROVIDER "${whatsapp}" is not known: use twilio, off or console`);

  // E-mail is optional: unset sends none in production; console only on a staging site.
  const email = env.EMAIL_PROVIDER?.trim();
  if (email === 'console') {
    if (on(env, ESCAPES.consoleEmail)) escapes.push(`${ESCAPES.consoleEmail}=1: customers' e-mails are written to the log, not sent; a staging site only`);
    else problems.push(`EMAIL_PROVIDER is console, which writes customers' e-mails to the log instead of sending them: set EMAIL_PROVIDER=smtp, unset it (no e-mail) or set ${ESCAPES.consoleEmail}=1 on a staging site`);
  } else if (email === 'smtp') {
    if (!env.SMTP_HOST?.trim()) problems.push('SMTP_HOST is not set: e-mail through SMTP needs the server to send through');
    if (!env.SMTP_FROM?.trim()) problems.push('SMTP_FROM is not set: e-mail through SMTP needs the address it is sent from');
    if (env.SMTP_USER?.trim()) problems.push(secretProblem(env, 'SMTP_PASSWORD', 'SMTP_USER is set, so its password is needed'));
  } else if (email && email !== 'off') problems.push(`EMAIL_PROVIDER "${email}" is not known: use smtp, console or off`);

  if (env.DEMO_DATA?.trim() === '1') problems.push('DEMO_DATA=1 loads the demo staff, who log in with published phone numbers: unset it or set DEMO_DATA=0');

  problems.push(secretProblem(env, 'SERVAUTO_SECRET', 'every server must share one secret for login codes and signed links', OWN_SECRET_MIN_LENGTH));
  problems.push(secretProblem(env, 'METRICS_TOKEN', 'GET /metrics is served only with this token in production', OWN_SECRET_MIN_LENGTH));
  // Optional (unset: publishing by call is off); when set, as long as the other tokens: it makes the server rebuild the site.
  if (env.CONTENT_PUBLISH_TOKEN?.trim()) problems.push(secretProblem(env, 'CONTENT_PUBLISH_TOKEN', 'POST /api/ops/content/publish is served only with this token', OWN_SECRET_MIN_LENGTH));
  // The editor on the working copy (`npm run content`) saves through a proxy that asks no one who
  // they are: on a live site editors work through the git host, whose review publishes.
  if (env.CONTENT_BACKEND?.trim() === 'local') {
    problems.push('CONTENT_BACKEND=local saves the editor\'s changes through a proxy that checks no account (npm run content, on an editor\'s own machine): set CONTENT_BACKEND=github, gitlab or gitea with CONTENT_REPO');
  }
  if (env.CLOCK_OFFSET_DAYS?.trim()) {
    problems.push('CLOCK_OFFSET_DAYS moves the shop\'s clock for testers (warranty windows, reminders), which a live shop must never do: unset it');
  }
  if (env.S3_BUCKET?.trim()) {
    problems.push(secretProblem(env, 'S3_ACCESS_KEY_ID', 'S3_BUCKET is set, so the bucket\'s access key is needed'));
    problems.push(secretProblem(env, 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET is set, so the bucket\'s secret key is needed'));
  }
  if (!env.PUBLIC_URL?.trim()) problems.push('PUBLIC_URL is not set: links in payments and SMS need the address customers reach the shop at (e.g. https://www.servauto.my)');

  if (!seller) {
    problems.push('content/seller.json is missing: the shop\'s legal name, SSM and SST numbers, TIN, MSIC code, address, phone and e-mail');
  } else {
    for (const field of missingSellerFields(seller)) problems.push(`The seller's ${sellerFields[field]} is missing: set "${field}" in content/seller.json`);
    if (seller.demo === true) {
      if (on(env, ESCAPES.demoSeller)) escapes.push(`${ESCAPES.demoSeller}=1: the seller details are the demo ones; a staging site only`);
      else problems.push(`content/seller.json holds the demo seller details ("demo": true): put the shop's own and remove "demo" (or ${ESCAPES.demoSeller}=1 on a staging site)`);
    }
  }
  return { problems: problems.filter((p): p is string => p !== null), escapes };
}
