// A fake sandbox payment host behind the real sandbox adapter (its fetch is injected), and signed
// notifications as the host sends them (protocol: Content-HMAC over the raw body, X-Notification-Timestamp = SentAt).
import { NOTIFICATION_SIGNATURE_HEADER, NOTIFICATION_TIMESTAMP_HEADER } from '@ekran/contracts';
import { randomUUID } from 'node:crypto';
import type { JobsTiming } from '../../jobs/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { contentHmac } from './providers/hmac.ts';
import { paymentProviders } from './providers/index.ts';
import { createSandboxProvider, type SandboxNotification } from './providers/sandbox.ts';
import type { FetchLike } from './providers/types.ts';

export const SECRET = 'sandbox-secret-change-me';
export const HOST = 'http://payments.test';

interface Call {
  path: string;
  body: Record<string, unknown>;
  key: string;
  auth: string;
}

/** A transaction as the host's GET /api/payments lists it. */
export interface HostTransaction {
  transaction_id: string;
  kind: 'payment' | 'refund';
  amount: number;
  currency: string;
  status: 'succeeded' | 'declined';
  reason: string | null;
  refund_of: string | null;
  token: string | null;
  card: { first6: string; last4: string; exp: string; brand: string } | null;
  created_at: string;
}

/**
 * An in-memory host: answers the protocol's calls, remembers them, and repeats an answer for a repeated
 * Idempotency-Key. It keeps the transactions it made per order, which GET /api/payments?invoice_id= lists (the
 * status query reconciliation asks).
 */
