import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { SellerDetails } from '../../server/modules/seller/details.ts';
import { checkProduction } from '../../server/ops/production.ts';

const seller: SellerDetails = {
  legalName: 'Servauto Sdn. Bhd.',
  ssmNo: '201901012345 (1234567-A)',
  sstNo: 'W10-1808-31000123',
  tin: 'C20880123450',
  msicCode: '45200',
  address: '12 Jalan Segambut, 51200 Kuala Lumpur',
  postalAddress: { line1: '12 Jalan Segambut', postcode: '51200', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' },
  phone: '+60 3-6250 0000',
  email: 'billing@servauto.my',
};

/** A production environment with nothing wrong in it. */
const safe: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51Hx0aB2cD3eF4gH5iJ6kL7',
  STRIPE_WEBHOOK_SECRET: 'whsec_9zY8xW7vU6tS5rQ4pO3n',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
  TWILIO_FROM: '+60312345678',
  WHATSAPP_PROVIDER: 'twilio',
  TWILIO_WHATSAPP_FROM: 'whatsapp:+60312345678',
  SERVAUTO_SECRET: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  METRICS_TOKEN: 'f0e1d2c3b4a59687f0e1d2c3b4a59687',
  PUBLIC_URL: 'https://www.servauto.my',
  EINVOICE_PROVIDER: 'myinvois',
};

const check = (env: NodeJS.ProcessEnv, details: Partial<SellerDetails> | null = seller) => checkProduction(env, details);

