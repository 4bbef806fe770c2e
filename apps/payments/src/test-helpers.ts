// Test harness: a fresh data folder, the host built on it, and a small HTTP server standing in for the
// API that receives notifications.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app.ts';
import { EnvSchema } from './env.ts';

export const SECRET = 'test-secret-0123456789';
export const AUTH = `Basic ${Buffer.from(`ekran-sandbox:${SECRET}`).toString('base64')}`;

export interface Received {
  raw: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** The API's stand-in: records every notification; `respond` picks the answer (200 {"code":0} by default). */
export async function startReceiver() {
  const received: Received[] = [];
  const receiver = {
    received,
    respond: (_n: number): { status: number; body: string } => ({ status: 200, body: '{"code":0}' }),
    url: '',
    server: null as unknown as Server,
  };
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ raw, headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const answer = receiver.respond(received.length);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/v1/billing/notifications/sandbox`;
  return receiver;
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const newDataDir = () => mkdtempSync(join(tmpdir(), 'ekran-payments-'));

export async function makeApp(opts: { dataDir: string; notifyUrl: string } & Omit<AppDeps, 'env'>): Promise<FastifyInstance> {
  const { dataDir, notifyUrl, ...deps } = opts;
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    PAYMENTS_DATA_DIR: dataDir,
    PAYMENTS_NOTIFY_URL: notifyUrl,
    PAYMENTS_PUBLIC_URL: 'http://localhost:4190',
    PAYMENTS_API_SECRET: SECRET,
  });
  const app = await buildApp({ env, retryBaseMs: 20, settleMs: 2000, ...deps });
  await app.ready();
  return app;
}

let keys = 0;
export const newKey = () => `key-${Date.now()}-${++keys}`;

export const checkoutBody = (over: Record<string, unknown> = {}) => ({
  invoice_id: `ord-${++keys}`,
  account_id: 'acc-1',
  amount: 1190,
  currency: 'RUB',
  description: 'Подписка «Экран» на 3 месяца',
  email: 'viewer@example.ru',
  recurrent: false,
  bind_only: false,
  success_url: 'http://localhost:3000/web/success',
  fail_url: 'http://localhost:3000/web/fail',
  ...over,
});

export async function createCheckout(app: FastifyInstance, over: Record<string, unknown> = {}) {
  const body = checkoutBody(over);
  const res = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': newKey() }, payload: body });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const { id, url } = res.json<{ id: string; url: string }>();
  return { id, url, invoice: body.invoice_id };
}

export function submitCard(app: FastifyInstance, id: string, card: { number: string; expiry?: string; cvc?: string }) {
  const form = new URLSearchParams({ number: card.number, expiry: card.expiry ?? '12/30', cvc: card.cvc ?? '123' });
  return app.inject({ method: 'POST', url: `/pay/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
}

export function submitCode(app: FastifyInstance, id: string, code: string) {
  return app.inject({ method: 'POST', url: `/pay/${id}/3ds`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ code }).toString() });
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
