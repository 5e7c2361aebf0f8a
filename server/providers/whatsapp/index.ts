import { twilioWhatsApp } from '../sms/twilio.ts';
import { consoleWhatsApp } from './console.ts';
import type { WhatsAppProvider } from './types.ts';

export type { WhatsAppMessage, WhatsAppProvider } from './types.ts';

/**
 * WHATSAPP_PROVIDER=console (default: printed in the log), twilio (with TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and TWILIO_WHATSAPP_FROM, `whatsapp:+60…`; TWILIO_API_BASE as for SMS), or
 * off (no WhatsApp: every order update goes by SMS). `statusCallback`: the address Twilio
 * posts each message's status to (PUBLIC_URL + /api/messages/twilio/status), when known.
 */
export function whatsappProviderFromEnv(name: string, env: NodeJS.ProcessEnv = process.env, statusCallback?: string | null): WhatsAppProvider | null {
  if (name === 'off') return null;
  if (name === 'console') return consoleWhatsApp();
  if (name === 'twilio') {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_WHATSAPP_FROM: from } = env;
    if (!accountSid || !authToken || !from) throw new Error('WHATSAPP_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_WHATSAPP_FROM');
    if (!/^whatsapp:\+[1-9]\d{7,14}$/.test(from.trim())) throw new Error(`TWILIO_WHATSAPP_FROM must be the WhatsApp sender as whatsapp:+<country code><number> (e.g. whatsapp:+60312345678), not "${from}"`);
    return twilioWhatsApp({
      accountSid,
      authToken,
      from: from.trim(),
      ...(env.TWILIO_API_BASE?.trim() ? { apiBase: env.TWILIO_API_BASE.trim() } : {}),
      ...(statusCallback ? { statusCallback } : {}),
    });
  }
  throw new Error(`Unknown WHATSAPP_PROVIDER "${name}": use console, twilio or off`);
}
