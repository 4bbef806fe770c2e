// Delivers the outbox's notifications to the API (the payment host protocol): each try signs the body
// anew (fresh SentAt, same NotificationId), the API's 200 {"code":0} marks it delivered, anything else is
// retried with exponential backoff (1 s, 2 s, 4 s … capped at an hour) for at least 3 days from the first try,
// as real providers keep retrying (docs/decisions/032-payment-reconciliation.md). The outbox lives in the store,
// so what was not delivered before a restart is retried on start, within those 3 days even if it had given up.
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
    // Due at once, on whichever clock delivers (`now` is the operation's time, which tests may move).
    next_attempt_at: 0,
    delivered_at: null,
    gave_up_at: null,
    last_error: null,
  });
  return id;
}

/** The first retry's delay (the protocol's 1 s), the longest gap between tries, and how long tries go on. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
export const RETRY_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/** The wait after the n-th failed try (n from 1): base · 2^(n-1), at most maxDelayMs. */
export function retryDelayMs(attempt: number, baseMs = RETRY_BASE_MS, maxDelayMs = RETRY_MAX_DELAY_MS): number {
  return Math.min(maxDelayMs, baseMs * 2 ** Math.min(attempt - 1, 40));
}

/** The delivery loop's time: the real clock and timers, or a test's. */
export interface DeliveryClock {
  now(): number;
  setTimeout(run: () => void, ms: number): { unref?(): void };
  clearTimeout(handle: { unref?(): void }): void;
}

const realClock: DeliveryClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface NotifierOptions {
  url: string;
  secret: string;
  log: FastifyBaseLogger;
  /** The first retry's delay; doubles each time (1 s by the protocol; tests shorten it). */
  retryBaseMs?: number;
  /** The longest wait between two tries (an hour). */
  retryMaxDelayMs?: number;
  /** How long after its first try a notification is still retried (3 days). */
  retryForMs?: number;
  /** How long one delivery may take. */
  timeoutMs?: number;
  clock?: DeliveryClock;
  fetch?: typeof fetch;
}

/** The background delivery loop of the outbox. */
export class Notifier {
  private readonly retryBaseMs: number;
  private readonly retryMaxDelayMs: number;
  private readonly retryForMs: number;
  private readonly timeoutMs: number;
  private readonly clock: DeliveryClock;
  private readonly fetch: typeof fetch;
  private timer: { unref?(): void } | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly store: FileStore,
    private readonly options: NotifierOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
    this.retryMaxDelayMs = options.retryMaxDelayMs ?? RETRY_MAX_DELAY_MS;
    this.retryForMs = options.retryForMs ?? RETRY_FOR_MS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clock = options.clock ?? realClock;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** When a notification's retries began: its first try (older entries: when it was made). */
  private firstTry(e: OutboxEntry): number {
    return e.first_attempt_at ?? Date.parse(e.created_at);
  }

  /**
   * On start: what a previous run left undelivered is tried now, whatever its backoff said; one that gave up (an
   * older rule stopped after 10 tries) is taken up again while its retry period lasts.
   */
  start(): Promise<void> {
    const now = this.clock.now();
    const revive = (e: OutboxEntry) => !e.delivered_at && (!e.gave_up_at || now - this.firstTry(e) < this.retryForMs);
    if (this.store.view.outbox.some((e) => revive(e) && (e.gave_up_at || e.next_attempt_at > now))) {
      this.store.update((draft) => {
        for (const e of draft.outbox) {
          if (!revive(e)) continue;
          e.gave_up_at = null;
          e.next_attempt_at = Math.min(e.next_attempt_at, now);
        }
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

  /** The undelivered notifications still being retried (for the tests and the health of the host). */
  get undelivered(): readonly OutboxEntry[] {
    return this.pending();
  }

  /** Stops the loop and waits for a delivery in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
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
        if (entry.next_attempt_at > this.clock.now()) continue;
        await this.attempt(entry.id);
      }
    } while (this.again && !this.closed);
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    const next = Math.min(...this.pending().map((e) => e.next_attempt_at));
    if (!Number.isFinite(next)) return;
    this.timer = this.clock.setTimeout(() => void this.kick(), Math.min(2 ** 31 - 1, Math.max(0, next - this.clock.now())));
    this.timer.unref?.();
  }

  private async attempt(id: string): Promise<void> {
    const entry = this.store.view.outbox.find((e) => e.id === id);
    if (!entry || entry.delivered_at || entry.gave_up_at) return;
    const sentAt = Math.floor(this.clock.now() / 1000);
    const body = JSON.stringify({ ...entry.payload, SentAt: sentAt });
    let error: string | null = null;
    try {
      const response = await this.fetch(this.options.url, {
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
    const now = this.clock.now();
    const gaveUp = this.store.update((draft) => {
      const e = draft.outbox.find((x) => x.id === id);
      if (!e) return false;
      e.attempts += 1;
      e.first_attempt_at ??= now;
      if (error === null) {
        e.delivered_at = new Date(now).toISOString();
        e.last_error = null;
        return false;
      }
      e.last_error = error;
      // Tries go on until the retry period has passed since the first one: at least 3 days, whatever the count.
      if (now - e.first_attempt_at >= this.retryForMs) {
        e.gave_up_at = new Date(now).toISOString();
        return true;
      }
      e.next_attempt_at = now + retryDelayMs(e.attempts, this.retryBaseMs, this.retryMaxDelayMs);
      return false;
    });
    const attempt = entry.attempts + 1;
    if (error === null) this.options.log.info({ notification: id, attempt }, 'notification delivered');
    else if (gaveUp) this.options.log.error({ notification: id, attempt, error }, 'notification not accepted for the whole retry period; giving up');
    else this.options.log.warn({ notification: id, attempt, error }, 'notification not accepted; will retry');
  }
}
