import { supportAttachments, supportMessages, supportTickets, users, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { KeptImage } from './support-images.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
/** An attachment without its bytes (what a thread lists). */
export type AttachmentMeta = { id: string; messageId: string; contentType: string; width: number; height: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Queries of support tickets, their messages and attachments; no rules. */
export function createTicketsRepo(db: Db) {
  /** Adds a message (and its re-encoded images) to a ticket inside `tx`. */
  async function addMessage(
    tx: Tx,
    input: { ticketId: string; author: 'viewer' | 'staff'; staffUserId?: string | null; body: string; images: readonly KeptImage[]; at: Date },
  ) {
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: input.ticketId, author: input.author, staffUserId: input.staffUserId ?? null, body: input.body, createdAt: input.at })
      .returning();
    if (!message) throw new Error('support message insert returned nothing');
    if (input.images.length) {
      await tx.insert(supportAttachments).values(
        input.images.map((image) => ({ ticketId: input.ticketId, messageId: message.id, contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height, createdAt: input.at })),
      );
    }
    return message;
  }

  return {
    accountEmail: async (userId: string) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email ?? null,

    /** A new ticket with its first message, in one transaction. */
    async create(input: {
      userId: string | null;
      email: string | null;
      topic: string;
      subject: string;
      body: string;
      images: readonly KeptImage[];
      at: Date;
      /** Makes the guest link's token hash once the ticket's id is known (null for an account's ticket). */
      guestTokenHash: ((ticketId: string) => string) | null;
    }): Promise<TicketRow> {
      return db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        const [ticket] = await tx
          .insert(supportTickets)
          .values({
            id, userId: input.userId, email: input.email, topic: input.topic, subject: input.subject, status: 'open',
            guestTokenHash: input.guestTokenHash?.(id) ?? null, lastMessageAt: input.at, viewerReadAt: input.at, createdAt: input.at,
          })
          .returning();
        if (!ticket) throw new Error('support ticket insert returned nothing');
        await addMessage(tx, { ticketId: ticket.id, author: 'viewer', body: input.body, images: input.images, at: input.at });
        return ticket;
      });
    },

    byId: async (id: string) => (await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1))[0] ?? null,
    byGuestTokenHash: async (hash: string) => (await db.select().from(supportTickets).where(eq(supportTickets.guestTokenHash, hash)).limit(1))[0] ?? null,

    listOfUser(userId: string) {
      return db.select().from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(desc(supportTickets.lastMessageAt)).limit(100);
    },

    listByStatus(status: TicketRow['status'] | undefined, limit: number) {
      // Oldest waiting first: the queue support works through.
      return db
        .select()
        .from(supportTickets)
        .where(status ? eq(supportTickets.status, status) : undefined)
        .orderBy(status === 'open' ? asc(supportTickets.lastMessageAt) : desc(supportTickets.lastMessageAt))
        .limit(limit);
    },

    /** The thread of a ticket, oldest first, with its attachments' descriptions. */
    async thread(ticketId: string): Promise<{ messages: MessageRow[]; attachments: AttachmentMeta[] }> {
      const messages = await db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId)).orderBy(asc(supportMessages.seq));
      const attachments = messages.length
        ? await db
            .select({ id: supportAttachments.id, messageId: supportAttachments.messageId, contentType: supportAttachments.contentType, width: supportAttachments.width, height: supportAttachments.height })
            .from(supportAttachments)
            .where(inArray(supportAttachments.messageId, messages.map((m) => m.id)))
            .orderBy(asc(supportAttachments.seq))
        : [];
      return { messages, attachments };
    },

    async attachment(ticketId: string, attachmentId: string) {
      const [row] = await db
        .select({ contentType: supportAttachments.contentType, bytes: supportAttachments.bytes })
        .from(supportAttachments)
        .where(and(eq(supportAttachments.id, attachmentId), eq(supportAttachments.ticketId, ticketId)))
        .limit(1);
      return row ?? null;
    },

    /** The viewer's reply: the ticket waits for support again (a closed one reopens). */
    async viewerReply(ticketId: string, body: string, images: readonly KeptImage[], at: Date) {
      return db.transaction(async (tx) => {
        const message = await addMessage(tx, { ticketId, author: 'viewer', body, images, at });
        await tx.update(supportTickets).set({ status: 'open', closedAt: null, lastMessageAt: at, viewerReadAt: at }).where(eq(supportTickets.id, ticketId));
        return message;
      });
    },

    /** Support's answer: the ticket is answered and unread for the viewer until they open it. */
    async staffAnswer(ticketId: string, staffUserId: string, body: string, at: Date) {
      return db.transaction(async (tx) => {
        const message = await addMessage(tx, { ticketId, author: 'staff', staffUserId, body, images: [], at });
        await tx.update(supportTickets).set({ status: 'answered', closedAt: null, lastMessageAt: at, lastStaffMessageAt: at }).where(eq(supportTickets.id, ticketId));
        return message;
      });
    },

    async close(ticketId: string, at: Date) {
      await db.update(supportTickets).set({ status: 'closed', closedAt: at }).where(eq(supportTickets.id, ticketId));
    },

    async markRead(ticketId: string, at: Date) {
      await db.update(supportTickets).set({ viewerReadAt: at }).where(eq(supportTickets.id, ticketId));
    },

    /** Tickets an account (or a guest address) opened since `since`: the flood limit's count. */
    async ticketsSince(owner: { userId: string } | { email: string }, since: Date): Promise<number> {
      const who = 'userId' in owner ? eq(supportTickets.userId, owner.userId) : and(isNull(supportTickets.userId), sql`lower(${supportTickets.email}) = lower(${owner.email})`);
      const [row] = await db.select({ n: count() }).from(supportTickets).where(and(who, gt(supportTickets.createdAt, since)));
      return Number(row?.n ?? 0);
    },

    /** Messages the viewer wrote in one ticket since `since`. */
    async viewerMessagesSince(ticketId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(supportMessages)
        .where(and(eq(supportMessages.ticketId, ticketId), eq(supportMessages.author, 'viewer'), gt(supportMessages.createdAt, since)));
      return Number(row?.n ?? 0);
    },
  };
}
export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
