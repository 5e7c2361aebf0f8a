import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NoticeKind } from '../../contract/my-orders-dto.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { fillTemplate, whatsappTemplateBody } from '../../server/modules/notifications/whatsapp.ts';

/**
 * A local stand-in for Twilio's Messages API, started by a test: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with Basic auth and a form body, answered as
 * Twilio does (201 and the message's JSON, or an error object). As Twilio, it de-duplicates
 * nothing: every request it takes is a new message, whatever its headers. A test may make the
 * next requests fail, or hold them (taken, never answered).
 *
 * WhatsApp as Twilio has it: `From` and `To` are `whatsapp:` addresses; a template is named by
 * `ContentSid` (the shop's approved ones, content/messages/whatsapp.json, whose bodies the double
 * knows) and filled from `ContentVariables`: an unknown SID is refused (400, 21655), as are
 * variables that are not JSON or leave a {{n}} unfilled (400, 21656). A number that is not on
 * WhatsApp is taken (201) and fails later, as Twilio reports it: through a status callback with
 * ErrorCode 63003. Callbacks (a status, a customer's message) are made here, signed as Twilio
 * signs them, and handed to the test to post.
 */

export interface DoubleMessage {
  sid: string;
  to: string;
  from: string | null;
  /** What the customer reads: the Body, or the template filled in. */
  body: string;
  channel: 'sms' | 'whatsapp';
  /** On WhatsApp: the template's SID, its kind and language (from the shop's content), and the variables. */
  contentSid?: string;
  template?: { kind: NoticeKind; locale: Locale };
  variables?: Record<string, string>;
  statusCallback: string | null;
}

/** A callback as Twilio posts it: to `url`, a form, `X-Twilio-Signature`. */
export interface SignedCallback {
  url: string;
  path: string;
  body: string;
  headers: Record<string, string>;
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
  /** The status callback Twilio would post for a message it took (to its StatusCallback), signed. */
  statusCallback(sid: string, status: string, errorCode?: string): SignedCallback;
  /** A customer's WhatsApp message to the shop, as Twilio posts it to `url`, signed (`from`: whatsapp:+60… or a sender id). */
  inbound(url: string, message: { from: string; body: string; waId?: string }): SignedCallback;
  /** Signs a form for `url` with this account's token, as Twilio does. */
  sign(url: string, form: URLSearchParams, token?: string): string;
  /** From now on messages are taken (kept) but never answered: the caller is left waiting. */
  hold(holding: boolean): void;
  /** From now on requests are neither read nor answered (nothing is taken): the caller is left waiting before Twilio has its message. */
  stall(stalling: boolean): void;
  /** Requests left unread by stall(), so far. */
  readonly stalled: number;
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

/** The shop's approved templates by SID: which kind and language each is. */
function templatesBySid(): Map<string, { kind: NoticeKind; locale: Locale }> {
  const file = JSON.parse(readFileSync(new URL('../../content/messages/whatsapp.json', import.meta.url), 'utf8')) as Record<NoticeKind, Record<Locale, string>>;
  const bySid = new Map<string, { kind: NoticeKind; locale: Locale }>();
  for (const [kind, sids] of Object.entries(file)) for (const [locale, sid] of Object.entries(sids)) bySid.set(sid, { kind: kind as NoticeKind, locale: locale as Locale });
  return bySid;
}

/** Twilio's signature, made here on its own: base64 HMAC-SHA1 of the URL and the sorted parameters. */
function twilioSigns(token: string, url: string, form: URLSearchParams): string {
  const names = [...new Set(form.keys())].sort();
  const data = url + names.map((name) => form.getAll(name).map((value) => name + value).join('')).join('');
  return createHmac('sha1', token).update(Buffer.from(data, 'utf8')).digest('base64');
}

export async function startTwilioDouble(): Promise<TwilioDouble> {
  const accountSid = 'AC00000000000000000000000000000001';
  const authToken = 'twilio-double-token';
  const templates = templatesBySid();
  let inboundCount = 0;
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

  let stalling = false;
  let stalled = 0;
  const server = createServer(async (req, res) => {
    if (stalling) {
      stalled++;
      held.add(res);
      return;
    }
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid');
    const channel = to.startsWith('whatsapp:') ? ('whatsapp' as const) : ('sms' as const);
    const contentSid = form.get('ContentSid') ?? undefined;
    let body = form.get('Body') ?? '';
    let variables: Record<string, string> | undefined;
    const template = contentSid ? templates.get(contentSid) : undefined;
    if (contentSid) {
      try {
        variables = JSON.parse(form.get('ContentVariables') ?? '{}') as Record<string, string>;
      } catch {
        variables = undefined;
      }
      if (template && variables) body = fillTemplate(whatsappTemplateBody(template.kind, template.locale), variables);
    }
    requests.push({ to, body });
    if (failing > 0) {
      failing--;
      return json(res, failStatus, failStatus === 400 ? { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 } : { code: 20500, message: 'Internal Server Error', status: failStatus });
    }
    if (channel === 'whatsapp' && !from?.startsWith('whatsapp:')) return json(res, 400, { code: 63007, message: 'Twilio could not find a Channel with the specified From address', status: 400 });
    if (contentSid && !template) return json(res, 400, { code: 21655, message: 'The ContentSid is Invalid.', status: 400 });
    if (contentSid && (!variables || /\{\{\d+\}\}/.test(body))) return json(res, 400, { code: 21656, message: 'The ContentVariables Parameter is invalid.', status: 400 });
    const message: DoubleMessage = {
      sid: `${channel === 'whatsapp' ? 'MM' : 'SM'}${String(messages.length + 1).padStart(32, '0')}`,
      to,
      from,
      body,
      channel,
      ...(contentSid ? { contentSid, template: template!, variables: variables! } : {}),
      statusCallback: form.get('StatusCallback'),
    };
    messages.push(message);
    if (holding) {
      held.add(res);
      return;
    }
    json(res, 201, answer(message));
  });
  const signed = (url: string, form: URLSearchParams): SignedCallback => ({
    url,
    path: new URL(url).pathname,
    body: form.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSigns(authToken, url, form), 'I-Twilio-Idempotency-Token': `${form.get('MessageSid')}-${form.get('MessageStatus') ?? 'in'}` },
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
    sign: (url, form, token = authToken) => twilioSigns(token, url, form),
    statusCallback(sid, status, errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a StatusCallback`);
      const form = new URLSearchParams({ AccountSid: accountSid, MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, To: message.to, From: message.from ?? '', ApiVersion: '2010-04-01' });
      if (errorCode) form.set('ErrorCode', errorCode);
      if (message.channel === 'whatsapp') form.set('ChannelPrefix', 'whatsapp');
      return signed(message.statusCallback, form);
    },
    inbound(url, { from, body, waId }) {
      const sid = `SM${String(++inboundCount).padStart(6, '0')}${'f'.repeat(26)}`;
      const form = new URLSearchParams({ AccountSid: accountSid, MessageSid: sid, SmsMessageSid: sid, SmsSid: sid, From: from, To: 'whatsapp:+60312345678', Body: body, NumMedia: '0', NumSegments: '1', ProfileName: 'Customer', ApiVersion: '2010-04-01' });
      if (waId) form.set('WaId', waId);
      return signed(url, form);
    },
    hold(on) {
      holding = on;
    },
    stall(on) {
      stalling = on;
    },
    get stalled() {
      return stalled;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
