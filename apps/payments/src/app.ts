import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { CARD_TYPE_NAMES, cardBrandFromNumber, cardDigits, normalizeCardExpiry, validateCardForm } from '@ekran/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from './env.ts';
import { Notifier, type NotifierOptions } from './notifier.ts';
import {
  BadRequest,
  awaitThreeDs,
  charge,
  chargedAmount,
  createCheckout,
  tryCard,
  holderOutcome,
  isExpired,
  MAX_CARD_TRIES,
  refundPayment,
} from './operations.ts';
import { FIELD_MESSAGES, renderPayPage, renderResultPage, renderThreeDsPage, type FieldErrors } from './pages.ts';
import { FileStore, type CardSnapshot, type Checkout, type State } from './store.ts';
import { REASON_TEXTS, THREE_DS_CODE, behaviourOf } from './test-cards.ts';

/** What the host needs from outside; tests pass their own. */
export interface AppDeps {
  env: Env;
  /** The clock of checkout expiry and card expiry, so tests can move time. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** The first notification retry's delay (1 s by the protocol). */
  retryBaseMs?: number;
  /** The delivery loop's clock, timers and fetch, and its retry period (tests drive days of retries in no time). */
  delivery?: Pick<NotifierOptions, 'clock' | 'fetch' | 'retryForMs' | 'retryMaxDelayMs'>;
  /** How long the browser waits for the first notification delivery before it is redirected. */
  settleMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: { store: FileStore; notifier: Notifier };
  }
}

const money = z
  .number()
  .positive()
  .max(10_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most 2 decimals');
const currency = z.string().regex(/^[A-Z]{3}$/, 'a 3-letter ISO currency code');
const ref = z.string().trim().min(1).max(128);
const returnUrl = z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).max(2048);

const CheckoutBody = z.strictObject({
  invoice_id: ref,
  account_id: ref,
  amount: money,
  currency,
  description: z.string().trim().min(1).max(256),
  email: z.email().max(254).nullable().default(null),
  recurrent: z.boolean(),
  bind_only: z.boolean(),
  success_url: returnUrl,
  fail_url: returnUrl,
});
const ChargeBody = z.strictObject({ invoice_id: ref, account_id: ref, token: ref, amount: money, currency, description: z.string().trim().min(1).max(256) });
const RefundBody = z.strictObject({ transaction_id: ref, amount: money });
const PaymentsQuery = z.strictObject({ invoice_id: ref });
const CheckoutParams = z.object({ id: z.string().max(64) });
const CardForm = z.object({ number: z.string().max(64).default(''), expiry: z.string().max(16).default(''), cvc: z.string().max(16).default('') });
const CodeForm = z.object({ code: z.string().max(16).default('') });

/** The URL with order= (and reason=) appended, keeping its own query. */
export function returnUrlWith(url: string, params: Record<string, string | null>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v != null) u.searchParams.set(k, v);
  return u.toString();
}

