import { SmsSendError, type SmsProvider } from './types.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or a Messaging Service SID (MG…). */
  from: string;
  /** Twilio's API address (TWILIO_API_BASE): staging and tests point it at a double. */
  apiBase?: string;
}

export const TWILIO_API_BASE = 'https://api.twilio.com';

/**
 * Twilio's Messages API. Errors carry Twilio's status and message, never the code sent. A 4xx
 * answer other than 429 is final (a number or text Twilio will not take); 429, 5xx and no answer
 * are passing faults. Twilio documents no idempotency key for creating a message: each request it
 * accepts is a new message (docs/integrations.md, "Twilio"), so none is sent.
 */
export function twilioSms(config: TwilioConfig, fetchFn: typeof fetch = fetch): SmsProvider {
  const base = (config.apiBase ?? TWILIO_API_BASE).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  async function send(phone: string, text: string): Promise<{ ref?: string }> {
    const form = new URLSearchParams({ To: phone, Body: text });
    form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new SmsSendError(`SMS provider out of reach: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new SmsSendError(`SMS provider answered ${res.status}: ${detail.slice(0, 200)}`, res.status >= 400 && res.status < 500 && res.status !== 429);
    }
    const body = (await res.json().catch(() => ({}))) as { sid?: unknown };
    return typeof body.sid === 'string' ? { ref: body.sid } : {};
  }
  return {
    name: 'twilio',
    sendOtp: async ({ phone, text }) => {
      await send(phone, text);
    },
    send: ({ phone, text }) => send(phone, text),
  };
}
