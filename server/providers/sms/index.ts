import { consoleSms } from './console.ts';
import { twilioSms } from './twilio.ts';
import type { SmsProvider } from './types.ts';

export { SmsSendError, type SmsProvider } from './types.ts';

/** SMS_PROVIDER=console (default) or twilio (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM; TWILIO_API_BASE to send elsewhere than Twilio). */
/** `statusCallback`: where Twilio posts each message's status (PUBLIC_URL + /api/messages/twilio/status), when known. */
export function smsProviderFromEnv(name: string, env: NodeJS.ProcessEnv = process.env, statusCallback?: string | null): SmsProvider {
  if (name === 'console') return consoleSms();
  if (name === 'twilio') {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
    if (!accountSid || !authToken || !from) {
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    }
    return twilioSms({ accountSid, authToken, from, ...(env.TWILIO_API_BASE?.trim() ? { apiBase: env.TWILIO_API_BASE.trim() } : {}), ...(statusCallback ? { statusCallback } : {}) });
  }
  throw new Error(`Unknown SMS_PROVIDER "${name}": use console or twilio`);
}
