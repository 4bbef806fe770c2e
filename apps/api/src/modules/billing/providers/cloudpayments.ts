// CloudPayments (https://developers.cloudpayments.ru) behind the provider interface.
// API: HTTP Basic "Public ID : API secret", JSON; orders/create for the hosted page (an invoice link),
// payments/tokens/charge for recurring charges of a saved card, payments/refund. X-Request-ID makes a repeat
// of a request idempotent on their side. Notifications (Pay, Fail, Refund) are form-urlencoded (or JSON when so
// configured) and signed with Content-HMAC = base64(HMAC-SHA256(API secret, raw body)). Configure their URLs as
// /api/v1/billing/notifications/cloudpayments?type=pay|fail|refund.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isValidContentHmac } from './hmac.ts';
import {
  headerValue, ProviderError, type ChargeResult, type Checkout, type FetchLike, type IncomingNotification, type PaymentProvider, type ProviderTransaction, type RefundResult,
  type VerifyResult,
} from './types.ts';

export interface CloudPaymentsSettings {
  publicId: string;
  apiSecret: string;
  apiUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export const CLOUDPAYMENTS_API_URL = 'https://api.cloudpayments.ru';

/** CloudPayments' decline codes mapped to the reasons our result pages know; others are "declined". */
export const CLOUDPAYMENTS_REASONS: Record<string, string> = {
  '5051': 'insufficient_funds',
  '5054': 'expired_card',
  '5005': 'do_not_honor',
  '5043': 'stolen_card',
  '5206': '3ds_failed',
  '5207': '3ds_failed',
};

const reasonOf = (code: unknown): string => CLOUDPAYMENTS_REASONS[String(code ?? '')] ?? 'declined';
const money = (n: number) => Math.round(n * 100) / 100;

const Envelope = z.object({ Success: z.boolean(), Message: z.string().nullish(), Model: z.unknown().optional() });
const OrderModel = z.object({ Id: z.coerce.string(), Url: z.url() });
const TxnModel = z.object({ TransactionId: z.coerce.string(), Status: z.string().nullish(), ReasonCode: z.union([z.number(), z.string()]).nullish() });

/**
 * payments/find's Model: the last transaction with the InvoiceId (their transaction model; the fields reconciliation
 * needs). Status: Completed, Authorized (two-stage, not ours), Declined, Cancelled.
 */
const FoundModel = z.object({
  TransactionId: z.coerce.string().min(1),
  Amount: z.coerce.number().nonnegative(),
  Currency: z.string().length(3).default('RUB'),
  Status: z.string(),
  Reason: z.string().nullish(),
  ReasonCode: z.union([z.number(), z.string()]).nullish(),
  CardFirstSix: z.string().nullish(),
  CardLastFour: z.string().nullish(),
  CardType: z.string().nullish(),
  CardExpDate: z.string().nullish(),
  Token: z.string().nullish(),
  CreatedDateIso: z.string().nullish(),
});

/** A notification's fields (all arrive as strings in a form body). */
const NotificationSchema = z.object({
  TransactionId: z.coerce.string().min(1).max(64),
  PaymentTransactionId: z.coerce.string().max(64).nullish(),
  Amount: z.coerce.number().nonnegative(),
  Currency: z.string().length(3).default('RUB'),
  DateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/),
  CardFirstSix: z.string().nullish(),
  CardLastFour: z.string().nullish(),
  CardType: z.string().nullish(),
  CardExpDate: z.string().nullish(),
  Status: z.string().nullish(),
  OperationType: z.string().nullish(),
  InvoiceId: z.string().nullish(),
  AccountId: z.string().nullish(),
  Token: z.string().nullish(),
  Reason: z.string().nullish(),
  ReasonCode: z.coerce.string().nullish(),
});

