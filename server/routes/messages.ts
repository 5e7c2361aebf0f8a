import type { Context, Hono } from 'hono';
import { userChannels, userChannelsSet } from '../../contract/channels.ts';
import type { ShopContext } from '../flows/context.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { receiveInbound, recordStatus } from '../modules/notifications/callbacks.ts';
import { setWhatsApp, whatsappChoice } from '../modules/notifications/whatsapp.ts';
import { validTwilioSignature } from '../providers/sms/twilio-signature.ts';
import { log } from '../ops/log.ts';

/** Twilio's callbacks are small forms; anything larger is nobody's callback. */
const CALLBACK_LIMIT_BYTES = 64 * 1024;

export const TWILIO_STATUS_PATH = '/messages/twilio/status';
export const TWILIO_INBOUND_PATH = '/messages/twilio/inbound';

/**
 * The customer's channel for order updates (app/user/channels, …/set), and Twilio's callbacks
 * (docs/contracts/running-the-business.md §3): a message's status, and what a customer wrote on
 * WhatsApp. A callback is acted on only when `X-Twilio-Signature` is Twilio's for the address it
 * was posted to (PUBLIC_URL + the path when set, else the request's own) and its form: otherwise
 * 403, and nothing changes. Without TWILIO_AUTH_TOKEN no callback can be checked, so none is taken.
 */
export function messageRoutes(calls: CallMounter, api: Hono<AppEnv>, ctx: ShopContext, twilioAuthToken: string | null) {
  calls.mount(userChannels, (_input, c) => whatsappChoice(ctx.db, c.get('user').id, c.get('locale')));
  calls.mount(userChannelsSet, async (input, c) => {
    const userId = c.get('user').id;
    await setWhatsApp(ctx.db, { userId, whatsapp: input.whatsapp, locale: c.get('locale'), source: 'account' }, ctx.now());
    return whatsappChoice(ctx.db, userId, c.get('locale'));
  });

  const senders = { sms: ctx.sms, whatsapp: ctx.whatsapp };

  /** The callback's form when it is Twilio's, else null. */
  async function signedForm(c: Context<AppEnv>, path: string): Promise<URLSearchParams | null> {
    if (!twilioAuthToken) return null;
    if (Number(c.req.header('content-length') ?? 0) > CALLBACK_LIMIT_BYTES) return null;
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > CALLBACK_LIMIT_BYTES) return null;
    const form = new URLSearchParams(raw);
    const url = ctx.publicUrl ? `${ctx.publicUrl.replace(/\/+$/, '')}/api${path}` : c.req.url;
    if (!validTwilioSignature(twilioAuthToken, url, form, c.req.header('x-twilio-signature'))) {
      log.warn(`[whatsapp] a callback to /api${path} without Twilio's signature for ${url}: refused`);
      return null;
    }
    return form;
  }

  api.post(TWILIO_STATUS_PATH, async (c) => {
    const form = await signedForm(c, TWILIO_STATUS_PATH);
    if (!form) return c.text('Forbidden', 403);
    await recordStatus(ctx.db, senders, { sid: form.get('MessageSid') ?? '', status: form.get('MessageStatus') ?? '', errorCode: form.get('ErrorCode') }, ctx.now());
    return c.body(null, 204);
  });

  api.post(TWILIO_INBOUND_PATH, async (c) => {
    const form = await signedForm(c, TWILIO_INBOUND_PATH);
    if (!form) return c.text('Forbidden', 403);
    const sid = form.get('MessageSid') ?? form.get('SmsMessageSid') ?? '';
    if (!sid) return c.text('No MessageSid', 400);
    await receiveInbound(ctx.db, senders, { sid, from: form.get('From') ?? '', body: form.get('Body') ?? '' }, ctx.now());
    // No reply in TwiML: a confirmation goes through the outbox like every message.
    return c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  });
}
