import { outboxMessages } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers } from '../../test/account-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';

/**
 * Every module that writes to a viewer sends through the app's one delivery of the settings: with
 * MAIL_DELIVERY=smtp the sign-up letter and the account's own codes go to the mail server, and nothing lands in the
 * local outbox, which nobody reads in production.
 */
describe('the app sends every letter through the delivery of its settings', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ MAIL_DELIVERY: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'noreply@ekran.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the sign-up confirmation and the account-deletion code by SMTP, keeping none in the outbox', async () => {
    const h = accountHelpers(t);
    const acc = await h.account();
    const sent = await h.call('POST', '/api/v1/account/delete/code', acc.first.auth, { channel: 'email' });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(acc.email)).length).toBe(2);
    expect(await t.db.select().from(outboxMessages)).toEqual([]);
  });
});
