import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

/**
 * The real server (server/main.ts) started with NODE_ENV=production: refused with one line per
 * problem, or, on a staging site's escapes, started with JSON logs and a guarded /metrics.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const METRICS_TOKEN = 'staging-metrics-token-0123456789';

/** What a production start reads, none of it inherited from the shell that runs the tests. */
const OURS = /^(NODE_ENV|PAYMENT_PROVIDER|SMS_PROVIDER|DEMO_DATA|SERVAUTO_SECRET|METRICS_TOKEN|PUBLIC_URL|LOG_FORMAT|LOG_LEVEL|STRIPE_|TWILIO_|S3_|ALLOW_|SANDBOX_)/;

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The server (`npm run serve`'s server/main.ts), or `npm start`'s scripts/start.mjs, which checks before it builds. */
function start(env: Record<string, string>, script = 'server/main.ts') {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-production-'));
  folders.push(folder);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OURS.test(name)));
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(folder, 'data'), SITE_DIR: folder, NODE_ENV: 'production', ...env },
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
  return { child, folder, exited, lines, stdout: () => stdout, stderr: () => stderr };
}

describe('NODE_ENV=production', () => {
  test('an unsafe start is refused before the database opens: one line per problem, exit status 1', async () => {
    const server = start({ DEMO_DATA: '1', SERVAUTO_SECRET: 'changeme' });
    expect(await server.exited).toBe(1);
    const refusal = 'Refusing to start with NODE_ENV=production: ';
    expect(server.lines().map((l) => ({ level: l.level, msg: l.msg }))).toEqual(
      [
        'PAYMENT_PROVIDER is the sandbox, which takes no money: set PAYMENT_PROVIDER=stripe (or ALLOW_SANDBOX_PAYMENTS=1 on a staging site)',
        'SMS_PROVIDER is console, which writes login codes to the log instead of sending them: set SMS_PROVIDER=twilio (or ALLOW_CONSOLE_SMS=1 on a staging site)',
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
        ALLOW_SANDBOX_PAYMENTS: '1',
        ALLOW_CONSOLE_SMS: '1',
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

  test('a staging site starts on its escapes, said loudly; JSON logs with request ids; /metrics needs its token', async () => {
    const server = start({
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_CONSOLE_SMS: '1',
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
      expect.stringMatching(/^\*\*\* STAGING ONLY \*\*\* ALLOW_SANDBOX_PAYMENTS=1: /),
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
  }, 180_000);
});
