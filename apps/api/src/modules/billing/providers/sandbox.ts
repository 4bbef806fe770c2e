// The API side of the sandbox payment host protocol (apps/payments): Basic auth publicId:secret,
// JSON bodies, an Idempotency-Key on every POST; notifications signed with Content-HMAC over the raw body,
// X-Notification-Timestamp inside the replay window and equal to the body's SentAt.
import { NOTIFICATION_SIGNATURE_HEADER, NOTIFICATION_TIMESTAMP_HEADER } from '@ekran/contracts';
import { z } from 'zod';
import { isValidContentHmac } from './hmac.ts';
import {
  headerValue, ProviderError, type ChargeResult, type Checkout, type FetchLike, type IncomingNotification, type PaymentProvider, type ProviderTransaction, type RefundResult,
  type VerifyResult,
} from './types.ts';

export interface SandboxSettings {
  apiUrl: string;
  publicId: string;
  secret: string;
  replayWindowSeconds: number;
  fetch?: FetchLike;
  timeoutMs?: number;
}

const money = (n: number) => Math.round(n * 100) / 100;

const CheckoutAnswer = z.object({ id: z.string().min(1), url: z.url() });
const ChargeAnswer = z.object({ transaction_id: z.string().min(1), status: z.enum(['succeeded', 'declined']), reason: z.string().nullable().optional() });
const RefundAnswer = z.object({ transaction_id: z.string().min(1), status: z.enum(['succeeded', 'declined']) });
/** GET /api/payments?invoice_id=: the host's transactions of one order (the protocol's status query). */
const PaymentsAnswer = z.object({
  items: z.array(
    z.object({
      transaction_id: z.string().min(1),
      kind: z.enum(['payment', 'refund']),
      amount: z.number().nonnegative(),
      currency: z.string().length(3),
      status: z.enum(['succeeded', 'declined']),
      reason: z.string().nullable().optional(),
      refund_of: z.string().nullable().optional(),
      token: z.string().nullable().optional(),
      card: z.object({ first6: z.string(), last4: z.string(), exp: z.string(), brand: z.string() }).nullable().optional(),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
});

/** The notification body of the protocol (CloudPayments-like field names). */
export const SandboxNotificationSchema = z.object({
  NotificationId: z.string().min(1).max(128),
  TransactionId: z.coerce.string().min(1).max(128),
  RefundOf: z.coerce.string().max(128).nullish(),
  InvoiceId: z.string().max(128).nullish(),
  AccountId: z.string().max(128).nullish(),
  Amount: z.coerce.number().nonnegative(),
  Currency: z.string().length(3),
  OperationType: z.enum(['Payment', 'Refund']),
  Status: z.enum(['Completed', 'Declined']),
  Reason: z.string().max(64).nullish(),
  Token: z.string().max(256).nullish(),
  CardFirstSix: z.string().regex(/^\d{6}$/).nullish(),
  CardLastFour: z.string().regex(/^\d{4}$/).nullish(),
  CardType: z.string().max(32).nullish(),
  CardExpDate: z.string().regex(/^\d{2}\/\d{2}$/).nullish(),
  DateTime: z.iso.datetime({ offset: true }),
  SentAt: z.number().int(),
});
export type SandboxNotification = z.infer<typeof SandboxNotificationSchema>;

export function createSandboxProvider(settings: SandboxSettings): PaymentProvider {
  const doFetch: FetchLike = settings.fetch ?? ((url, init) => fetch(url, init));
  const auth = `Basic ${Buffer.from(`${settings.publicId}:${settings.secret}`).toString('base64')}`;

  async function post<T>(path: string, body: unknown, idempotencyKey: string | null, schema: z.ZodType<T>): Promise<T> {
    let res: { status: number; text(): Promise<string> };
    try {
      res = await doFetch(`${settings.apiUrl}${path}`, {
        method: idempotencyKey === null ? 'GET' : 'POST',
        headers: idempotencyKey === null ? { authorization: auth } : { authorization: auth, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        ...(idempotencyKey === null ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderError('sandbox', `${path} did not answer: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (res.status < 200 || res.status >= 300) throw new ProviderError('sandbox', `${path} answered ${res.status}: ${text.slice(0, 200)}`, res.status);
    const parsed = schema.safeParse(safeJson(text));
    if (!parsed.success) throw new ProviderError('sandbox', `${path} answered an unexpected body`, res.status);
    return parsed.data;
  }

  return {
    name: 'sandbox',
    refundsCardCheck: true,
    async createCheckout(r, key): Promise<Checkout> {
      return post('/api/checkouts', {
        invoice_id: r.invoiceId, account_id: r.accountId, amount: money(r.amount), currency: r.currency, description: r.description, email: r.email,
        recurrent: r.recurrent, bind_only: r.bindOnly, success_url: r.successUrl, fail_url: r.failUrl,
      }, key, CheckoutAnswer);
    },
    async chargeToken(r, key): Promise<ChargeResult> {
      const a = await post('/api/charges', {
        invoice_id: r.invoiceId, account_id: r.accountId, token: r.token, amount: money(r.amount), currency: r.currency, description: r.description,
      }, key, ChargeAnswer);
      return { transactionId: a.transaction_id, status: a.status, reason: a.reason ?? null };
    },
    async refund(r, key): Promise<RefundResult> {
      const a = await post('/api/refunds', { transaction_id: r.transactionId, amount: money(r.amount) }, key, RefundAnswer);
      return { transactionId: a.transaction_id, status: a.status };
    },
    async paymentStatus(invoiceId): Promise<ProviderTransaction[]> {
      const a = await post(`/api/payments?invoice_id=${encodeURIComponent(invoiceId)}`, null, null, PaymentsAnswer);
      return a.items
        .map((t) => ({
          transactionId: t.transaction_id,
          refundOf: t.kind === 'refund' ? (t.refund_of ?? null) : null,
          invoiceId,
          amount: t.amount,
          currency: t.currency,
          operation: t.kind,
          status: t.status === 'succeeded' ? ('completed' as const) : ('declined' as const),
          reason: t.reason ?? null,
          card: t.card || t.token
            ? { token: t.kind === 'payment' ? (t.token ?? null) : null, firstSix: t.card?.first6 ?? null, lastFour: t.card?.last4 ?? null, type: t.card?.brand ?? null, expDate: t.card?.exp ?? null }
            : null,
          occurredAt: new Date(t.created_at),
        }))
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    },
    verifyNotification(input: IncomingNotification): VerifyResult {
      if (!isValidContentHmac(settings.secret, input.rawBody, headerValue(input.headers, NOTIFICATION_SIGNATURE_HEADER))) return { ok: false, reason: 'bad signature' };
      const stamp = headerValue(input.headers, NOTIFICATION_TIMESTAMP_HEADER);
      if (!stamp || !/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'no timestamp' };
      const sentAt = Number(stamp);
      if (Math.abs(input.now.getTime() / 1000 - sentAt) > settings.replayWindowSeconds) return { ok: false, reason: 'timestamp outside the replay window' };
      const parsed = SandboxNotificationSchema.safeParse(safeJson(input.rawBody.toString('utf8')));
      if (!parsed.success) return { ok: false, reason: 'malformed body' };
      const n = parsed.data;
      // The signature covers the body only; SentAt ties the body to this delivery, so an old signed body
      // replayed later with a fresh header is refused.
      if (n.SentAt !== sentAt) return { ok: false, reason: 'SentAt differs from the timestamp header' };
      return {
        ok: true,
        notification: {
          notificationId: n.NotificationId,
          transactionId: n.TransactionId,
          refundOf: n.RefundOf ?? null,
          invoiceId: n.InvoiceId ?? null,
          accountId: n.AccountId ?? null,
          amount: n.Amount,
          currency: n.Currency,
          operation: n.OperationType === 'Payment' ? 'payment' : 'refund',
          status: n.Status === 'Completed' ? 'completed' : 'declined',
          reason: n.Reason ?? null,
          card: n.CardLastFour || n.Token
            ? { token: n.Token ?? null, firstSix: n.CardFirstSix ?? null, lastFour: n.CardLastFour ?? null, type: n.CardType ?? null, expDate: n.CardExpDate ?? null }
            : null,
          occurredAt: new Date(n.DateTime),
        },
      };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
