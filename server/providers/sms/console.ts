import type { SmsProvider } from './types.ts';
import { log as logged } from '../../ops/log.ts';

/** Development provider: the code goes to the server log, one line naming the phone. */
export function consoleSms(log: (line: string) => void = (line) => logged.info(line)): SmsProvider {
  return {
    name: 'console',
    async sendOtp({ phone, code }) {
      log(`[sms] OTP for ${phone}: ${code}`);
    },
    async send({ phone, text }) {
      log(`[sms] to ${phone}: ${text}`);
    },
  };
}
