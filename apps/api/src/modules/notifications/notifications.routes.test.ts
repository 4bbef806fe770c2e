import { NotifyStatusResponseSchema, NotifySubscriptionSchema } from '@ekran/contracts';
import { users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers } from '../../test/account-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDoubleOptIn } from './notifications.service.ts';

let t: TestApp;
let h: ReturnType<typeof accountHelpers>;
beforeAll(async () => {
  // Everyone in the Double_Opt_In group (the default, 100%).
  t = await createTestApp({ WEB_ORIGIN: 'https://ekran.example' });
  h = accountHelpers(t);
});
afterAll(() => t.close());

const status = async (auth: Record<string, string>) =>
  NotifyStatusResponseSchema.parse((await h.call('GET', '/api/v1/subscribe/status', auth)).json()).data.items;
const toggle = (auth: Record<string, string>, channel: string, subscribed: boolean) => h.call('PUT', `/api/v1/subscribe/${channel}`, auth, { subscribed });
const linkIn = (body: string, path: string) => body.match(new RegExp(`https://ekran\\.example${path}[^\\s]*`))?.[0] ?? '';

describe('GET /api/v1/subscribe/status and /{channel}/status (spec platform §7)', () => {
  it('answers data.items: every channel off at first, SMS unavailable without a phone', async () => {
    const acc = await h.account();
    expect((await status(acc.first.auth)).map((i) => [i.channel, i.status, i.available, i.destination])).toEqual([
      ['email', 'off', true, acc.email],
      ['push', 'off', true, null],
      ['sms', 'off', false, null],
    ]);
    const one = NotifyStatusResponseSchema.parse((await h.call('GET', '/api/v1/subscribe/push/status', acc.first.auth)).json());
    expect(one.data.items.map((i) => i.channel)).toEqual(['push']);
  });

  it('answers 400 for an unknown channel, 403 for a virtual user, 401 without a session', async () => {
    const acc = await h.account();
    expect((await h.call('GET', '/api/v1/subscribe/fax/status', acc.first.auth)).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/subscribe/status', (await h.browser()).auth)).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/subscribe/status', t.headers)).statusCode).toBe(401);
  });
});

describe('email under Double_Opt_In: a letter, then active only by its link', () => {
  it('turns pending, mails /doi-confirm?token=…, and the link activates it once', async () => {
    const acc = await h.account();
    const res = await toggle(acc.first.auth, 'email', true);
    expect(NotifySubscriptionSchema.parse(res.json()).status).toBe('pending');
    const letter = (await h.outbox(acc.email))[0]!;
    expect(letter.subject).toBe('Подтвердите подписку на рассылку — Экран');
    const link = new URL(linkIn(letter.body, '/doi-confirm'));
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    // No session needed: the link may open in another browser.
    const confirmed = await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ channel: 'email', status: 'active', destination: `${acc.email[0]}***@example.ru` });
    expect((await status(acc.first.auth))[0]!.status).toBe('active');

    const again = await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token });
    expect([again.statusCode, again.json().code]).toEqual([400, 'INVALID_TOKEN']);

    // The welcome letter is a marketing one: it carries the signed one-click unsubscribe link.
    const welcome = (await h.outbox(acc.email))[0]!;
    expect(welcome.subject).toBe('Подписка подтверждена — Экран');
    expect(linkIn(welcome.body, `/auth/unsubscribe/${acc.id}`)).toMatch(new RegExp(`^https://ekran\\.example/auth/unsubscribe/${acc.id}\\?sig=[\\w-]{43}$`));
  });

  it('refuses a link after three days, a forged one, and one whose subscription was turned off', async () => {
    const acc = await h.account();
    await toggle(acc.first.auth, 'email', true);
    const token = new URL(linkIn((await h.outbox(acc.email))[0]!.body, '/doi-confirm')).searchParams.get('token')!;
    expect((await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token: `${token.slice(0, -1)}x` })).statusCode).toBe(400);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3 * 86_400_000 + 1);
    try {
      expect((await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token })).statusCode).toBe(400);
    } finally {
      t.clock.now = saved;
    }
    await toggle(acc.first.auth, 'email', true);
    const second = new URL(linkIn((await h.outbox(acc.email))[0]!.body, '/doi-confirm')).searchParams.get('token')!;
    await toggle(acc.first.auth, 'email', false);
    expect((await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token: second })).statusCode).toBe(400);
    expect((await status(acc.first.auth))[0]!.status).toBe('off');
  });

  it('makes an earlier letter worthless when a new one is sent', async () => {
    const acc = await h.account();
    await toggle(acc.first.auth, 'email', true);
    const first = new URL(linkIn((await h.outbox(acc.email))[0]!.body, '/doi-confirm')).searchParams.get('token')!;
    await toggle(acc.first.auth, 'email', true);
    expect((await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token: first })).statusCode).toBe(400);
  });
});

