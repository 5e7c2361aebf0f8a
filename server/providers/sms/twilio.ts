import type { WhatsAppProvider } from '../whatsapp/types.ts';
import { SmsSendError, type SmsProvider } from './types.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or a Messaging Service SID (MG…); for WhatsApp, `whatsapp:+60…`. */
  from: string;
  /** Twilio's API address (TWILIO_API_BASE): staging and tests point it at a double. */
  apiBase?: string;
  /** Where Twilio posts each message's status (PUBLIC_URL + /api/messages/twilio/status); none: no status. */
  statusCallback?: string;
}

export const TWILIO_API_BASE = 'https://api.twilio.com';

/**
 * Twilio's Messages API, for SMS and WhatsApp alike. Errors carry Twilio's status and message,
 * never the code sent. A 4xx answer other than 429 is final (a number, text or template Twilio
 * will not take); 429, 5xx and no answer are passing faults. Twilio documents no idempotency key
 * for creating a message: each request it accepts is a new message (docs/integrations.md,
 * "Twilio"), so none is sent.
 */
function twilioMessages(config: TwilioConfig, fetchFn: typeof fetch, what: string) {
  const base = (config.apiBase ?? TWILIO_API_BASE).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  return async function post(form: URLSearchParams): Promise<{ ref?: string }> {
    if (config.statusCallback) form.set('StatusCallback', config.statusCallback);
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new SmsSendError(`${what} provider out of reach: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new SmsSendError(`${what} provider answered ${res.status}: ${detail.slice(0, 200)}`, res.status >= 400 && res.status < 500 && res.status !== 429);
    }
    const body = (await res.json().catch(() => ({}))) as { sid?: unknown };
    return typeof body.sid === 'string' ? { ref: body.sid } : {};
  };
}

export function twilioSms(config: TwilioConfig, fetchFn: typeof fetch = fetch): SmsProvider {
  const post = twilioMessages(config, fetchFn, 'SMS');
  function send(phone: string, text: string) {
    const form = new URLSearchParams({ To: phone, Body: text });
    form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
    return post(form);
  }
  return {
    name: 'twilio',
    sendOtp: async ({ phone, text }) => {
      await send(phone, text);
    },
    send: ({ phone, text }) => send(phone, text),
  };
}

/**
 * WhatsApp through the same Messages API: `From=whatsapp:+60…`, `To=whatsapp:<address>`, and an
 * approved template (`ContentSid`, `ContentVariables` as JSON) or, within WhatsApp's window, a
 * `Body`.
 */
export function twilioWhatsApp(config: TwilioConfig, fetchFn: typeof fetch = fetch): WhatsAppProvider {
  const post = twilioMessages(config, fetchFn, 'WhatsApp');
  return {
    name: 'twilio',
    send({ to, contentSid, variables, body }) {
      const form = new URLSearchParams({ From: config.from, To: `whatsapp:${to}` });
      if (contentSid) {
        form.set('ContentSid', contentSid);
        form.set('ContentVariables', JSON.stringify(variables ?? {}));
      } else form.set('Body', body ?? '');
      return post(form);
    },
  };
}
