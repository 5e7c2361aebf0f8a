import { consoleEmail } from './console.ts';
import type { EmailProvider } from './types.ts';

export type { EmailProvider } from './types.ts';

/**
 * EMAIL_PROVIDER=console (the default outside production): e-mails go to the log, as console SMS
 * do; off: no e-mail is sent. A real provider plugs in behind the same interface.
 */
export function emailProviderFromEnv(name: string): EmailProvider | null {
  if (name === 'console') return consoleEmail();
  if (name === 'off') return null;
  throw new Error(`Unknown EMAIL_PROVIDER "${name}": use console or off`);
}
