import {
  ErrorCode, type SupportMessage, type SupportStaffTicket, type SupportStaffTicketList, type SupportTicket, type SupportTicketCreated,
  type SupportTicketFields, type SupportTicketList, type SupportTicketStatus, type SupportTicketSummary, type SupportTopic,
} from '@ekran/contracts';
import { HOUR_MS } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken, hmac, safeEqual } from '../../lib/tokens.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { keepImages, type UploadedImage } from './support-images.ts';
import { createTicketsRepo, type AttachmentMeta, type MessageRow, type TicketRow } from './tickets.repo.ts';

/** Tickets an account or a guest address may open in an hour (a flood across addresses stops here). */
export const TICKETS_PER_HOUR = 5;
/** Messages a viewer may write in one ticket in an hour. */
export const MESSAGES_PER_TICKET_HOUR = 20;
/** How long a subject made from the message may be. */
const SUBJECT_MAX = 80;

/** The ticket's topic in the letters (the site's own texts are in its translations). */
const TOPIC_TITLES: Record<SupportTopic, string> = {
  account: 'Аккаунт и вход',
  payment: 'Подписка и оплата',
  playback: 'Проблемы с просмотром',
  devices: 'Устройства',
  kids: 'Детский профиль',
  tv: 'ТВ-каналы и архив',
  promo: 'Промокоды и сертификаты',
  other: 'Другое',
};

