import { ErrorCode } from '@ekran/contracts';
import { outboxMessages, type Db } from '@ekran/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Delivery } from './message.ts';
import { createHttpSms } from './sms-gateway.ts';
import { createSmtpMail } from './smtp.ts';

export { DeliveryError, type Delivery, type OutgoingMessage } from './message.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Reads the local outbox, newest first, optionally for one recipient. */
export interface OutboxReader {
  list(recipient?: string, limit?: number): Promise<OutboxRow[]>;
}

/**
 * The local outbox: messages are stored instead of sent, and can be read on the development outbox page
 * (/dev/outbox), through `npm run outbox`, or by tests.
 */
export function createOutboxDelivery(db: Db): Delivery & OutboxReader {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({ channel: message.channel, recipient: message.to, subject: message.subject ?? null, body: message.text });
    },
    list(recipient, limit = 50) {
      return db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
        .orderBy(desc(outboxMessages.seq))
        .limit(limit);
    },
  };
}

/** A recipient as logs may show it: enough to find it, not enough to collect it. */
export const maskRecipient = (to: string) => {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}***${to.slice(at)}`;
  return to.length > 6 ? `${to.slice(0, 4)}***${to.slice(-2)}` : '***';
};

/**
 * The delivery of the settings: mail through the outbox or SMTP (MAIL_DELIVERY), SMS through the outbox or
 * an HTTP gateway (SMS_DELIVERY). A failed hand-over is logged and becomes a 503 for the caller; `outbox` is
 * set while either channel writes to the local outbox.
 */
export function createDelivery(
  env: Pick<Env, 'MAIL_DELIVERY' | 'SMTP_URL' | 'MAIL_FROM' | 'SMS_DELIVERY' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN' | 'SMS_GATEWAY_TIMEOUT_MS'>,
  db: Db,
  log: Pick<FastifyBaseLogger, 'error'>,
): { delivery: Delivery; outbox: OutboxReader | null; close(): void } {
  const local = createOutboxDelivery(db);
  const mail = env.MAIL_DELIVERY === 'smtp' ? createSmtpMail({ url: env.SMTP_URL!, from: env.MAIL_FROM! }) : null;
  const sms = env.SMS_DELIVERY === 'http' ? createHttpSms({ url: env.SMS_GATEWAY_URL!, token: env.SMS_GATEWAY_TOKEN!, timeoutMs: env.SMS_GATEWAY_TIMEOUT_MS }) : null;
  const usesOutbox = !mail || !sms;

  return {
    delivery: {
      async send(message) {
        const adapter = (message.channel === 'email' ? mail : sms) ?? local;
        try {
          await adapter.send(message);
        } catch (err) {
          log.error({ err, channel: message.channel, to: maskRecipient(message.to) }, 'message delivery failed');
          throw new AppError(503, ErrorCode.Unavailable, 'The message could not be sent; try again later');
        }
      },
    },
    outbox: usesOutbox ? local : null,
    close: () => mail?.close(),
  };
}
