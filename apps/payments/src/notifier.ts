// Delivers the outbox's notifications to the API (the payment host protocol): each try signs the body
// anew (fresh SentAt, same NotificationId), the API's 200 {"code":0} marks it delivered, anything else is
// retried after 1 s, 2 s, 4 s … for up to 10 tries. The outbox lives in the store, so what was not
// delivered before a restart is retried on start.
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore, OutboxEntry, State } from './store.ts';

/** base64(HMAC-SHA256(secret, raw body bytes)): CloudPayments' Content-HMAC. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/** Puts a notification into the outbox inside a store change; it goes out once the change is persisted. */
export function enqueueNotification(draft: State, payload: Record<string, unknown>, now: Date): string {
  const id = randomUUID();
  draft.outbox.push({
    id,
    payload: { NotificationId: id, ...payload },
    created_at: now.toISOString(),
    attempts: 0,
    // Delivery runs on the real clock (`now` is the operation's time, which tests may move).
    next_attempt_at: Date.now(),
    delivered_at: null,
    gave_up_at: null,
    last_error: null,
  });
  return id;
}

export interface NotifierOptions {
  url: string;
  secret: string;
  log: FastifyBaseLogger;
  /** The first retry's delay; doubles each time (1 s by the protocol; tests shorten it). */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long one delivery may take. */
  timeoutMs?: number;
}

/** The background delivery loop of the outbox. */
export class Notifier {
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly store: FileStore,
    private readonly options: NotifierOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** On start: what a previous run left undelivered is tried now, whatever its backoff said. */
  start(): Promise<void> {
    const now = Date.now();
    if (this.pending().some((e) => e.next_attempt_at > now)) {
      this.store.update((draft) => {
        for (const e of draft.outbox) if (!e.delivered_at && !e.gave_up_at) e.next_attempt_at = Math.min(e.next_attempt_at, now);
      });
    }
    return this.kick();
  }

  /** Delivers what is due now and schedules the rest; resolves when this round is done. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      this.schedule();
    });
    return this.pumping;
  }

  /** Waits for the current round at most `ms` (the browser is redirected after it either way). */
  async settle(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.kick(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Stops the loop and waits for a delivery in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pumping;
  }

  private pending(): OutboxEntry[] {
    return this.store.view.outbox.filter((e) => !e.delivered_at && !e.gave_up_at);
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      // In the order they were made, so a bind's Payment goes before its Refund when both are due.
      for (const entry of this.pending()) {
        if (this.closed) return;
        if (entry.next_attempt_at > Date.now()) continue;
        await this.attempt(entry.id);
      }
    } while (this.again && !this.closed);
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    const next = Math.min(...this.pending().map((e) => e.next_attempt_at));
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => void this.kick(), Math.min(2 ** 31 - 1, Math.max(0, next - Date.now())));
    this.timer.unref();
  }

  private async attempt(id: string): Promise<void> {
    const entry = this.store.view.outbox.find((e) => e.id === id);
    if (!entry || entry.delivered_at || entry.gave_up_at) return;
    const sentAt = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ ...entry.payload, SentAt: sentAt });
    let error: string | null = null;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-hmac': signBody(body, this.options.secret),
          'x-notification-timestamp': String(sentAt),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      let code: unknown;
      try {
        code = (JSON.parse(text) as { code?: unknown }).code;
      } catch {
        code = undefined;
      }
      if (response.status !== 200 || code !== 0) error = `HTTP ${response.status}: ${text.slice(0, 200)}`;
    } catch (err) {
      error = (err as Error).message;
    }
    const now = new Date();
    this.store.update((draft) => {
      const e = draft.outbox.find((x) => x.id === id);
      if (!e) return;
      e.attempts += 1;
      if (error === null) {
        e.delivered_at = now.toISOString();
        e.last_error = null;
      } else {
        e.last_error = error;
        if (e.attempts >= this.maxAttempts) e.gave_up_at = now.toISOString();
        else e.next_attempt_at = now.getTime() + this.retryBaseMs * 2 ** (e.attempts - 1);
      }
    });
    const attempt = entry.attempts + 1;
    if (error === null) this.options.log.info({ notification: id, attempt }, 'notification delivered');
    else if (attempt >= this.maxAttempts) this.options.log.error({ notification: id, attempt, error }, 'notification not accepted; giving up');
    else this.options.log.warn({ notification: id, attempt, error }, 'notification not accepted; will retry');
  }
}