describe('SMS and push', () => {
  it('needs a phone for SMS, then toggles it; push toggles on its own', async () => {
    const acc = await h.account();
    const none = await toggle(acc.first.auth, 'sms', true);
    expect([none.statusCode, none.json().code]).toEqual([400, 'NO_DESTINATION']);
    await t.db.update(users).set({ phone: '+79991234567' }).where(eq(users.id, acc.id));
    expect((await toggle(acc.first.auth, 'sms', true)).json()).toMatchObject({ status: 'active', destination: '+79991234567' });
    expect((await toggle(acc.first.auth, 'push', true)).json()).toMatchObject({ status: 'active' });
    expect((await status(acc.first.auth)).map((i) => i.status)).toEqual(['off', 'active', 'active']);
    expect((await toggle(acc.first.auth, 'push', false)).json().status).toBe('off');
  });

  it('answers 400 for a bad body', async () => {
    const acc = await h.account();
    expect((await h.call('PUT', '/api/v1/subscribe/push', acc.first.auth, { subscribed: 'yes' })).statusCode).toBe(400);
  });
});

describe('the signed one-click unsubscribe link (/auth/unsubscribe/{account_id}?sig=…)', () => {
  async function subscribed() {
    const acc = await h.account();
    await toggle(acc.first.auth, 'email', true);
    const token = new URL(linkIn((await h.outbox(acc.email))[0]!.body, '/doi-confirm')).searchParams.get('token')!;
    await h.call('POST', '/api/v1/subscribe/email/confirm', t.headers, { token });
    const sig = new URL(linkIn((await h.outbox(acc.email))[0]!.body, '/auth/unsubscribe')).searchParams.get('sig')!;
    return { ...acc, sig };
  }

  it('shows the masked address and unsubscribes without a session, then subscribes again', async () => {
    const acc = await subscribed();
    const seen = await h.call('GET', `/api/v1/subscribe/unsubscribe/${acc.id}?sig=${acc.sig}`, t.headers);
    expect(seen.json()).toMatchObject({ status: 'active', destination: `${acc.email[0]}***@example.ru` });
    const off = await h.call('POST', `/api/v1/subscribe/unsubscribe/${acc.id}`, t.headers, { sig: acc.sig, subscribed: false });
    expect(off.json().status).toBe('off');
    expect((await status(acc.first.auth))[0]!.status).toBe('off');
    // The link came by mail, so subscribing again by it needs no second confirmation.
    const on = await h.call('POST', `/api/v1/subscribe/unsubscribe/${acc.id}`, t.headers, { sig: acc.sig, subscribed: true });
    expect(on.json().status).toBe('active');
  });

  it("refuses a forged signature and another account's signature, changing nothing", async () => {
    const acc = await subscribed();
    const other = await subscribed();
    for (const [id, sig] of [
      [acc.id, `${acc.sig.slice(0, -2)}${acc.sig.endsWith('AA') ? 'BB' : 'AA'}`],
      [acc.id, other.sig],
      [other.id, acc.sig],
    ] as const) {
      const get = await h.call('GET', `/api/v1/subscribe/unsubscribe/${id}?sig=${sig}`, t.headers);
      expect([get.statusCode, get.json().code]).toEqual([403, 'INVALID_SIGNATURE']);
      const post = await h.call('POST', `/api/v1/subscribe/unsubscribe/${id}`, t.headers, { sig, subscribed: false });
      expect(post.statusCode).toBe(403);
    }
    expect((await status(acc.first.auth))[0]!.status).toBe('active');
    expect((await status(other.first.auth))[0]!.status).toBe('active');
  });

  it('answers 400 for a bad account id or a missing signature', async () => {
    expect((await h.call('GET', '/api/v1/subscribe/unsubscribe/not-a-uuid?sig=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', t.headers)).statusCode).toBe(400);
    expect((await h.call('GET', `/api/v1/subscribe/unsubscribe/${crypto.randomUUID()}`, t.headers)).statusCode).toBe(400);
  });
});

describe('outside the Double_Opt_In group', () => {
  it('turns email on at once, with the unsubscribe link in the letter', async () => {
    const other = await createTestApp({ DOUBLE_OPT_IN_PERCENT: '0' });
    try {
      const oh = accountHelpers(other);
      const acc = await oh.account();
      const res = await oh.call('PUT', '/api/v1/subscribe/email', acc.first.auth, { subscribed: true });
      expect(res.json().status).toBe('active');
      const letter = (await oh.outbox(acc.email))[0]!;
      expect(letter.subject).toBe('Вы подписались на рассылку Экрана');
      expect(letter.body).toContain(`/auth/unsubscribe/${acc.id}?sig=`);
      expect(letter.body).not.toContain('/doi-confirm');
    } finally {
      await other.close();
    }
  });
});

describe('inDoubleOptIn (spec platform §6 Double_Opt_In)', () => {
  const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  it.each([
    [0, 0, 0],
    [100, 400, 400],
    [50, 150, 250],
  ])('puts about %i%% of accounts in the group', (percent, min, max) => {
    const count = ids.filter((id) => inDoubleOptIn(id, percent)).length;
    expect(count).toBeGreaterThanOrEqual(min);
    expect(count).toBeLessThanOrEqual(max);
  });

  it('keeps an account in the same group', () => {
    expect(ids.map((id) => inDoubleOptIn(id, 30))).toEqual(ids.map((id) => inDoubleOptIn(id, 30)));
  });
});
