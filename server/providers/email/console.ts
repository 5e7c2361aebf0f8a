import type { EmailProvider } from './types.ts';
import { log as logged } from '../../ops/log.ts';

/** Development provider: each e-mail goes to the server log, one line naming the address. */
export function consoleEmail(log: (line: string) => void = (line) => logged.info(line)): EmailProvider {
  return {
    name: 'console',
    async send({ to, subject, text }) {
      log(`[email] to ${to}: ${subject} | ${text}`);
    },
  };
}
