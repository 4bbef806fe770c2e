import { createDb } from '@ekran/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { createOutboxDelivery } from './delivery.ts';
import { apiUrlOf, formatOutbox, OutboxReadError, readOutbox, recipientOf } from './outbox-read.ts';

it.each([
  ['Ivan@Mail.RU', 'ivan@mail.ru'],
  ['8 (999) 123-45-67', '+79991234567'],
  [' +7 999 123 45 67 ', '+79991234567'],
  ['12345', '12345'],
  ['', undefined],
  [undefined, undefined],
])('recipientOf(%j) is %j', (input, expected) => {
  expect(recipientOf(input)).toBe(expected);
});

it.each([
  [{ API_HOST: '127.0.0.1', API_PORT: 4000 }, undefined, 'http://127.0.0.1:4000'],
  [{ API_HOST: '0.0.0.0', API_PORT: 4711 }, undefined, 'http://127.0.0.1:4711'],
  [{ API_HOST: '::1', API_PORT: 4711 }, undefined, 'http://[::1]:4711'],
  [{ API_HOST: '127.0.0.1', API_PORT: 4000 }, 'http://api.internal:9000/', 'http://api.internal:9000'],
])('apiUrlOf(%j, %j) is %j', (env, apiUrl, expected) => {
  expect(apiUrlOf(env, apiUrl)).toBe(expected);
});

describe('npm run outbox: through the running API', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('reads the messages the API keeps, newest first, filtered by a phone however it is typed', async () => {
    const login = await loginDevice(t);
    const send = (phone: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/code', headers: login.auth, payload: { phone } });
    expect((await send('+79995550011')).statusCode).toBe(204);
    expect((await send('+79995550022')).statusCode).toBe(204);
    const env = { ...t.env, DATABASE_URL: undefined, PGLITE_DIR: '/nonexistent' };
    const all = await readOutbox(env, { limit: 20 }, url);
    expect(all.source).toBe(`the running API at ${url}`);
    expect(all.items.map((m) => m.recipient).slice(0, 2)).toEqual(['+79995550022', '+79995550011']);
    const one = await readOutbox(env, { to: '8 999 555-00-11', limit: 20 }, url);
    expect(one.items.map((m) => m.recipient)).toEqual(['+79995550011']);
    const text = formatOutbox(one, { to: '8 999 555-00-11' });
    expect(text).toMatch(/^1 latest message for 8 999 555-00-11, newest first \(read from the running API at http:\/\/127\.0\.0\.1:\d+\):\n\n/);
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}SMS {4}\+7 999 555-00-11 {2}code \d{6}\n {4}Экран: код для входа \d{6}\. Никому его не сообщайте\.\n/);
  });

  it('says so when the API keeps no outbox', async () => {
    const other = await createTestApp({ MAIL_DELIVERY: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'noreply@ekran.example', SMS_DELIVERY: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9/', SMS_GATEWAY_TOKEN: 'gateway-token-123' });
    try {
      const otherUrl = await other.app.listen({ host: '127.0.0.1', port: 0 });
      await expect(readOutbox({ ...other.env, PGLITE_DIR: '/nonexistent' }, { limit: 5 }, otherUrl)).rejects.toThrow(new OutboxReadError(`The API at ${otherUrl} keeps no outbox: neither MAIL_DELIVERY nor SMS_DELIVERY is outbox there.`));
    } finally {
      await other.close();
    }
  });

  it('says so when the API refuses the key', async () => {
    await expect(readOutbox({ ...t.env, WEB_API_KEY: 'not-the-key', PGLITE_DIR: '/nonexistent' }, { limit: 5 }, url)).rejects.toThrow(/refused the key WEB_API_KEY/);
  });
});

describe('npm run outbox: from the embedded database when no API runs', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ekran-outbox-'));
    const database = await createDb({ dataDir: path.join(dir, 'pglite'), migrationsDir: fromRoot('packages/db/drizzle') });
    await database.migrate();
    const outbox = createOutboxDelivery(database.db);
    await outbox.send({ channel: 'email', to: 'ivan@mail.ru', subject: 'Подтвердите почту — Экран', text: 'Ваш код подтверждения: 246810' });
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the PGlite folder itself', async () => {
    // Nothing listens on port 9 of the loopback address.
    const read = await readOutbox({ DATABASE_URL: undefined, PGLITE_DIR: path.join(dir, 'pglite'), API_HOST: '127.0.0.1', API_PORT: 9, WEB_API_KEY: 'x'.repeat(10) }, { to: 'IVAN@mail.ru', limit: 5 });
    expect(read.source).toBe(`the embedded database in ${path.join(dir, 'pglite')}`);
    expect(read.items.map((m) => [m.recipient, m.subject])).toEqual([['ivan@mail.ru', 'Подтвердите почту — Экран']]);
    expect(formatOutbox(read, {})).toContain('email  ivan@mail.ru  «Подтвердите почту — Экран»  code 246810\n    Ваш код подтверждения: 246810\n');
  });

  it('says there is no database yet', async () => {
    await expect(readOutbox({ DATABASE_URL: undefined, PGLITE_DIR: path.join(dir, 'missing'), API_HOST: '127.0.0.1', API_PORT: 9, WEB_API_KEY: 'x'.repeat(10) }, { limit: 5 })).rejects.toThrow(OutboxReadError);
  });

  it('says when there is nothing', () => {
    expect(formatOutbox({ items: [], source: 'the running API at http://127.0.0.1:4000' }, { to: '+79990000000' })).toBe('No messages for +79990000000 (read from the running API at http://127.0.0.1:4000).\n');
  });
});