describe('a production start', () => {
  test('with every setting in place: no problem, no escape', () => {
    expect(check(safe)).toEqual({ problems: [], escapes: [] });
  });

  test('outside production nothing is checked', () => {
    expect(check({}, null)).toEqual({ problems: [], escapes: [] });
    expect(check({ ...safe, NODE_ENV: 'development', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'console' }, null)).toEqual({ problems: [], escapes: [] });
  });

  test('with nothing set: every problem at once, one line each', () => {
    const { problems } = check({ NODE_ENV: 'production' }, null);
    expect(problems).toEqual([
      'PAYMENT_PROVIDER is the sandbox, which takes no money and is not loaded in production: set PAYMENT_PROVIDER=stripe or curlec (a staging site: their test keys)',
      "EINVOICE_PROVIDER is local, the MyInvois double, which sends nothing to LHDN and is not loaded in production: set EINVOICE_PROVIDER=myinvois with MYINVOIS_* (a staging site: LHDN's preprod)",
      'SMS_PROVIDER is console, which writes login codes to the log instead of sending them: set SMS_PROVIDER=twilio (or ALLOW_CONSOLE_SMS=1 on a staging site)',
      'WHATSAPP_PROVIDER is console, which writes the order updates of customers who chose WhatsApp to the log instead of sending them: set WHATSAPP_PROVIDER=twilio, or off to send every update by SMS (or ALLOW_CONSOLE_SMS=1 on a staging site)',
      'SERVAUTO_SECRET is not set: every server must share one secret for login codes and signed links',
      'METRICS_TOKEN is not set: GET /metrics is served only with this token in production',
      'PUBLIC_URL is not set: links in payments and SMS need the address customers reach the shop at (e.g. https://www.servauto.my)',
      "content/seller.json is missing: the shop's legal name, SSM and SST numbers, TIN, MSIC code, address, phone and e-mail",
    ]);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  test.each([
    ['the sandbox named', { PAYMENT_PROVIDER: 'sandbox' }, /^PAYMENT_PROVIDER is the sandbox/],
    ['the MyInvois double by default', { EINVOICE_PROVIDER: undefined }, /^EINVOICE_PROVIDER is local, the MyInvois double/],
    ['the MyInvois double named', { EINVOICE_PROVIDER: 'local' }, /^EINVOICE_PROVIDER is local, the MyInvois double/],
    ['console SMS named', { SMS_PROVIDER: 'console' }, /^SMS_PROVIDER is console/],
    ['demo data', { DEMO_DATA: '1' }, /^DEMO_DATA=1 loads the demo staff/],
    ['no Stripe key', { STRIPE_SECRET_KEY: '' }, /^STRIPE_SECRET_KEY is not set/],
    ['a test Stripe key from the examples', { STRIPE_SECRET_KEY: 'sk_test_x' }, /^STRIPE_SECRET_KEY is a development default \("sk_test_x"\)/],
    ['no webhook secret', { STRIPE_WEBHOOK_SECRET: undefined }, /^STRIPE_WEBHOOK_SECRET is not set/],
    ['no Twilio token', { TWILIO_AUTH_TOKEN: ' ' }, /^TWILIO_AUTH_TOKEN is not set/],
    ['no Twilio number', { TWILIO_FROM: '' }, /^TWILIO_FROM is not set/],
    ['no server secret', { SERVAUTO_SECRET: '' }, /^SERVAUTO_SECRET is not set/],
    ['the tests\' server secret', { SERVAUTO_SECRET: 'servauto-test-secret' }, /^SERVAUTO_SECRET is a development default/],
    ['a short server secret', { SERVAUTO_SECRET: 'hunter2hunter2' }, /^SERVAUTO_SECRET is shorter than 16 characters/],
    ['no metrics token', { METRICS_TOKEN: undefined }, /^METRICS_TOKEN is not set/],
    ['a placeholder metrics token', { METRICS_TOKEN: 'changeme' }, /^METRICS_TOKEN is a development default/],
    ['a bucket without keys', { S3_BUCKET: 'servauto-uploads' }, /^S3_ACCESS_KEY_ID is not set/],
    ['a bucket with MinIO\'s own keys', { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'minioadmin', S3_SECRET_ACCESS_KEY: 'minioadmin' }, /^S3_ACCESS_KEY_ID is a development default/],
    ['no public address', { PUBLIC_URL: '' }, /^PUBLIC_URL is not set/],
    ['a short content publish token', { CONTENT_PUBLISH_TOKEN: 'publish-now' }, /^CONTENT_PUBLISH_TOKEN is shorter than 16 characters/],
    ['the editor on the working copy', { CONTENT_BACKEND: 'local' }, /^CONTENT_BACKEND=local saves the editor's changes through a proxy that checks no account/],
    ['a clock moved for testers', { CLOCK_OFFSET_DAYS: '31' }, /^CLOCK_OFFSET_DAYS moves the shop's clock for testers/],
    ['a clock moved by no days, still named', { CLOCK_OFFSET_DAYS: '0' }, /^CLOCK_OFFSET_DAYS moves the shop's clock/],
  ])('%s: refused, naming it', (_, change, line) => {
    const { problems } = check({ ...safe, ...change });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(line);
  });

  test('the editor through a git host is fine, as is no editor backend set', () => {
    expect(check({ ...safe, CONTENT_BACKEND: 'github', CONTENT_REPO: 'servauto/site' }).problems).toEqual([]);
    expect(check({ ...safe, CONTENT_BACKEND: '' }).problems).toEqual([]);
  });

  test('no content publish token is fine (publishing by call is off), a long one too', () => {
    expect(check({ ...safe, CONTENT_PUBLISH_TOKEN: '' }).problems).toEqual([]);
    expect(check({ ...safe, CONTENT_PUBLISH_TOKEN: '0a1b2c3d4e5f60718293a4b5c6d7e8f9' }).problems).toEqual([]);
  });

  test('a bucket with keys of its own is fine', () => {
    expect(check({ ...safe, S3_BUCKET: 'servauto-uploads', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7SERVAUTO', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYSERVAUTOKEY' })).toEqual({ problems: [], escapes: [] });
  });

  test('incomplete seller details: one line per missing field', () => {
    const { problems } = check(safe, { ...seller, sstNo: '', tin: undefined, email: '  ' });
    expect(problems).toEqual([
      'The seller\'s SST registration number is missing: set "sstNo" in content/seller.json',
      'The seller\'s tax identification number (TIN) is missing: set "tin" in content/seller.json',
      'The seller\'s e-mail is missing: set "email" in content/seller.json',
    ]);
  });

  test('the demo seller details shipped in content/ are complete, and refused as the demo', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../content/seller.json', import.meta.url), 'utf8')) as SellerDetails;
    expect(check(safe, shipped).problems).toEqual([
      'content/seller.json holds the demo seller details ("demo": true): put the shop\'s own and remove "demo" (or ALLOW_DEMO_SELLER=1 on a staging site)',
    ]);
  });
});

describe('the escapes for a staging site', () => {
  test.each([
    ['ALLOW_CONSOLE_SMS', { SMS_PROVIDER: 'console', WHATSAPP_PROVIDER: 'off', TWILIO_AUTH_TOKEN: '' }, seller, /^ALLOW_CONSOLE_SMS=1: login codes and customers' SMS are written to the log/],
    ['ALLOW_DEMO_SELLER', {}, { ...seller, demo: true }, /^ALLOW_DEMO_SELLER=1: the seller details are the demo ones/],
  ])('%s=1 lets the start go on and is announced', (name, change, details, line) => {
    expect(check({ ...safe, ...change }, details).problems).not.toEqual([]);
    const allowed = check({ ...safe, ...change, [name]: '1' }, details);
    expect(allowed.problems).toEqual([]);
    expect(allowed.escapes).toHaveLength(1);
    expect(allowed.escapes[0]).toMatch(line);
  });

  test('an escape covers only its own problem', () => {
    const { problems, escapes } = check({ ...safe, PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'console', ALLOW_CONSOLE_SMS: '1', DEMO_DATA: '1' });
    expect(escapes).toHaveLength(1);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PAYMENT_PROVIDER', 'DEMO_DATA=1']);
  });

  test('no escape lets a double in: the sandbox gateway and the MyInvois double stay refused', () => {
    const { problems, escapes } = check({ ...safe, PAYMENT_PROVIDER: 'sandbox', EINVOICE_PROVIDER: 'local', ALLOW_SANDBOX_PAYMENTS: '1' });
    expect(escapes).toEqual([]);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PAYMENT_PROVIDER', 'EINVOICE_PROVIDER']);
  });

  test('an escape outside production changes nothing', () => {
    expect(check({ ALLOW_CONSOLE_SMS: '1' }, null)).toEqual({ problems: [], escapes: [] });
  });
});

describe('WhatsApp in production', () => {
  test('twilio needs its sender as whatsapp:+…; off is fine; console is refused unless ALLOW_CONSOLE_SMS=1; an unknown provider is refused', () => {
    expect(check({ ...safe, WHATSAPP_PROVIDER: 'off', TWILIO_WHATSAPP_FROM: undefined })).toEqual({ problems: [], escapes: [] });
    expect(check({ ...safe, TWILIO_WHATSAPP_FROM: '+60312345678' }).problems).toEqual([
      'TWILIO_WHATSAPP_FROM is not set as whatsapp:+<country code><number>: WhatsApp through Twilio needs the sender it goes from',
    ]);
    expect(check({ ...safe, WHATSAPP_PROVIDER: undefined }).problems).toEqual([expect.stringMatching(/^WHATSAPP_PROVIDER is console, .*set WHATSAPP_PROVIDER=twilio, or off/)]);
    expect(check({ ...safe, WHATSAPP_PROVIDER: 'console', ALLOW_CONSOLE_SMS: '1' })).toEqual({ problems: [], escapes: [expect.stringMatching(/^ALLOW_CONSOLE_SMS=1: WhatsApp messages .* a staging site only$/)] });
    expect(check({ ...safe, WHATSAPP_PROVIDER: 'meta' }).problems).toEqual(['WHATSAPP_PROVIDER "meta" is not known: use twilio, off or console']);
  });
});

describe('the e-mail channel in production', () => {
  test('unset or off: no e-mail, no problem; console is refused unless ALLOW_CONSOLE_EMAIL=1, said as an escape; an unknown provider is refused', () => {
    expect(check({ ...safe, EMAIL_PROVIDER: 'off' })).toEqual({ problems: [], escapes: [] });
    expect(check({ ...safe, EMAIL_PROVIDER: 'console' }).problems).toEqual([
      "EMAIL_PROVIDER is console, which writes customers' e-mails to the log instead of sending them: set EMAIL_PROVIDER=smtp, unset it (no e-mail) or set ALLOW_CONSOLE_EMAIL=1 on a staging site",
    ]);
    const allowed = check({ ...safe, EMAIL_PROVIDER: 'console', ALLOW_CONSOLE_EMAIL: '1' });
    expect(allowed.problems).toEqual([]);
    expect(allowed.escapes).toEqual([expect.stringMatching(/^ALLOW_CONSOLE_EMAIL=1: customers' e-mails are written to the log/)]);
    expect(check({ ...safe, EMAIL_PROVIDER: 'mailgun' }).problems).toEqual(['EMAIL_PROVIDER "mailgun" is not known: use smtp, console or off']);
    expect(check({ ...safe, EMAIL_PROVIDER: 'smtp' }).problems).toEqual([
      'SMTP_HOST is not set: e-mail through SMTP needs the server to send through',
      'SMTP_FROM is not set: e-mail through SMTP needs the address it is sent from',
    ]);
    expect(check({ ...safe, EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'noreply@servauto.my' })).toEqual({ problems: [], escapes: [] });
  });
});
