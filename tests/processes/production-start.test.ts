import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

/**
 * The real server (server/main.ts) started with NODE_ENV=production: refused with one line per
 * problem, or, on a staging site's escapes, started with JSON logs and a guarded /metrics, and
 * none of the doubles (dev/doubles/) loaded.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const METRICS_TOKEN = 'staging-metrics-token-0123456789';

/** What a production start reads, none of it inherited from the shell that runs the tests. */
const OURS = /^(NODE_ENV|PAYMENT_PROVIDER|EINVOICE_PROVIDER|SMS_PROVIDER|WHATSAPP_PROVIDER|DEMO_DATA|SERVAUTO_SECRET|METRICS_TOKEN|PUBLIC_URL|LOG_FORMAT|LOG_LEVEL|STRIPE_|TWILIO_|S3_|ALLOW_|SANDBOX_|CURLEC_|MYINVOIS_)/;
const demoCertificate = path.join(root, 'server/providers/einvoice/demo');

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * The server (`npm run serve`'s server/main.ts), or `npm start`'s scripts/start.mjs, which checks
 * before it builds; every module it loads is listed in `modules()`.
 */
function start(env: Record<string, string>, script = 'server/main.ts') {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-production-'));
  folders.push(folder);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OURS.test(name)));
  const loaded = path.join(folder, 'modules.txt');
  const child = spawn(process.execPath, ['--import', path.join(root, 'tests/processes/fixtures/record-modules.mjs'), script], {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(folder, 'data'), SITE_DIR: folder, NODE_ENV: 'production', SERVAUTO_LOADED_MODULES: loaded, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Every whole line printed on stdout so far (a line still arriving is left out), each a JSON object. */
  const lines = () =>
    stdout
      .slice(0, stdout.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string; level: string });
  /** The project's files the process loaded, relative to the project. */
  const modules = () =>
    (existsSync(loaded) ? readFileSync(loaded, 'utf8') : '')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => path.relative(root, fileURLToPath(url)).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('node_modules/'));
  return { child, folder, exited, lines, modules, stdout: () => stdout, stderr: () => stderr };
}

/**
 * A staging site's payments and e-invoices: Stripe's test keys and LHDN's preprod with the demo
 * certificate, their addresses unreachable (the start calls neither).
 */
const staging = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_staging0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_staging0123456789',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: '9',
  STRIPE_API_PROTOCOL: 'http',
  EINVOICE_PROVIDER: 'myinvois',
  MYINVOIS_BASE_URL: 'http://127.0.0.1:9',
  MYINVOIS_PORTAL_URL: 'http://127.0.0.1:9',
  MYINVOIS_CLIENT_ID: 'staging-client',
  MYINVOIS_CLIENT_SECRET: 'staging-client-secret',
  MYINVOIS_CERT_PATH: path.join(demoCertificate, 'demo-signing-cert.pem'),
  MYINVOIS_KEY_PATH: path.join(demoCertificate, 'demo-signing-key.pem'),
  // Another process's jobs: none here would reach the unreachable services.
  JOB_WORKER: '0',
};

