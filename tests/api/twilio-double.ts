import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's Messages API, started by a test: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with Basic auth and a form body, answered as
 * Twilio does (201 and the message's JSON, or an error object). As Twilio, it de-duplicates
 * nothing: every request it takes is a new message, whatever its headers. A test may make the
 * next requests fail, or hold them (taken, never answered).
 */

export interface DoubleMessage {
  sid: string;
  to: string;
  from: string | null;
  body: string;
}

export interface TwilioDouble {
  /** The base to give the adapter (TWILIO_API_BASE). */
  readonly base: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** Messages taken: one per request taken. */
  readonly messages: DoubleMessage[];
  /** Every request that reached it, refused ones included. */
  readonly requests: { to: string; body: string }[];
  /** The next `count` requests are answered `status` (503: a passing fault; 400: refused) and send nothing. */
  failNext(count: number, status?: number): void;
  /** From now on messages are taken (kept) but never answered: the caller is left waiting. */
  hold(holding: boolean): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

export async function startTwilioDouble(): Promise<TwilioDouble> {
  const accountSid = 'AC00000000000000000000000000000001';
  const authToken = 'twilio-double-token';
  const messages: DoubleMessage[] = [];
  const requests: { to: string; body: string }[] = [];
  let failing = 0;
  let failStatus = 503;
  let holding = false;
  const held = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const answer = (m: DoubleMessage) => ({ sid: m.sid, account_sid: accountSid, to: m.to, from: m.from, body: m.body, status: 'queued', num_segments: '1' });

  const server = createServer(async (req, res) => {
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    requests.push({ to, body: form.get('Body') ?? '' });
    if (failing > 0) {
      failing--;
      return json(res, failStatus, failStatus === 400 ? { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 } : { code: 20500, message: 'Internal Server Error', status: failStatus });
    }
    const message = { sid: `SM${String(messages.length + 1).padStart(32, '0')}`, to, from: form.get('From') ?? form.get('MessagingServiceSid'), body: form.get('Body') ?? '' };
    messages.push(message);
    if (holding) {
      held.add(res);
      return;
    }
    json(res, 201, answer(message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    failNext(count, status = 503) {
      failing = count;
      failStatus = status;
    },
    hold(on) {
      holding = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