/** JSON with sorted keys: the same request hashes the same whatever its key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Builds the payment host without listening; server.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const now = deps.now ?? (() => new Date());
  const settleMs = deps.settleMs ?? 3000;
  const app = Fastify({ logger: deps.logger ?? false, requestTimeout: 30_000, bodyLimit: 64 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(formbody);

  const store = new FileStore(env.PAYMENTS_DATA_DIR);
  const notifier = new Notifier(store, { url: env.PAYMENTS_NOTIFY_URL, secret: env.PAYMENTS_API_SECRET, log: app.log, retryBaseMs: deps.retryBaseMs, ...deps.delivery });
  app.decorate('payments', { store, notifier });
  // What was not delivered before a restart goes out on start.
  app.addHook('onReady', async () => void notifier.start());
  app.addHook('onClose', async () => notifier.close());

  app.setErrorHandler((error, request, reply) => {
    let status = 500;
    let message = 'internal error';
    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      message = error.validation.map((v) => `${[error.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].join('.')}: ${v.message}`).join('; ');
    } else if (error instanceof BadRequest) {
      status = 400;
      message = error.message;
    } else if (typeof (error as { statusCode?: number }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500) {
      status = (error as { statusCode: number }).statusCode;
      message = (error as Error).message;
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    void reply.status(status).send({ error: message });
  });

  app.get('/health', async () => ({ status: 'ok' }));

  // ---- server to server (API -> host): Basic auth, Idempotency-Key, 400 {error} on bad input
  await app.register(
    async (plugin) => {
      const api = plugin.withTypeProvider<ZodTypeProvider>();
      const expected = `Basic ${Buffer.from(`${env.PAYMENTS_PUBLIC_ID}:${env.PAYMENTS_API_SECRET}`).toString('base64')}`;
      api.addHook('onRequest', async (request, reply) => {
        if (!safeEqual(request.headers.authorization ?? '', expected)) {
          return reply.status(401).header('www-authenticate', 'Basic realm="payments"').send({ error: 'unauthorized' });
        }
      });

      /** Answers a repeat of an Idempotency-Key with the first answer; the change and its answer are stored together. */
      const idempotent = (scope: string, request: FastifyRequest, reply: FastifyReply, status: number, run: (draft: State) => unknown) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) {
          return reply.status(400).send({ error: 'the Idempotency-Key header is required (1-255 visible ASCII characters)' });
        }
        const hash = createHash('sha256').update(stableJson(request.body)).digest('hex');
        const slot = `${scope}:${key}`;
        const first = store.view.idempotency[slot];
        if (first) {
          if (first.request_hash !== hash) return reply.status(400).send({ error: 'this Idempotency-Key was used with a different request' });
          return reply.status(first.status).header('idempotent-replayed', 'true').send(first.body);
        }
        const body = store.update((draft) => {
          const answer = run(draft);
          draft.idempotency[slot] = { request_hash: hash, status, body: answer, created_at: now().toISOString() };
          return answer;
        });
        void notifier.kick();
        return reply.status(status).send(body);
      };

      api.post('/checkouts', { schema: { body: CheckoutBody } }, async (request, reply) =>
        idempotent('checkouts', request, reply, 201, (draft) => {
          const checkout = createCheckout(draft, request.body, now());
          return { id: checkout.id, url: `${env.PAYMENTS_PUBLIC_URL}/pay/${checkout.id}` };
        }),
      );
      api.post('/charges', { schema: { body: ChargeBody } }, async (request, reply) => {
        // The slow bank answers late and charges anyway: the caller has usually given up by then, and learns the
        // outcome from the notification or the status query, as with a real bank that hangs.
        if (store.view.cards[request.body.token]?.behaviour === 'slow_bank') await new Promise((r) => setTimeout(r, env.SANDBOX_SLOW_BANK_MS));
        return idempotent('charges', request, reply, 200, (draft) => charge(draft, request.body, now()));
      });
      api.post('/refunds', { schema: { body: RefundBody } }, async (request, reply) =>
        idempotent('refunds', request, reply, 200, (draft) => refundPayment(draft, request.body, now())),
      );
      // The status query (as CloudPayments' payments/find): the transactions of one order, oldest first, so the
      // API can reconcile what its notifications missed.
      api.get('/payments', { schema: { querystring: PaymentsQuery } }, async (request) => ({
        items: Object.values(store.view.transactions)
          .filter((t) => t.invoice_id === request.query.invoice_id)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .map((t) => ({
            transaction_id: t.id,
            kind: t.kind,
            amount: t.amount,
            currency: t.currency,
            status: t.status,
            reason: t.reason,
            refund_of: t.refund_of,
            token: t.kind === 'payment' && t.status === 'succeeded' ? t.token : null,
            card: t.card ? { first6: t.card.first6, last4: t.card.last4, exp: t.card.exp, brand: CARD_TYPE_NAMES[t.card.brand] } : null,
            created_at: t.created_at,
          })),
      }));
    },
    { prefix: '/api' },
  );

  // ---- the hosted pages (browser)
  const page = (reply: FastifyReply, status: number, render: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; frame-ancestors 'none'`)
      .send(render(nonce));
  };

  const backUrl = (checkout: Checkout, kind: 'succeeded' | 'declined' | 'expired') =>
    kind === 'succeeded'
      ? returnUrlWith(checkout.success_url, { order: checkout.invoice_id })
      : returnUrlWith(checkout.fail_url, { order: checkout.invoice_id, reason: kind === 'expired' ? 'expired' : checkout.reason });

  /** The last declined try for the form to show, and where «Вернуться в Экран» leads (with the order once a try was declined). */
  const declineOf = (checkout: Checkout) => ({
    decline: checkout.last_decline
      ? { cardText: `${CARD_TYPE_NAMES[checkout.last_decline.card.brand]} •••• ${checkout.last_decline.card.last4}`, reasonText: REASON_TEXTS[checkout.last_decline.reason], triesLeft: MAX_CARD_TRIES - (checkout.declines ?? 0) }
      : undefined,
    leaveUrl: leaveUrl(checkout),
  });
  const leaveUrl = (checkout: Checkout) => (checkout.last_decline ? returnUrlWith(checkout.fail_url, { order: checkout.invoice_id, reason: checkout.last_decline.reason }) : checkout.fail_url);

  /** The page of a checkout that cannot take a card now (unknown, finished, expired); null when it can. */
  const closedPage = (reply: FastifyReply, checkout: Checkout | undefined) => {
    if (!checkout) return page(reply, 404, (nonce) => renderResultPage({ nonce, kind: 'not_found' }));
    if (isExpired(checkout, now())) {
      return page(reply, 410, (nonce) => renderResultPage({ nonce, kind: 'expired', checkout, backUrl: backUrl(checkout, 'expired') }));
    }
    if (checkout.status === 'succeeded' || checkout.status === 'declined') {
      const kind = checkout.status;
      return page(reply, 200, (nonce) =>
        renderResultPage({ nonce, kind, checkout, charged: chargedAmount(checkout), reasonText: checkout.reason ? REASON_TEXTS[checkout.reason] : undefined, backUrl: backUrl(checkout, kind) }),
      );
    }
    return null;
  };

  /**
   * Tries the card: a final outcome lets the first notification go out and sends the browser back to our site; a
   * decline with tries left keeps the card holder on the form, which shows the reason (the shop is notified all
   * the same).
   */
  const settle = async (reply: FastifyReply, checkoutId: string, settleWith: (draft: State) => Checkout | null) => {
    const finished = store.update(settleWith);
    if (!finished) return reply.redirect(`/pay/${checkoutId}`, 303);
    if (finished.status === 'pending') {
      void notifier.kick();
      return reply.redirect(`/pay/${checkoutId}`, 303);
    }
    await notifier.settle(settleMs);
    return reply.redirect(backUrl(finished, finished.status === 'succeeded' ? 'succeeded' : 'declined'), 303);
  };

  app.get('/pay/:id', { schema: { params: CheckoutParams } }, async (request, reply) => {
    const checkout = store.view.checkouts[request.params.id];
    const closed = closedPage(reply, checkout);
    if (closed) return closed;
    if (checkout!.status === 'awaiting_3ds') return reply.redirect(`/pay/${checkout!.id}/3ds`, 303);
    return page(reply, 200, (nonce) => renderPayPage({ checkout: checkout!, charged: chargedAmount(checkout!), nonce, ...declineOf(checkout!) }));
  });

  app.post('/pay/:id', { schema: { params: CheckoutParams } }, async (request, reply) => {
    const checkout = store.view.checkouts[request.params.id];
    const closed = closedPage(reply, checkout);
    if (closed) return closed;
    if (checkout!.status === 'awaiting_3ds') return reply.redirect(`/pay/${checkout!.id}/3ds`, 303);
    const parsed = CardForm.safeParse(request.body ?? {});
    const form = parsed.success ? parsed.data : { number: '', expiry: '', cvc: '' };
    const problems = validateCardForm(form, now());
    const errors: FieldErrors = {};
    if (problems.number) errors.number = FIELD_MESSAGES.number[problems.number];
    if (problems.expiry) errors.expiry = FIELD_MESSAGES.expiry[problems.expiry];
    if (problems.cvc) errors.cvc = FIELD_MESSAGES.cvc[problems.cvc];
    if (!cardBrandFromNumber(form.number) && !problems.number) errors.number = 'Принимаются карты Мир, Visa и Mastercard';
    if (Object.keys(errors).length) {
      return page(reply, 400, (nonce) =>
        renderPayPage({ checkout: checkout!, charged: chargedAmount(checkout!), nonce, values: { number: form.number, expiry: form.expiry }, errors, alert: 'Проверьте данные карты', leaveUrl: leaveUrl(checkout!) }),
      );
    }
    // Only what a provider may keep: first 6, last 4, expiry and brand; the number and CVC go no further.
    const digits = cardDigits(form.number);
    const card: CardSnapshot = { first6: digits.slice(0, 6), last4: digits.slice(-4), exp: normalizeCardExpiry(form.expiry)!, brand: cardBrandFromNumber(digits)! };
    const behaviour = behaviourOf(digits);
    const id = checkout!.id;
    if (behaviour === 'three_ds') {
      const parked = store.update((draft) => {
        if (draft.checkouts[id]?.status !== 'pending') return false;
        awaitThreeDs(draft, id, card, behaviour);
        return true;
      });
      return reply.redirect(parked ? `/pay/${id}/3ds` : `/pay/${id}`, 303);
    }
    // The status is checked again inside the change: a double submit settles once.
    return settle(reply, id, (draft) => (draft.checkouts[id]?.status === 'pending' ? tryCard(draft, id, card, behaviour, holderOutcome(behaviour), now()) : null));
  });

  app.get('/pay/:id/3ds', { schema: { params: CheckoutParams } }, async (request, reply) => {
    const checkout = store.view.checkouts[request.params.id];
    const closed = closedPage(reply, checkout);
    if (closed) return closed;
    if (checkout!.status !== 'awaiting_3ds') return reply.redirect(`/pay/${checkout!.id}`, 303);
    return page(reply, 200, (nonce) => renderThreeDsPage({ checkout: checkout!, charged: chargedAmount(checkout!), nonce }));
  });

  app.post('/pay/:id/3ds', { schema: { params: CheckoutParams } }, async (request, reply) => {
    const checkout = store.view.checkouts[request.params.id];
    const closed = closedPage(reply, checkout);
    if (closed) return closed;
    if (checkout!.status !== 'awaiting_3ds') return reply.redirect(`/pay/${checkout!.id}`, 303);
    const code = CodeForm.safeParse(request.body ?? {}).data?.code.trim() ?? '';
    if (!code) {
      return page(reply, 400, (nonce) => renderThreeDsPage({ checkout: checkout!, charged: chargedAmount(checkout!), nonce, error: 'Введите код подтверждения' }));
    }
    const id = checkout!.id;
    return settle(reply, id, (draft) => {
      const current = draft.checkouts[id];
      if (current?.status !== 'awaiting_3ds' || !current.card || !current.pending_behaviour) return null;
      const outcome = code === THREE_DS_CODE ? holderOutcome(current.pending_behaviour) : ({ status: 'declined', reason: '3ds_failed' } as const);
      return tryCard(draft, id, current.card, current.pending_behaviour, outcome, now());
    });
  });

  return app;
}