describe('NODE_ENV=production', () => {
  test('an unsafe start is refused before the database opens: one line per problem, exit status 1', async () => {
    const server = start({ DEMO_DATA: '1', SERVAUTO_SECRET: 'changeme' });
    expect(await server.exited).toBe(1);
    const refusal = 'Refusing to start with NODE_ENV=production: ';
    expect(server.lines().map((l) => ({ level: l.level, msg: l.msg }))).toEqual(
      [
        'PAYMENT_PROVIDER is the sandbox, which takes no money and is not loaded in production: set PAYMENT_PROVIDER=stripe or curlec (a staging site: their test keys)',
        "EINVOICE_PROVIDER is local, the MyInvois double, which sends nothing to LHDN and is not loaded in production: set EINVOICE_PROVIDER=myinvois with MYINVOIS_* (a staging site: LHDN's preprod)",
        'SMS_PROVIDER is console, which writes login codes to the log instead of sending them: set SMS_PROVIDER=twilio (or ALLOW_CONSOLE_SMS=1 on a staging site)',
        'WHATSAPP_PROVIDER is console, which writes the order updates of customers who chose WhatsApp to the log instead of sending them: set WHATSAPP_PROVIDER=twilio, or off to send every update by SMS (or ALLOW_CONSOLE_SMS=1 on a staging site)',
        'DEMO_DATA=1 loads the demo staff, who log in with published phone numbers: unset it or set DEMO_DATA=0',
        'SERVAUTO_SECRET is a development default ("changeme"): set a secret of your own',
        'METRICS_TOKEN is not set: GET /metrics is served only with this token in production',
        'PUBLIC_URL is not set: links in payments and SMS need the address customers reach the shop at (e.g. https://www.servauto.my)',
        'content/seller.json holds the demo seller details ("demo": true): put the shop\'s own and remove "demo" (or ALLOW_DEMO_SELLER=1 on a staging site)',
      ].map((problem) => ({ level: 'error', msg: refusal + problem })),
    );
    expect(server.stderr()).toBe('');
    expect(existsSync(path.join(server.folder, 'data'))).toBe(false);
  });

  test('npm start with DEMO_DATA=1 on an otherwise allowed staging site: one JSON line naming it, exit status 1, nothing built or opened', async () => {
    const server = start(
      {
        DEMO_DATA: '1',
        ...staging,
        ALLOW_CONSOLE_SMS: '1',
        WHATSAPP_PROVIDER: 'off',
        ALLOW_DEMO_SELLER: '1',
        SERVAUTO_SECRET: 'staging-secret-0123456789abcdef',
        METRICS_TOKEN,
        PUBLIC_URL: 'http://127.0.0.1',
      },
      'scripts/start.mjs',
    );
    expect(await server.exited).toBe(1);
    expect(server.lines().map((l) => ({ level: l.level, msg: l.msg }))).toEqual([
      { level: 'error', msg: 'Refusing to start with NODE_ENV=production: DEMO_DATA=1 loads the demo staff, who log in with published phone numbers: unset it or set DEMO_DATA=0' },
    ]);
    expect(server.stderr()).toBe('');
    expect(existsSync(path.join(server.folder, 'data'))).toBe(false);
  });

  test('a staging site starts on its escapes, said loudly, with none of the doubles loaded; JSON logs with request ids; /metrics needs its token', async () => {
    const server = start({
      ...staging,
      ALLOW_CONSOLE_SMS: '1',
      WHATSAPP_PROVIDER: 'off',
      ALLOW_DEMO_SELLER: '1',
      SERVAUTO_SECRET: 'staging-secret-0123456789abcdef',
      METRICS_TOKEN,
      PUBLIC_URL: 'http://127.0.0.1',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
    });
    let port = 0;
    for (let waited = 0; !port; waited += 100) {
      const ready = server.lines().find((l) => /^Servauto is ready at http:\/\/localhost:(\d+)\/pc\/home /.test(l.msg));
      if (ready) port = Number(/localhost:(\d+)\//.exec(ready.msg)![1]);
      else if (server.child.exitCode !== null || waited > 120_000) throw new Error(`the server did not start:\n${server.stdout()}${server.stderr()}`);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const warnings = server.lines().filter((l) => l.level === 'warn').map((l) => l.msg);
    expect(warnings).toEqual([
      expect.stringMatching(/^\*\*\* STAGING ONLY \*\*\* ALLOW_CONSOLE_SMS=1: /),
      expect.stringMatching(/^\*\*\* STAGING ONLY \*\*\* ALLOW_DEMO_SELLER=1: /),
    ]);

    const base = `http://127.0.0.1:${port}`;
    const call = (call: string, body: unknown) =>
      fetch(`${base}${call}?tracking=query-string-value`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    // A number of its own: on PostgreSQL this server shares the database with the other API tests,
    // whose codes to a common number would make this one wait for its resend time.
    const digits = `11${String(process.pid % 1_000_000).padStart(6, '0')}${String(Date.now() % 100).padStart(2, '0')}`;
    const phone = `0${digits}`;
    const sent = await call('/api/app/user/send/sms', { phone, type: 'login' });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { code: number }).code).toBe(200);
    // The code's log line reaches this process through a pipe, which may deliver it after the answer.
    const otpLine = () => server.lines().find((l) => l.msg.startsWith(`[sms] OTP for +60${digits}: `));
    await expect.poll(otpLine, { timeout: 10_000 }).toBeDefined();
    const otp = otpLine()!.msg.slice(-6);
    const login = await call('/api/app/user/client-login', { phone, code: otp });
    expect(((await login.json()) as { code: number }).code).toBe(200);

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('servauto_http_requests_total{method="POST",route="/api/app/user/client-login",status="200"} 1');

    const requests = server.lines().filter((l) => l.msg === 'request');
    const loginLine = requests.find((l) => l.route === '/api/app/user/client-login')!;
    expect(loginLine).toMatchObject({ level: 'info', requestId: login.headers.get('x-request-id'), method: 'POST', status: 200, code: 200 });
    expect(requests.find((l) => l.route === '/api/app/user/send/sms')).toMatchObject({ requestId: sent.headers.get('x-request-id') });
    const requestText = JSON.stringify(requests);
    for (const secret of [otp, digits, 'query-string-value', 'tracking', '"type"']) expect(requestText).not.toContain(secret);
    // The scrape itself is logged at debug only.
    expect(requests.map((l) => l.route)).not.toContain('/metrics');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The production server runs production only: none of the doubles' modules (the sandbox
    // gateway, the Curlec and MyInvois doubles, dev/) was loaded, while the real providers were.
    const modules = server.modules();
    expect(modules).toEqual(expect.arrayContaining(['server/main.ts', 'server/app.ts', 'server/providers/payment/stripe/provider.ts', 'server/providers/einvoice/client.ts']));
    expect(modules.filter((file) => file.startsWith('dev/') || /\/(sandbox|double)\//.test(file))).toEqual([]);
  }, 180_000);
});
