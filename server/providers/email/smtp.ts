import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { hostname } from 'node:os';
import tls from 'node:tls';
import type { EmailProvider } from './types.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  timeoutMs?: number;
}

type Conn = net.Socket | tls.TLSSocket;

/** Reads SMTP replies: a reply ends at its line "ddd text" (lines "ddd-text" continue it). */
function replies(socket: Conn) {
  let buffer = '';
  let waiting: ((reply: { code: number; text: string }) => void) | null = null;
  let failed: ((err: Error) => void) | null = null;
  const ready: { code: number; text: string }[] = [];
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      const end = buffer.search(/^\d{3} .*\r?\n/m);
      if (end < 0) return;
      const stop = buffer.indexOf('\n', end) + 1;
      const text = buffer.slice(0, stop);
      buffer = buffer.slice(stop);
      const reply = { code: Number(text.slice(end, end + 3)), text: text.trim() };
      if (waiting) {
        const take = waiting;
        waiting = null;
        take(reply);
      } else ready.push(reply);
    }
  };
  const attach = (s: Conn, before?: Conn) => {
    // After STARTTLS the encrypted socket is read, never the plain one beneath it.
    before?.off('data', onData);
    s.on('data', onData);
    s.on('error', (err) => failed?.(err));
    s.on('close', () => failed?.(new Error('the SMTP server closed the connection')));
  };
  attach(socket);
  return {
    attach,
    next(): Promise<{ code: number; text: string }> {
      const early = ready.shift();
      if (early) return Promise.resolve(early);
      return new Promise((resolve, reject) => {
        waiting = resolve;
        failed = reject;
      });
    },
  };
}

const encodedWord = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`);
const wrapped = (base64: string) => base64.replace(/.{1,76}/g, (line) => `${line}\r\n`);

/** The message as sent: UTF-8 text in base64, so any language and no line is too long. */
export function smtpMessage(from: string, to: string, subject: string, text: string, now = new Date()): string {
  const domain = from.split('@')[1] ?? 'localhost';
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodedWord(subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapped(Buffer.from(text, 'utf8').toString('base64')),
  ].join('\r\n');
}

/**
 * EMAIL_PROVIDER=smtp: one connection per e-mail to the configured server, with Node's own
 * net and tls (STARTTLS when offered, AUTH PLAIN when a user is set).
 */
export function smtpEmail(settings: SmtpSettings): EmailProvider {
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      if (/[\r\n<>]/.test(to)) throw new Error('an e-mail address cannot hold line breaks or angle brackets');
      let socket: Conn = settings.secure
        ? tls.connect({ host: settings.host, port: settings.port, servername: settings.host })
        : net.connect({ host: settings.host, port: settings.port });
      socket.setTimeout(settings.timeoutMs ?? 15_000, () => socket.destroy(new Error('the SMTP server did not answer in time')));
      const reader = replies(socket);
      const expect = async (codes: number[]) => {
        const reply = await reader.next();
        if (!codes.includes(reply.code)) throw new Error(`SMTP server answered "${reply.text.split('\n').pop()}"`);
        return reply;
      };
      const say = async (line: string, codes: number[]) => {
        socket.write(`${line}\r\n`);
        return expect(codes);
      };
      try {
        await expect([220]);
        let hello = await say(`EHLO ${hostname() || 'localhost'}`, [250]);
        if (!settings.secure && /STARTTLS/i.test(hello.text)) {
          await say('STARTTLS', [220]);
          const plain = socket;
          socket = tls.connect({ socket: plain, servername: settings.host });
          reader.attach(socket, plain);
          hello = await say(`EHLO ${hostname() || 'localhost'}`, [250]);
        }
        if (settings.user) {
          await say(`AUTH PLAIN ${Buffer.from(`\0${settings.user}\0${settings.password ?? ''}`).toString('base64')}`, [235]);
        }
        await say(`MAIL FROM:<${settings.from}>`, [250]);
        await say(`RCPT TO:<${to}>`, [250, 251]);
        await say('DATA', [354]);
        await say(`${smtpMessage(settings.from, to, subject, text)}.`, [250]);
        // Sent: a server that hangs up without a goodbye changes nothing.
        await say('QUIT', [221]).catch(() => {});
      } finally {
        socket.end();
      }
    },
  };
}
