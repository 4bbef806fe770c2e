import { createDb, type DbHandle } from '@ekran/db';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { fromRoot } from '../../lib/paths.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { createDelivery, maskRecipient } from './delivery.ts';

describe('delivery settings (env.ts): a bad value stops the start naming it', () => {
  const base = { NODE_ENV: 'test' };
  it('defaults to the local outbox for mail and SMS', () => {
    const env = loadEnv(base);
    expect([env.MAIL_DELIVERY, env.SMS_DELIVERY, env.WEB_ORIGIN]).toEqual(['outbox', 'outbox', 'http://localhost:3000']);
  });

  it.each([
    [{ MAIL_DELIVERY: 'smtp' }, ['SMTP_URL: required when MAIL_DELIVERY=smtp', 'MAIL_FROM: required when MAIL_DELIVERY=smtp']],
    [{ MAIL_DELIVERY: 'smtp', SMTP_URL: '', MAIL_FROM: 'noreply@ekran.example' }, ['SMTP_URL: required when MAIL_DELIVERY=smtp']],
    [{ MAIL_DELIVERY: 'sendmail' }, ['MAIL_DELIVERY']],
    [{ SMTP_URL: 'http://mail.example' }, ['SMTP_URL: must be an smtp:// or smtps:// URL with a host']],
    [{ MAIL_FROM: 'Экран' }, ['MAIL_FROM: must be an address or "Name <address>"']],
    [{ SMS_DELIVERY: 'http' }, ['SMS_GATEWAY_URL: required when SMS_DELIVERY=http', 'SMS_GATEWAY_TOKEN: required when SMS_DELIVERY=http']],
    [{ SMS_DELIVERY: 'http', SMS_GATEWAY_URL: 'ftp://sms.example', SMS_GATEWAY_TOKEN: 'gateway-token' }, ['SMS_GATEWAY_URL: must be an http:// or https:// URL']],
    [{ SMS_GATEWAY_TOKEN: 'short' }, ['SMS_GATEWAY_TOKEN: at least 8 characters']],
    [{ SMS_GATEWAY_TIMEOUT_MS: '10' }, ['SMS_GATEWAY_TIMEOUT_MS']],
    [{ WEB_ORIGIN: 'localhost:3000' }, ['WEB_ORIGIN']],
  ])('%j is refused', (settings, messages) => {
    let error = '';
    try {
      loadEnv({ ...base, ...settings });
    } catch (err) {
      error = (err as Error).message;
    }
    expect(error).toMatch(/^Invalid API settings:/);
    for (const message of messages) expect(error).toContain(message);
  });

  it('accepts complete SMTP and gateway settings', () => {
    const env = loadEnv({
      ...base,
      MAIL_DELIVERY: 'smtp',
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      MAIL_FROM: 'Экран <noreply@ekran.example>',
      SMS_DELIVERY: 'http',
      SMS_GATEWAY_URL: 'https://sms.example/v1/send',
      SMS_GATEWAY_TOKEN: 'gateway-token-123',
    });
    expect(env).toMatchObject({ MAIL_DELIVERY: 'smtp', SMS_DELIVERY: 'http', SMS_GATEWAY_TIMEOUT_MS: 10_000 });
  });
});

describe('createDelivery: each channel through its adapter', () => {
  let database: DbHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The recipients of each letter the mail server received. */
  const mails = () => smtp.received.map((m) => m.to.join(','));
  const texts: unknown[] = [];
  const gateway = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string };
      texts.push(body.to);
      res.writeHead(body.to === '+79990000000' ? 503 : 200).end();
    });
  });
  let gatewayPort = 0;

  beforeAll(async () => {
    database = await createDb({ migrationsDir: fromRoot('packages/db/drizzle') });
    await database.migrate();
    smtp = await startSmtpServer();
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayPort = (gateway.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await smtp.close();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    await database.close();
  });

  const env = (o: Record<string, string>) => loadEnv({ NODE_ENV: 'test', ...o });

  it('keeps both in the outbox by default, newest first, readable per recipient', async () => {
    const { delivery, outbox } = createDelivery(env({}), database.db, { error: vi.fn() });
    await delivery.send({ channel: 'email', to: 'one@example.ru', subject: 'Тема', text: 'Письмо' });
    await delivery.send({ channel: 'sms', to: '+79991112233', text: 'Код 111111' });
    await delivery.send({ channel: 'sms', to: '+79991112233', text: 'Код 222222' });
    expect(outbox).not.toBeNull();
    expect((await outbox!.list('+79991112233')).map((m) => m.body)).toEqual(['Код 222222', 'Код 111111']);
    expect((await outbox!.list()).length).toBeGreaterThanOrEqual(3);
  });

  it('sends mail by SMTP and SMS by the gateway, with no outbox left', async () => {
    const { delivery, outbox, close } = createDelivery(
      env({ MAIL_DELIVERY: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'noreply@ekran.example', SMS_DELIVERY: 'http', SMS_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/send`, SMS_GATEWAY_TOKEN: 'gateway-token-123' }),
      database.db,
      { error: vi.fn() },
    );
    await delivery.send({ channel: 'email', to: 'two@example.ru', subject: 'Тема', text: 'Письмо' });
    await delivery.send({ channel: 'sms', to: '+79994445566', text: 'Код 333333' });
    close();
    expect(outbox).toBeNull();
    expect(mails()).toContain('two@example.ru');
    expect(texts).toContain('+79994445566');
    const stored = createDelivery(env({}), database.db, { error: vi.fn() }).outbox!;
    expect(await stored.list('two@example.ru')).toEqual([]);
    expect(await stored.list('+79994445566')).toEqual([]);
  });

  it('mixes: SMTP mail with SMS in the outbox', async () => {
    const { delivery, outbox, close } = createDelivery(env({ MAIL_DELIVERY: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'noreply@ekran.example' }), database.db, { error: vi.fn() });
    await delivery.send({ channel: 'email', to: 'three@example.ru', subject: 'Тема', text: 'Письмо' });
    await delivery.send({ channel: 'sms', to: '+79997778899', text: 'Код 444444' });
    close();
    expect(mails()).toContain('three@example.ru');
    expect((await outbox!.list('+79997778899')).map((m) => m.body)).toEqual(['Код 444444']);
    expect(await outbox!.list('three@example.ru')).toEqual([]);
  });

  it('logs a failed hand-over with a masked recipient and answers 503', async () => {
    const error = vi.fn();
    const { delivery } = createDelivery(env({ SMS_DELIVERY: 'http', SMS_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/send`, SMS_GATEWAY_TOKEN: 'gateway-token-123' }), database.db, { error });
    const failure = await delivery.send({ channel: 'sms', to: '+79990000000', text: 'Код' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ channel: 'sms', to: '+799***00' }), 'message delivery failed');
  });
});

it.each([
  ['zritel@example.ru', 'z***@example.ru'],
  ['+79991234567', '+799***67'],
  ['123', '***'],
])('maskRecipient(%j) is %j', (to, masked) => {
  expect(maskRecipient(to)).toBe(masked);
});
