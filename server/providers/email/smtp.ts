import nodemailer from 'nodemailer';
import type { EmailProvider } from './types.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  timeoutMs?: number;
  /** Certificates to trust besides the system's (a test server's own); none from the environment. */
  ca?: string;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * EMAIL_PROVIDER=smtp: nodemailer sends each e-mail to the configured server (STARTTLS when
 * offered, AUTH when a user is set, RFC 2047 subjects, UTF-8 text, dot-stuffing).
 */
export function smtpEmail(settings: SmtpSettings): EmailProvider {
  const timeout = settings.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    tls: { servername: settings.host, ...(settings.ca ? { ca: settings.ca } : {}) },
  });
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      if (/[\r\n<>]/.test(to)) throw new Error('an e-mail address cannot hold line breaks or angle brackets');
      try {
        await transport.sendMail({ from: settings.from, to, subject, text });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'EAUTH') throw new Error(`the SMTP server refused the login of SMTP_USER "${settings.user}": ${reason(err)}`, { cause: err });
        throw new Error(`e-mail through SMTP not sent: ${reason(err)}`, { cause: err });
      }
    },
  };
}
