import type { NotifyChannel, NotifyStatusResponse, NotifySubscription } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { EXPERIMENTS, maskEmail, maskPhone, DAY_MS } from '@ekran/core';
import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { hashToken, hmac, newToken, safeEqual } from '../../lib/tokens.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createNotificationsRepo, type NotifyRow } from './notifications.repo.ts';

/** A double opt-in link works for three days. */
export const DOI_TOKEN_TTL_MS = 3 * DAY_MS;
const CHANNELS: readonly NotifyChannel[] = ['email', 'push', 'sms'];

/**
 * spec platform §6 Double_Opt_In: whether the account is in the experiment's test group. The group is
 * stable per account (a hash of its id), and DOUBLE_OPT_IN_PERCENT sets its share.
 */
export function inDoubleOptIn(userId: string, percent: number): boolean {
  const bucket = createHash('sha256').update(`${EXPERIMENTS.doubleOptIn}:${userId}`).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

type User = { id: string; email: string | null; phone: string | null; isVirtual: boolean };

/** Notification subscriptions by email, push and SMS (spec platform §1, §7), double opt-in and one-click unsubscribe. */
export function createNotificationsService(deps: Pick<Deps, 'env' | 'database' | 'now'>, delivery: Delivery) {
  const repo = createNotificationsRepo(deps.database.db);
  const signature = (accountId: string) => hmac(deps.env.CODE_SECRET, `unsubscribe:${accountId}`);

  /** The signed one-click unsubscribe page of an account; it works without signing in. */
  const unsubscribeUrl = (accountId: string) => `${deps.env.WEB_ORIGIN}/auth/unsubscribe/${accountId}?sig=${signature(accountId)}`;

  /** Every marketing letter ends with the one-click unsubscribe link. */
  async function sendMarketing(user: { id: string; email: string }, subject: string, text: string) {
    await delivery.send({ channel: 'email', to: user.email, subject, text: `${text}\n\n—\nОтписаться от рассылки в один клик: ${unsubscribeUrl(user.id)}` });
  }

  const destinationOf = (user: User, channel: NotifyChannel) => (channel === 'email' ? user.email : channel === 'sms' ? user.phone : null);
  const availableFor = (user: User, channel: NotifyChannel) => channel === 'push' || destinationOf(user, channel) !== null;

  function view(user: User, channel: NotifyChannel, row: NotifyRow | undefined, mask = false): NotifySubscription {
    const destination = destinationOf(user, channel);
    const shown = destination && mask ? (channel === 'email' ? maskEmail(destination) : maskPhone(destination)) : destination;
    return {
      channel,
      // Without an address the channel has nowhere to go, whatever was stored.
      status: availableFor(user, channel) ? (row?.status ?? 'off') : 'off',
      destination: shown,
      available: availableFor(user, channel),
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function registeredUser(session: SessionContext): Promise<User> {
    if (session.isVirtual) throw forbidden('Sign up first: notifications need an account');
    const user = await repo.user(session.userId);
    if (!user) throw notFound('Account');
    return user;
  }

  async function rowOf(userId: string, channel: NotifyChannel) {
    return (await repo.list(userId)).find((r) => r.channel === channel);
  }

  /** Turns email on: active at once, or, in the Double_Opt_In group, pending until the letter's link is opened. */
  async function emailOn(user: User & { email: string }, current: NotifyRow | undefined, viaSignedLink: boolean) {
    const at = deps.now();
    if (current?.status === 'active' && current.destination === user.email) return current;
    // The signed unsubscribe link came by mail, so it proves the mailbox already.
    if (!viaSignedLink && inDoubleOptIn(user.id, deps.env.DOUBLE_OPT_IN_PERCENT)) {
      const token = newToken();
      await repo.dropTokens(user.id, at);
      await repo.addToken({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + DOI_TOKEN_TTL_MS), at });
      await delivery.send({
        channel: 'email',
        to: user.email,
        subject: 'Подтвердите подписку на рассылку — Экран',
        text:
          `Чтобы получать письма Экрана о новинках, подборках и акциях, подтвердите подписку по ссылке:\n` +
          `${deps.env.WEB_ORIGIN}/doi-confirm?token=${token}\n` +
          `Ссылка действует 3 дня. Если вы не подписывались, просто проигнорируйте это письмо: без подтверждения писем не будет.`,
      });
      return repo.set({ userId: user.id, channel: 'email', status: 'pending', destination: user.email, confirmedAt: null, at });
    }
    const row = await repo.set({ userId: user.id, channel: 'email', status: 'active', destination: user.email, confirmedAt: at, at });
    await sendMarketing(user, 'Вы подписались на рассылку Экрана', 'Теперь вы первыми узнаете о новинках, подборках и акциях Экрана.');
    return row;
  }

  async function setChannel(user: User, channel: NotifyChannel, subscribed: boolean, viaSignedLink = false) {
    const at = deps.now();
    const current = await rowOf(user.id, channel);
    const destination = destinationOf(user, channel);
    if (!subscribed) {
      if (channel === 'email') await repo.dropTokens(user.id, at);
      return repo.set({ userId: user.id, channel, status: 'off', destination, at });
    }
    if (!availableFor(user, channel)) {
      throw new AppError(400, ErrorCode.NoDestination, channel === 'email' ? 'The account has no email to send to' : 'The account has no phone to send to');
    }
    if (channel === 'email') return emailOn(user as User & { email: string }, current, viaSignedLink);
    return repo.set({ userId: user.id, channel, status: 'active', destination, confirmedAt: at, at });
  }

  function checkSignature(accountId: string, sig: string) {
    if (!safeEqual(sig, signature(accountId))) throw new AppError(403, ErrorCode.InvalidSignature, 'The unsubscribe link is not valid');
  }

  return {
    unsubscribeUrl,

    /** spec platform §7 GET subscribe email / push / SMS status: data.items (all channels, or one). */
    async status(session: SessionContext, channel?: NotifyChannel): Promise<NotifyStatusResponse> {
      const user = await registeredUser(session);
      const rows = await repo.list(user.id);
      const channels = channel ? [channel] : CHANNELS;
      return { data: { items: channels.map((c) => view(user, c, rows.find((r) => r.channel === c))) } };
    },

    async toggle(session: SessionContext, channel: NotifyChannel, subscribed: boolean): Promise<NotifySubscription> {
      const user = await registeredUser(session);
      return view(user, channel, await setChannel(user, channel, subscribed));
    },

    /** The double opt-in link (/doi-confirm?token=…): once, within its lifetime, for the address it was sent to. */
    async confirmDoi(token: string): Promise<NotifySubscription> {
      const at = deps.now();
      const used = await repo.consumeToken(hashToken(token), at);
      const user = used ? await repo.user(used.userId) : null;
      const current = user ? await rowOf(user.id, 'email') : undefined;
      // The address changed or the subscription was turned off meanwhile: the link no longer stands for anything.
      if (!used || !user || user.email !== used.email || current?.status !== 'pending') {
        throw new AppError(400, ErrorCode.InvalidToken, 'The confirmation link is invalid, expired or already used');
      }
      const row = await repo.set({ userId: user.id, channel: 'email', status: 'active', destination: used.email, confirmedAt: at, at });
      await sendMarketing({ id: user.id, email: used.email }, 'Подписка подтверждена — Экран', 'Спасибо! Теперь вы первыми узнаете о новинках, подборках и акциях Экрана.');
      return view(user, 'email', row, true);
    },

    /** The email subscription behind a signed unsubscribe link (address masked); no session needed. */
    async unsubscribeStatus(accountId: string, sig: string): Promise<NotifySubscription> {
      checkSignature(accountId, sig);
      const user = await repo.user(accountId);
      if (!user) throw notFound('Account');
      return view(user, 'email', await rowOf(user.id, 'email'), true);
    },

    /** One click: unsubscribe (or subscribe again) by the signed link, without signing in. */
    async unsubscribeSet(accountId: string, sig: string, subscribed: boolean): Promise<NotifySubscription> {
      checkSignature(accountId, sig);
      const user = await repo.user(accountId);
      if (!user) throw notFound('Account');
      return view(user, 'email', await setChannel(user, 'email', subscribed, true), true);
    },
  };
}
