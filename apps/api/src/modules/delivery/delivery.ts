import { outboxMessages, type Db } from '@ekran/db';
import { and, desc, eq } from 'drizzle-orm';

/** A message to a person: an email (with a subject) or an SMS. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/** How mail and SMS leave the service; the embedded default is the local outbox. */
export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The local outbox: messages are stored instead of sent, and can be read on the development outbox page,
 * through `npm run outbox`, or by tests. Production adapters (SMTP, an SMS gateway) implement Delivery.
 */
export function createOutboxDelivery(db: Db): Delivery & { list(recipient?: string, limit?: number): Promise<(typeof outboxMessages.$inferSelect)[]> } {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({ channel: message.channel, recipient: message.to, subject: message.subject ?? null, body: message.text });
    },
    list(recipient, limit = 50) {
      return db
        .select()
        .from(outboxMessages)
        .where(recipient ? and(eq(outboxMessages.recipient, recipient)) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
    },
  };
}
