import { consoleEmail } from './console.ts';
import { smtpEmail } from './smtp.ts';
import type { EmailProvider } from './types.ts';

export type { EmailProvider } from './types.ts';

/**
 * EMAIL_PROVIDER=console (the default outside production): e-mails go to the log, as console SMS
 * do; smtp: through SMTP_HOST, SMTP_PORT (587; 465 with SMTP_SECURE=1), SMTP_USER,
 * SMTP_PASSWORD, SMTP_FROM; off: no e-mail is sent.
 */
export function emailProviderFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): EmailProvider | null {
  if (name === 'console') return consoleEmail();
  if (name === 'off') return null;
  if (name === 'smtp') {
    const host = env.SMTP_HOST?.trim();
    const from = env.SMTP_FROM?.trim();
    if (!host || !from) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_HOST and SMTP_FROM');
    const secure = env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true';
    const port = Number(env.SMTP_PORT || (secure ? 465 : 587));
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not "${env.SMTP_PORT}"`);
    return smtpEmail({ host, port, secure, from, ...(env.SMTP_USER ? { user: env.SMTP_USER, password: env.SMTP_PASSWORD ?? '' } : {}) });
  }
  throw new Error(`Unknown EMAIL_PROVIDER "${name}": use console, smtp or off`);
}
