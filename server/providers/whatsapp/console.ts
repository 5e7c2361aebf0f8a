import { log as logged } from '../../ops/log.ts';
import type { WhatsAppProvider } from './types.ts';

/** Development provider: the message goes to the server log, one line naming the address and template. */
export function consoleWhatsApp(log: (line: string) => void = (line) => logged.info(line)): WhatsAppProvider {
  let sent = 0;
  return {
    name: 'console',
    async send({ to, contentSid, preview }) {
      log(`[whatsapp] to ${to}${contentSid ? ` (template ${contentSid})` : ''}: ${preview.replace(/\n+/g, ' / ')}`);
      return { ref: `console-wa-${Date.now().toString(36)}-${++sent}` };
    },
  };
}
