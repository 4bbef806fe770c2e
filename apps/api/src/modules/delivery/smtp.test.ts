import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer as startServer } from '../../test/smtp-server.ts';
import { DeliveryError } from './message.ts';
import { createSmtpMail } from './smtp.ts';

/** The text of a MIME body: quoted-printable or base64 as nodemailer writes them. */
function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A MIME header (encoded words decoded). */
function header(raw: string, name: string): string {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n\s+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('SMTP mail (MAIL_DELIVERY=smtp)', () => {
  it('hands a Russian letter to the server from MAIL_FROM', async () => {
    const server = await startServer();
    closers.push(server.close);
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${server.port}`, from: 'Экран <noreply@ekran.example>' });
    closers.push(mail.close);

    const text = 'Ваш код подтверждения: 123456\nСсылка: http://localhost:3000/email-confirm?email=zritel%40example.ru&code=123456';
    await mail.send({ channel: 'email', to: 'zritel@example.ru', subject: 'Подтвердите почту — Экран', text });

    expect(server.received).toHaveLength(1);
    const [letter] = server.received;
    expect(letter!.from).toBe('noreply@ekran.example');
    expect(letter!.to).toEqual(['zritel@example.ru']);
    expect(header(letter!.raw, 'Subject')).toBe('Подтвердите почту — Экран');
    expect(header(letter!.raw, 'From')).toBe('Экран <noreply@ekran.example>');
    expect(decodeBody(letter!.raw).trim()).toBe(text.replace(/\n/g, '\r\n'));
  });

  it('logs in with the user and password of SMTP_URL', async () => {
    const server = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'p@ss word') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    closers.push(server.close);
    const good = createSmtpMail({ url: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${server.port}`, from: 'noreply@ekran.example' });
    const bad = createSmtpMail({ url: `smtp://mailer:wrong@127.0.0.1:${server.port}`, from: 'noreply@ekran.example' });
    closers.push(good.close, bad.close);

    await good.send({ channel: 'email', to: 'a@example.ru', subject: 'x', text: 'y' });
    expect(server.received.map((r) => r.user)).toEqual(['mailer']);
    await expect(bad.send({ channel: 'email', to: 'a@example.ru', subject: 'x', text: 'y' })).rejects.toThrow(DeliveryError);
    expect(server.received).toHaveLength(1);
  });

  it('fails when the server refuses the recipient', async () => {
    const server = await startServer({
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@blocked.example')) callback(new Error('Mailbox unavailable'));
        else callback();
      },
    });
    closers.push(server.close);
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${server.port}`, from: 'noreply@ekran.example' });
    closers.push(mail.close);
    await expect(mail.send({ channel: 'email', to: 'x@blocked.example', subject: 'x', text: 'y' })).rejects.toThrow(/SMTP delivery failed/);
    expect(server.received).toHaveLength(0);
  });

  it('fails fast when nothing listens', async () => {
    const server = await startServer();
    await server.close();
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${server.port}`, from: 'noreply@ekran.example', timeoutMs: 2000 });
    closers.push(mail.close);
    await expect(mail.send({ channel: 'email', to: 'a@example.ru', subject: 'x', text: 'y' })).rejects.toThrow(DeliveryError);
  });

  it('does not carry SMS', async () => {
    const mail = createSmtpMail({ url: 'smtp://127.0.0.1:9', from: 'noreply@ekran.example' });
    closers.push(mail.close);
    await expect(mail.send({ channel: 'sms', to: '+79991234567', text: 'x' })).rejects.toThrow(DeliveryError);
  });
});
