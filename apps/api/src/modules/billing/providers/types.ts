// What billing needs from a payment provider. The sandbox host (docs: /work protocol) and
// CloudPayments both fit it; the notification is normalized so the ledger never sees a provider's field names.

/** A hosted payment page for one of our orders. */
export interface CheckoutRequest {
  invoiceId: string;
  accountId: string;
  amount: number;
  currency: string;
  description: string;
  email: string | null;
  /** Save the card for recurring charges. */
  recurrent: boolean;
  /** A trial or a card binding: charge 1.00 to check and bind the card, then refund it. */
  bindOnly: boolean;
  successUrl: string;
  failUrl: string;
}
export interface Checkout {
  id: string;
  url: string;
}

/** A charge of a saved card without the card holder (renewals, one-click buy). */
export interface ChargeRequest {
  invoiceId: string;
  accountId: string;
  token: string;
  amount: number;
  currency: string;
  description: string;
}
export interface ChargeResult {
  transactionId: string;
  status: 'succeeded' | 'declined';
  reason: string | null;
}
export interface RefundResult {
  transactionId: string;
  status: 'succeeded' | 'declined';
}

/** The card a completed payment reports (saved for renewals when it carries a token). */
export interface NotifiedCard {
  token: string | null;
  firstSix: string | null;
  lastFour: string | null;
  /** The provider's brand name (Visa, MasterCard, Mir). */
  type: string | null;
  /** MM/YY. */
  expDate: string | null;
}

/** A provider notification after its signature and freshness were checked, in our words. */
export interface NormalizedNotification {
  /** Unique per notification (retries of one delivery keep it). */
  notificationId: string;
  /** The provider's transaction; a refund has its own. */
  transactionId: string;
  /** A refund: the charged transaction it returns. */
  refundOf: string | null;
  /** Our order id. */
  invoiceId: string | null;
  accountId: string | null;
  amount: number;
  currency: string;
  operation: 'payment' | 'refund';
  status: 'completed' | 'declined';
  reason: string | null;
  card: NotifiedCard | null;
  occurredAt: Date;
}

/**
 * One transaction of an order as the provider itself records it (a payment or a refund): what reconciliation
 * compares with the ledger when a notification was missed.
 */
export type ProviderTransaction = Omit<NormalizedNotification, 'notificationId' | 'accountId'>;

export type VerifyResult = { ok: true; notification: NormalizedNotification } | { ok: false; reason: string };

export interface IncomingNotification {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  contentType: string | undefined;
  now: Date;
}

/** A payment provider: hosted checkout, recurring charges, refunds, signed notifications. */
export interface PaymentProvider {
  /** The name in /notifications/:provider and in the ledger (payments.provider). */
  readonly name: string;
  /** Whether the provider refunds a trial's or a binding's card-check charge itself (the sandbox host does; CloudPayments does not, billing refunds it). */
  readonly refundsCardCheck: boolean;
  createCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<Checkout>;
  chargeToken(request: ChargeRequest, idempotencyKey: string): Promise<ChargeResult>;
  refund(request: { transactionId: string; amount: number }, idempotencyKey: string): Promise<RefundResult>;
  /**
   * The provider's own record of an order (by our order id, the invoice): its payments and, where the provider
   * says so, its refunds, oldest first; none when the provider never saw the order. Throws ProviderError when the
   * provider does not answer.
   */
  paymentStatus(invoiceId: string): Promise<ProviderTransaction[]>;
  /** Checks the signature and freshness of a notification and normalizes it; never throws for bad input. */
  verifyNotification(input: IncomingNotification): VerifyResult;
}

/**
 * The provider did not answer or refused the request (not a card decline, which is a result). status: the HTTP
 * status of the provider's answer (a refusal: nothing was done), null when no answer came (it may have been done).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;

/** The first value of a header. */
export function headerValue(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
