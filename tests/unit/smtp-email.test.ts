import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import { emailProviderFromEnv } from '../../server/providers/email/index.ts';
import { smtpEmail } from '../../server/providers/email/smtp.ts';

const demoTls = new URL('../fixtures/demo-smtp-tls/', import.meta.url);
const key = readFileSync(new URL('demo-key.pem', demoTls), 'utf8');
const cert = readFileSync(new URL('demo-cert.pem', demoTls), 'utf8');

interface Received {
  from: string;
  to: string[];
  /** Whether the connection was encrypted when the message was given. */
  secure: boolean;
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on a free port: STARTTLS with the demo certificate, login required. */
async function localSmtp(options: { refuseRecipient?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // Logging in over plain text is refused: a client that skipped STARTTLS cannot send.
    allowInsecureAuth: false,
    onAuth(auth, _session, done) {
      if (auth.username === 'shop' && auth.password === 'secret') done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, done) {
      if (options.refuseRecipient) {
        const err = new Error('no such user') as Error & { responseCode: number };
        err.responseCode = 550;
        done(err);
      } else done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The header fields of a raw message, unfolded. */
function headers(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** RFC 2047: encoded words (B or Q), the space between two of them dropped, bytes joined before UTF-8. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let bytes: Buffer[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.concat(bytes).toString('utf8');
    bytes = [];
  };
  for (const m of value.matchAll(word)) {
    const between = value.slice(last, m.index);
    if (!(bytes.length && /^[ \t]*$/.test(between))) {
      flush();
      out += between;
    }
    const [, charset, encoding, text] = m;
    expect(charset!.toLowerCase()).toBe('utf-8');
    bytes.push(
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(text!.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1'),
    );
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}

/** The text body as the reader sees it, whatever transfer encoding carried it. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const encoding = (headers(raw).get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  return text.replace(/\r\n/g, '\n').replace(/\n$/, '');
}

let close: () => Promise<void> = async () => {};
afterEach(() => close());

const settings = (port: number) => ({ host: 'localhost', port, secure: false, user: 'shop', password: 'secret', from: 'noreply@servauto.my', ca: cert });

describe('e-mail through SMTP (EMAIL_PROVIDER=smtp)', () => {
  test('a Chinese subject arrives intact, over STARTTLS after logging in', async () => {
    const smtp = await localSmtp();
    close = smtp.close;
    const subject = 'Servauto：关于您的 Perodua Myvi 的提醒——路税将于2025年7月2日到期，请尽快续期以免影响出行';
    const text = 'Servauto：您的 Perodua Myvi（WXY 1234）的路税将于2025年7月2日到期。';
    await smtpEmail(settings(smtp.port)).send({ to: 'aisyah@example.com', subject, text });
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'noreply@servauto.my', to: ['aisyah@example.com'], secure: true, user: 'shop' });
    const head = headers(mail!.raw);
    // Encoded on the wire (only ASCII in a header), decoded back to the very same words.
    expect(head.get('subject')).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeWords(head.get('subject')!)).toBe(subject);
    expect(bodyText(mail!.raw)).toBe(text);
  });

  test('a Malay subject arrives intact, and a line starting with a dot is not cut', async () => {
    const smtp = await localSmtp();
    close = smtp.close;
    const subject = 'Servauto: peringatan cukai jalan untuk Perodua Myvi anda — tamat pada 2 Julai 2025';
    const text = 'Cukai jalan Perodua Myvi anda tamat pada 2 Julai 2025.\n.\n.Perbaharui sebelum tarikh itu.\n..dua titik';
    await smtpEmail(settings(smtp.port)).send({ to: 'aisyah@example.com', subject, text });
    const [mail] = smtp.received;
    expect(decodeWords(headers(mail!.raw).get('subject')!)).toBe(subject);
    expect(bodyText(mail!.raw)).toBe(text);
  });

  test('a wrong password is an error saying the login was refused, and nothing is sent', async () => {
    const smtp = await localSmtp();
    close = smtp.close;
    const email = smtpEmail({ ...settings(smtp.port), password: 'wrong' });
    await expect(email.send({ to: 'aisyah@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /^the SMTP server refused the login of SMTP_USER "shop": .*535/,
    );
    expect(smtp.received).toEqual([]);
  });

  test('a refusal by the server is an error naming its answer', async () => {
    const smtp = await localSmtp({ refuseRecipient: true });
    close = smtp.close;
    await expect(smtpEmail(settings(smtp.port)).send({ to: 'nobody@example.com', subject: 's', text: 't' })).rejects.toThrow(/550 no such user/);
  });

  test('a certificate nobody vouches for is refused: the password never travels to an impostor', async () => {
    const smtp = await localSmtp();
    close = smtp.close;
    const { ca: _trusted, ...untrusting } = settings(smtp.port);
    await expect(smtpEmail(untrusting).send({ to: 'aisyah@example.com', subject: 's', text: 't' })).rejects.toThrow(/certificate/);
    expect(smtp.received).toEqual([]);
  });

  test('an address holding a line break is refused before any connection', async () => {
    const email = smtpEmail({ host: '127.0.0.1', port: 1, secure: false, from: 'noreply@servauto.my' });
    await expect(email.send({ to: 'a@example.com\r\nBcc: b@example.com', subject: 's', text: 't' })).rejects.toThrow('an e-mail address cannot hold line breaks or angle brackets');
  });

  test('the settings come from the environment docs/operations.md names', () => {
    expect(emailProviderFromEnv('smtp', { SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'noreply@servauto.my' })?.name).toBe('smtp');
    expect(() => emailProviderFromEnv('smtp', { SMTP_FROM: 'noreply@servauto.my' })).toThrow('EMAIL_PROVIDER=smtp needs SMTP_HOST and SMTP_FROM');
    expect(() => emailProviderFromEnv('smtp', { SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_PORT: 'x' })).toThrow('SMTP_PORT must be a port number, not "x"');
  });
});