export function createCloudPaymentsProvider(settings: CloudPaymentsSettings): PaymentProvider {
  const base = settings.apiUrl ?? CLOUDPAYMENTS_API_URL;
  const doFetch: FetchLike = settings.fetch ?? ((url, init) => fetch(url, init));
  const auth = `Basic ${Buffer.from(`${settings.publicId}:${settings.apiSecret}`).toString('base64')}`;

  async function call(path: string, body: unknown, requestId: string): Promise<z.infer<typeof Envelope>> {
    let res: { status: number; text(): Promise<string> };
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new ProviderError('cloudpayments', `${path} did not answer: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (res.status !== 200) throw new ProviderError('cloudpayments', `${path} answered ${res.status}`, res.status);
    const parsed = Envelope.safeParse(safeJson(text));
    if (!parsed.success) throw new ProviderError('cloudpayments', `${path} answered an unexpected body`, res.status);
    return parsed.data;
  }

  return {
    name: 'cloudpayments',
    refundsCardCheck: false,
    async createCheckout(r, key): Promise<Checkout> {
      // A trial or a binding charges the card-check amount; the hosted page saves the card (its Token comes in
      // the Pay notification), and billing refunds the check charge after applying it.
      const answer = await call('/orders/create', {
        Amount: money(r.amount), Currency: r.currency, Description: r.description, Email: r.email ?? undefined, RequireConfirmation: false, SendEmail: false,
        InvoiceId: r.invoiceId, AccountId: r.accountId, SuccessRedirectUrl: r.successUrl, FailRedirectUrl: r.failUrl,
        JsonData: { recurrent: r.recurrent, bind_only: r.bindOnly },
      }, key);
      const model = OrderModel.safeParse(answer.Model);
      if (!answer.Success || !model.success) throw new ProviderError('cloudpayments', `orders/create refused: ${answer.Message ?? 'no model'}`, 200);
      return { id: model.data.Id, url: model.data.Url };
    },
    async chargeToken(r, key): Promise<ChargeResult> {
      const answer = await call('/payments/tokens/charge', {
        Amount: money(r.amount), Currency: r.currency, AccountId: r.accountId, Token: r.token, InvoiceId: r.invoiceId, Description: r.description,
        // A merchant-initiated charge of a saved card (a subscription renewal).
        TrInitiatorCode: 0,
      }, key);
      const model = TxnModel.safeParse(answer.Model);
      // Without a transaction the request itself was refused (bad token, bad fields): not a card decline.
      if (!model.success) throw new ProviderError('cloudpayments', `tokens/charge refused: ${answer.Message ?? 'no model'}`, 200);
      if (answer.Success && model.data.Status === 'Completed') return { transactionId: model.data.TransactionId, status: 'succeeded', reason: null };
      return { transactionId: model.data.TransactionId, status: 'declined', reason: reasonOf(model.data.ReasonCode) };
    },
    async refund(r, key): Promise<RefundResult> {
      const answer = await call('/payments/refund', { TransactionId: Number(r.transactionId) || r.transactionId, Amount: money(r.amount) }, key);
      const model = z.object({ TransactionId: z.coerce.string() }).safeParse(answer.Model);
      if (!answer.Success || !model.success) throw new ProviderError('cloudpayments', `payments/refund refused: ${answer.Message ?? 'no model'}`, 200);
      return { transactionId: model.data.TransactionId, status: 'succeeded' };
    },
    async paymentStatus(invoiceId): Promise<ProviderTransaction[]> {
      // payments/find answers the last transaction of an InvoiceId, or Success:false "Not found" when there is none.
      // It names no refund transactions (only a Refunded flag), so refunds reach the ledger by their notification.
      const answer = await call('/payments/find', { InvoiceId: invoiceId }, `find:${invoiceId}:${randomUUID()}`);
      if (!answer.Success && answer.Model == null) return [];
      const model = FoundModel.safeParse(answer.Model);
      if (!model.success) throw new ProviderError('cloudpayments', `payments/find answered an unexpected model: ${answer.Message ?? ''}`, 200);
      const m = model.data;
      // Still waiting for the card holder or for confirmation: nothing settled to apply.
      if (m.Status !== 'Completed' && m.Status !== 'Declined') return [];
      const completed = m.Status === 'Completed';
      return [
        {
          transactionId: m.TransactionId,
          refundOf: null,
          invoiceId,
          amount: m.Amount,
          currency: m.Currency,
          operation: 'payment',
          status: completed ? 'completed' : 'declined',
          reason: completed ? null : reasonOf(m.ReasonCode),
          card: completed && (m.CardLastFour || m.Token)
            ? { token: m.Token || null, firstSix: m.CardFirstSix || null, lastFour: m.CardLastFour || null, type: m.CardType || null, expDate: m.CardExpDate || null }
            : null,
          // CreatedDateIso is UTC, usually without a zone ("2014-08-09T11:49:41").
          occurredAt: m.CreatedDateIso ? new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(m.CreatedDateIso) ? m.CreatedDateIso : `${m.CreatedDateIso}Z`) : new Date(),
        },
      ];
    },
    verifyNotification(input: IncomingNotification): VerifyResult {
      const signature = headerValue(input.headers, 'content-hmac') ?? headerValue(input.headers, 'x-content-hmac');
      if (!isValidContentHmac(settings.apiSecret, input.rawBody, signature)) return { ok: false, reason: 'bad signature' };
      const text = input.rawBody.toString('utf8');
      const fields = input.contentType?.includes('json') ? safeJson(text) : Object.fromEntries(new URLSearchParams(text));
      const parsed = NotificationSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, reason: 'malformed body' };
      const n = parsed.data;
      const type = typeof input.query.type === 'string' ? input.query.type.toLowerCase() : null;
      const isRefund = type === 'refund' || n.OperationType === 'Refund';
      const declined = type === 'fail' || (!isRefund && n.Status !== 'Completed' && n.Status !== 'Authorized');
      // CloudPayments retries one notification with the same body and has no notification id: the kind and the
      // transaction name it. They carry no send time either, so there is no replay window: a replay is a duplicate.
      const kind = isRefund ? 'refund' : declined ? 'fail' : 'pay';
      return {
        ok: true,
        notification: {
          notificationId: `${kind}:${n.TransactionId}`,
          transactionId: n.TransactionId,
          refundOf: isRefund ? (n.PaymentTransactionId ?? null) : null,
          invoiceId: n.InvoiceId || null,
          accountId: n.AccountId || null,
          amount: n.Amount,
          currency: n.Currency,
          operation: isRefund ? 'refund' : 'payment',
          status: declined ? 'declined' : 'completed',
          reason: declined ? reasonOf(n.ReasonCode) : null,
          card: !isRefund && (n.CardLastFour || n.Token)
            ? { token: n.Token || null, firstSix: n.CardFirstSix || null, lastFour: n.CardLastFour || null, type: n.CardType || null, expDate: n.CardExpDate || null }
            : null,
          // DateTime is UTC without a zone ("2024-08-09 11:49:42").
          occurredAt: new Date(`${n.DateTime.replace(' ', 'T').slice(0, 19)}Z`),
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
