import nodemailer from 'nodemailer';
import { DeliveryError, type Delivery } from './message.ts';

/**
 * Mail through an SMTP server (MAIL_DELIVERY=smtp): nodemailer with the server of SMTP_URL
 * (smtp://user:password@host:587 upgrades with STARTTLS when the server offers it; smtps:// is TLS from the
 * start) and the sender MAIL_FROM. Bounded waits, so a dead server fails a request instead of hanging it.
 */
export function createSmtpMail(options: { url: string; from: string; timeoutMs?: number }): Delivery & { close(): void } {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(
    { url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: options.from },
  );
  return {
    async send(message) {
      if (message.channel !== 'email') throw new DeliveryError(`SMTP carries email, not ${message.channel}`);
      try {
        await transport.sendMail({ to: message.to, subject: message.subject ?? '', text: message.text });
      } catch (err) {
        throw new DeliveryError(`SMTP delivery failed: ${(err as Error).message}`, { cause: err });
      }
    },
    close: () => transport.close(),
  };
}
