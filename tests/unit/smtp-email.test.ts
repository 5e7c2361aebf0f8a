import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { smtpEmail } from '../../server/providers/email/smtp.ts';

/** A small SMTP server: answers as a real one would, keeps what it was told. */
function fakeSmtp(options: { refuseRecipient?: boolean } = {}) {
  const heard: string[] = [];
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const stop = buffer.indexOf('\r\n');
        if (stop < 0) return;
        const line = buffer.slice(0, stop);
        buffer = buffer.slice(stop + 2);
        heard.push(line);
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n');
        else if (line.startsWith('MAIL FROM')) socket.write('250 ok\r\n');
        else if (line.startsWith('RCPT TO')) socket.write(options.refuseRecipient ? '550 no such user\r\n' : '250 ok\r\n');
        else if (line === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
      }
    });
  });
  return new Promise<{ port: number; heard: string[]; messages: string[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as net.AddressInfo).port, heard, messages, close: () => server.close() })),
  );
}

let close = () => {};
afterEach(() => close());

describe('e-mail through SMTP (EMAIL_PROVIDER=smtp)', () => {
  test('logs in, names sender and recipient, and sends the text in UTF-8 with its subject encoded', async () => {
    const smtp = await fakeSmtp();
    close = smtp.close;
    const email = smtpEmail({ host: '127.0.0.1', port: smtp.port, secure: false, user: 'shop', password: 'pw', from: 'noreply@servauto.my' });
    await email.send({ to: 'aisyah@example.com', subject: 'Servauto：关于您的 Myvi 的提醒', text: 'Servauto：您的 Perodua Myvi 的路税将于2025年7月2日到期。' });
    expect(smtp.heard).toEqual([
      expect.stringMatching(/^EHLO /),
      `AUTH PLAIN ${Buffer.from('\0shop\0pw').toString('base64')}`,
      'MAIL FROM:<noreply@servauto.my>',
      'RCPT TO:<aisyah@example.com>',
      'DATA',
      'QUIT',
    ]);
    const [message] = smtp.messages;
    expect(message).toMatch(/^From: noreply@servauto\.my\r\nTo: aisyah@example\.com\r\nSubject: =\?UTF-8\?B\?/);
    const body = message!.split('\r\n\r\n')[1]!.replace(/\r\n/g, '');
    expect(Buffer.from(body, 'base64').toString('utf8')).toBe('Servauto：您的 Perodua Myvi 的路税将于2025年7月2日到期。');
  });

  test('a refusal by the server is an error naming its answer', async () => {
    const smtp = await fakeSmtp({ refuseRecipient: true });
    close = smtp.close;
    const email = smtpEmail({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@servauto.my' });
    await expect(email.send({ to: 'nobody@example.com', subject: 's', text: 't' })).rejects.toThrow('SMTP server answered "550 no such user"');
  });
});