export function createFakeHost() {
  const calls: Call[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const ledger = new Map<string, HostTransaction[]>();
  /** Charges are made but never answered (the caller's timeout fires), as a hung host does. */
  let hangCharges = false;
  const record = (invoiceId: string, t: Partial<HostTransaction> & Pick<HostTransaction, 'transaction_id' | 'amount'>) => {
    const row: HostTransaction = { kind: 'payment', currency: 'RUB', status: 'succeeded', reason: null, refund_of: null, token: null, card: null, created_at: new Date().toISOString(), ...t };
    ledger.set(invoiceId, [...(ledger.get(invoiceId) ?? []), row]);
    return row;
  };
  /** Tokens whose recurring charges are declined (insufficient_funds). */
  const decliningTokens = new Set<string>();
  let txn = 1000;
  let failNext = 0;
  let latencyMs = 0;
  const fetchImpl: FetchLike = async (url, init) => {
    const path = url.replace(HOST, '');
    const body = JSON.parse(init.body ?? '{}') as Record<string, unknown>;
    const key = init.headers['idempotency-key'] ?? '';
    calls.push({ path, body, key, auth: init.headers.authorization ?? '' });
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    if (path.startsWith('/api/payments?')) {
      const invoice = new URL(`${HOST}${path}`).searchParams.get('invoice_id') ?? '';
      const text = JSON.stringify({ items: ledger.get(invoice) ?? [] });
      return { status: 200, text: async () => text };
    }
    if (failNext > 0) {
      failNext--;
      throw new Error('connect ECONNREFUSED');
    }
    const memo = answers.get(`${path}:${key}`);
    let answer = memo;
    if (!answer) {
      if (path === '/api/checkouts') {
        const id = `co_${++txn}`;
        answer = { status: 201, body: { id, url: `http://localhost:4100/pay/${id}` } };
      } else if (path === '/api/charges') {
        const declined = decliningTokens.has(String(body.token));
        const made = record(String(body.invoice_id), {
          transaction_id: `tx_${++txn}`, amount: Number(body.amount), currency: String(body.currency), status: declined ? 'declined' : 'succeeded', reason: declined ? 'insufficient_funds' : null,
        });
        answer = { status: 200, body: { transaction_id: made.transaction_id, status: made.status, reason: made.reason } };
      } else if (path === '/api/refunds') {
        const of = String(body.transaction_id);
        const invoice = [...ledger].find(([, list]) => list.some((x) => x.transaction_id === of))?.[0];
        const id = `rf_${++txn}`;
        if (invoice) record(invoice, { transaction_id: id, kind: 'refund', amount: Number(body.amount), refund_of: of });
        answer = { status: 200, body: { transaction_id: id, status: 'succeeded' } };
      } else answer = { status: 404, body: { error: 'not found' } };
      answers.set(`${path}:${key}`, answer);
    }
    if (hangCharges && path === '/api/charges') {
      // The charge is made (above); the answer never comes: only the caller's timeout ends the wait.
      await new Promise((_resolve, reject) => {
        const signal = init.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    }
    const text = JSON.stringify(answer.body);
    return { status: answer.status, text: async () => text };
  };
  return {
    fetch: fetchImpl,
    calls,
    decliningTokens,
    /** Makes the next n calls fail as if the host were down. */
    failNextCalls(n: number) {
      failNext = n;
    },
    /** What the host recorded for an order (its payments and refunds), and a way to add one (a page paid there). */
    transactionsOf: (invoiceId: string) => ledger.get(invoiceId) ?? [],
    record,
    /** Charges go through but are never answered (a hung host). */
    setHangCharges(on: boolean) {
      hangCharges = on;
    },
    /** Makes every call take this long (a slow host widens the window of races). */
    setLatency(ms: number) {
      latencyMs = ms;
    },
    /** The refunds asked of the host (transaction and amount), one per distinct Idempotency-Key. */
    refunds: () => [...new Map(calls.filter((c) => c.path === '/api/refunds').map((c) => [c.key, c.body])).values()],
    /** Distinct charges the host made (a repeated Idempotency-Key is one charge). */
    charges: () => new Set(calls.filter((c) => c.path === '/api/charges').map((c) => c.key)).size,
    checkouts: () => calls.filter((c) => c.path === '/api/checkouts'),
  };
}
export type FakeHost = ReturnType<typeof createFakeHost>;

/** A test app whose sandbox provider talks to a fake host. */
export async function createBillingTestApp(options: { timeoutMs?: number; env?: Parameters<typeof createTestApp>[0]; jobsTiming?: Partial<JobsTiming> } = {}) {
  const host = createFakeHost();
  const provider = createSandboxProvider({ apiUrl: HOST, publicId: 'ekran-sandbox', secret: SECRET, replayWindowSeconds: 300, fetch: host.fetch, timeoutMs: options.timeoutMs });
  const t = await createTestApp(options.env ?? {}, { payments: paymentProviders(provider), jobsTiming: options.jobsTiming });
  return Object.assign(t, { host });
}
export type BillingTestApp = Awaited<ReturnType<typeof createBillingTestApp>>;

/** A completed card payment notification for an order, as the host sends it. */
export function paymentNotification(t: TestApp, o: Partial<SandboxNotification> & { InvoiceId: string; AccountId: string }): SandboxNotification {
  const now = t.clock.now;
  return {
    NotificationId: randomUUID(), TransactionId: `tx_${randomUUID().slice(0, 8)}`, RefundOf: null, Amount: 499, Currency: 'RUB', OperationType: 'Payment', Status: 'Completed',
    Reason: null, Token: `tok_${randomUUID().slice(0, 12)}`, CardFirstSix: '424242', CardLastFour: '4242', CardType: 'Visa', CardExpDate: '12/30',
    DateTime: now.toISOString(), SentAt: Math.floor(now.getTime() / 1000), ...o,
  };
}

/** Delivers a notification signed with `secret` (the host's by default), with the timestamp header = SentAt unless given. */
export function deliver(t: TestApp, body: SandboxNotification | string, opts: { secret?: string; timestamp?: number; provider?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const sentAt = typeof body === 'string' ? Math.floor(t.clock.now.getTime() / 1000) : body.SentAt;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/notifications/${opts.provider ?? 'sandbox'}`,
    headers: {
      'content-type': 'application/json',
      [NOTIFICATION_SIGNATURE_HEADER]: contentHmac(opts.secret ?? SECRET, raw),
      [NOTIFICATION_TIMESTAMP_HEADER]: String(opts.timestamp ?? sentAt),
    },
    payload: raw,
  });
}

/** A registered account with a session (cookie headers with the API key). */
export async function registered(t: TestApp) {
  const user = await t.make.user();
  const { auth } = await t.make.session({ userId: user.id });
  return { user, auth };
}