/** The first line of a message, cut at a word boundary (the ticket's subject in lists). */
export function subjectOf(message: string): string {
  const line = message.trim().split(/\r?\n/)[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= SUBJECT_MAX) return line;
  const cut = line.slice(0, SUBJECT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUBJECT_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}

const tooMany = (message: string) => new AppError(429, ErrorCode.RateLimited, message);

/**
 * Support tickets (spec platform §1, §2 /account/support, /contacts): an account's (the holder's: a child profile never
 * touches the account, spec platform §6) or a guest's, who reads and answers through a signed private link; support
 * answers through the staff routes, and every answer is a letter to the viewer.
 */
export function createTicketsService(deps: Pick<Deps, 'env' | 'database' | 'now'>, delivery: Delivery) {
  const repo = createTicketsRepo(deps.database.db);

  // The guest's private link: the ticket's id signed with CODE_SECRET, so every answer's letter can carry it again;
  // the database keeps only its hash.
  const guestToken = (ticketId: string) => `${ticketId}.${hmac(deps.env.CODE_SECRET, `support-ticket:${ticketId}`)}`;
  const guestLink = (ticketId: string) => `${deps.env.WEB_ORIGIN}/support/ticket/${guestToken(ticketId)}`;
  const accountLink = (ticketId: string) => `${deps.env.WEB_ORIGIN}/account/support/${ticketId}`;

  const isUnread = (t: TicketRow) => t.lastStaffMessageAt !== null && (t.viewerReadAt === null || t.lastStaffMessageAt > t.viewerReadAt);
  const summary = (t: TicketRow): SupportTicketSummary => ({
    id: t.id,
    number: t.number,
    topic: t.topic as SupportTopic,
    subject: t.subject,
    status: t.status,
    created_at: t.createdAt.toISOString(),
    last_message_at: t.lastMessageAt.toISOString(),
    unread: isUnread(t),
  });
  const staffSummary = (t: TicketRow) => {
    const { unread: _unread, ...rest } = summary(t);
    return { ...rest, user_id: t.userId, email: t.email, guest: t.userId === null };
  };
  const toMessages = (messages: MessageRow[], attachments: AttachmentMeta[]): SupportMessage[] =>
    messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      created_at: m.createdAt.toISOString(),
      attachments: attachments.filter((a) => a.messageId === m.id).map((a) => ({ id: a.id, width: a.width, height: a.height, content_type: a.contentType })),
    }));

  /** The account's own ticket, or 404 (another account's ticket does not exist for it). */
  async function ownTicket(session: SessionContext, id: string): Promise<TicketRow> {
    const ticket = await repo.byId(id);
    if (!ticket || ticket.userId !== session.userId) throw notFound('Ticket');
    return ticket;
  }

  /** The guest ticket a private link opens, or 404 (a forged or altered link opens nothing). */
  async function guestTicket(token: string): Promise<TicketRow> {
    const [id = '', signature = ''] = token.split('.');
    if (!/^[0-9a-f-]{36}$/.test(id) || !safeEqual(token, guestToken(id)) || !signature) throw notFound('Ticket');
    const ticket = await repo.byGuestTokenHash(hashToken(token));
    if (!ticket || ticket.id !== id || ticket.userId !== null) throw notFound('Ticket');
    return ticket;
  }

  async function withThread(ticket: TicketRow): Promise<SupportTicket> {
    const { messages, attachments } = await repo.thread(ticket.id);
    return { ...summary(ticket), messages: toMessages(messages, attachments) };
  }

  async function reply(ticket: TicketRow, message: string, images: readonly UploadedImage[]) {
    const now = deps.now();
    if ((await repo.viewerMessagesSince(ticket.id, new Date(now.getTime() - HOUR_MS))) >= MESSAGES_PER_TICKET_HOUR) {
      throw tooMany('Too many messages in this ticket; write again in an hour');
    }
    const kept = await keepImages(images);
    await repo.viewerReply(ticket.id, message.trim(), kept, now);
    return withThread({ ...ticket, status: 'open', closedAt: null, lastMessageAt: now, viewerReadAt: now });
  }

  return {
    guestLink,

    /**
     * A new ticket. A signed-up holder's belongs to the account (its answers go to the account's email, or to the one
     * given); a visitor without an account (a virtual session) must give an email, and gets the private link there.
     */
    async open(session: SessionContext, fields: SupportTicketFields, images: readonly UploadedImage[]): Promise<SupportTicketCreated> {
      const now = deps.now();
      const guest = session.isVirtual;
      const email = fields.email?.trim().toLowerCase() ?? (guest ? null : await repo.accountEmail(session.userId));
      if (guest && !email) {
        throw new AppError(400, ErrorCode.BadRequest, 'An email is required to answer a visitor without an account', { details: [{ path: 'email', message: 'required' }] });
      }
      const owner = guest ? { email: email! } : { userId: session.userId };
      if ((await repo.ticketsSince(owner, new Date(now.getTime() - HOUR_MS))) >= TICKETS_PER_HOUR) {
        throw tooMany('Too many tickets in an hour; add to an open one or write again later');
      }
      const kept = await keepImages(images);
      const ticket = await repo.create({
        userId: guest ? null : session.userId,
        email,
        topic: fields.topic,
        subject: subjectOf(fields.message),
        body: fields.message.trim(),
        images: kept,
        at: now,
        guestTokenHash: guest ? (id) => hashToken(guestToken(id)) : null,
      });
      if (guest && email) {
        await delivery.send({
          channel: 'email',
          to: email,
          subject: `Обращение № ${ticket.number} принято — Экран`,
          text:
            `Здравствуйте!\n\nМы получили ваше обращение № ${ticket.number} («${TOPIC_TITLES[fields.topic]}») и ответим в течение суток.\n` +
            `Прочитать ответ и дописать сообщение можно по личной ссылке:\n${guestLink(ticket.id)}\n\n` +
            `Не пересылайте эту ссылку: по ней открывается переписка с поддержкой.\n\n— Служба поддержки Экрана`,
        });
      }
      return { ticket: summary(ticket), guest };
    },

    async list(session: SessionContext): Promise<SupportTicketList> {
      const rows = await repo.listOfUser(session.userId);
      const items = rows.map(summary);
      return { items, unread_total: items.filter((t) => t.unread).length };
    },

    /** The thread; opening it reads support's answers. */
    async read(session: SessionContext, id: string): Promise<SupportTicket> {
      const ticket = await ownTicket(session, id);
      const now = deps.now();
      if (isUnread(ticket)) await repo.markRead(ticket.id, now);
      return withThread({ ...ticket, viewerReadAt: isUnread(ticket) ? now : ticket.viewerReadAt });
    },

    async reply(session: SessionContext, id: string, message: string, images: readonly UploadedImage[]): Promise<SupportTicket> {
      return reply(await ownTicket(session, id), message, images);
    },

    async attachment(session: SessionContext, id: string, attachmentId: string) {
      const ticket = await ownTicket(session, id);
      return (await repo.attachment(ticket.id, attachmentId)) ?? Promise.reject(notFound('Attachment'));
    },

    // ---- a guest's ticket, through its private link
    async readGuest(token: string): Promise<SupportTicket> {
      const ticket = await guestTicket(token);
      const now = deps.now();
      if (isUnread(ticket)) await repo.markRead(ticket.id, now);
      return withThread({ ...ticket, viewerReadAt: isUnread(ticket) ? now : ticket.viewerReadAt });
    },
    async replyGuest(token: string, message: string, images: readonly UploadedImage[]): Promise<SupportTicket> {
      return reply(await guestTicket(token), message, images);
    },
    async guestAttachment(token: string, attachmentId: string) {
      const ticket = await guestTicket(token);
      return (await repo.attachment(ticket.id, attachmentId)) ?? Promise.reject(notFound('Attachment'));
    },

    // ---- support (the staff routes)
    async staffList(status: SupportTicketStatus | undefined, limit: number): Promise<SupportStaffTicketList> {
      return { items: (await repo.listByStatus(status, limit)).map(staffSummary) };
    },

    async staffRead(id: string): Promise<SupportStaffTicket> {
      const ticket = await repo.byId(id);
      if (!ticket) throw notFound('Ticket');
      const { messages, attachments } = await repo.thread(ticket.id);
      return { ...staffSummary(ticket), messages: toMessages(messages, attachments) };
    },

    async staffAttachment(id: string, attachmentId: string) {
      return (await repo.attachment(id, attachmentId)) ?? Promise.reject(notFound('Attachment'));
    },

    /** Support's answer; the viewer gets a letter with the way back to the thread. */
    async answer(staff: SessionContext, id: string, message: string): Promise<SupportStaffTicket> {
      const ticket = await repo.byId(id);
      if (!ticket) throw notFound('Ticket');
      await repo.staffAnswer(ticket.id, staff.userId, message.trim(), deps.now());
      const to = ticket.userId ? ((await repo.accountEmail(ticket.userId)) ?? ticket.email) : ticket.email;
      if (to) {
        const link = ticket.userId ? accountLink(ticket.id) : guestLink(ticket.id);
        await delivery.send({
          channel: 'email',
          to,
          subject: `Ответ на обращение № ${ticket.number} — Экран`,
          text:
            `Здравствуйте!\n\nПоддержка Экрана ответила на ваше обращение № ${ticket.number} «${ticket.subject}»:\n\n${message.trim()}\n\n` +
            `Вся переписка и ответ на него — по ссылке:\n${link}\n\n— Служба поддержки Экрана`,
        });
      }
      return this.staffRead(ticket.id);
    },

    async close(id: string): Promise<SupportStaffTicket> {
      const ticket = await repo.byId(id);
      if (!ticket) throw notFound('Ticket');
      if (ticket.status !== 'closed') await repo.close(ticket.id, deps.now());
      return this.staffRead(ticket.id);
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
