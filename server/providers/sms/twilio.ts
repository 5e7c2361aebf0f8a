import type { SmsProvider } from './types.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or a Messaging Service SID (MG…). */
  from: string;
}

/** Twilio's Messages API. Errors carry Twilio's status and message, never the code sent. */
export function twilioSms(config: TwilioConfig, fetchFn: typeof fetch = fetch): SmsProvider {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  async function send(phone: string, text: string) {
    const form = new URLSearchParams({ To: phone, Body: text });
    form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
    const res = await fetchFn(url, {
      method: 'POST',
      headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new Error(`SMS provider answered ${res.status}: ${detail.slice(0, 200)}`);
    }
  }
  return {
    name: 'twilio',
    sendOtp: ({ phone, text }) => send(phone, text),
    send: ({ phone, text }) => send(phone, text),
  };
}
