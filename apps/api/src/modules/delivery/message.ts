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

/** An adapter could not hand the message over (refused, unreachable, timed out). */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}
