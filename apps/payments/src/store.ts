// The payment host's own storage: it plays a provider, so it keeps its state apart from our database.
//
// Why one JSON file rewritten whole (write temp + fsync + rename) and not an embedded database: a sandbox
// holds a few hundred records at most, and the whole state in one file makes every change atomic (a crash
// leaves the old file or the new one, never half of each) without a dependency. Each change runs on a
// copy and is persisted synchronously before anyone sees it, so two requests never interleave inside one
// change and a request that throws changes nothing.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CardBrand } from '@ekran/core';
import type { CardBehaviour, DeclineReason } from './test-cards.ts';

/** What the host keeps of a card: never the full number or the CVC. */
export interface CardSnapshot {
  first6: string;
  last4: string;
  /** MM/YY */
  exp: string;
  brand: CardBrand;
}

export type CheckoutStatus = 'pending' | 'awaiting_3ds' | 'succeeded' | 'declined';

export interface Checkout {
  id: string;
  invoice_id: string;
  account_id: string;
  /** What the order costs; a bind_only checkout charges BIND_AMOUNT instead. */
  amount: number;
  currency: string;
  description: string;
  email: string | null;
  recurrent: boolean;
  bind_only: boolean;
  success_url: string;
  fail_url: string;
  created_at: string;
  expires_at: string;
  status: CheckoutStatus;
  reason: DeclineReason | null;
  /** The card being paid with (kept while 3-D Secure waits, then the one that paid). */
  card: CardSnapshot | null;
  /** The behaviour of the card waiting for 3-D Secure. */
  pending_behaviour: CardBehaviour | null;
  transaction_id: string | null;
  finished_at: string | null;
  /** Declined tries so far while the card holder stays on the form (absent in checkouts stored before). */
  declines?: number;
  /** The last declined try, shown on the form above a fresh card form; cleared when the checkout settles. */
  last_decline?: { reason: DeclineReason; card: CardSnapshot } | null;
}

/** A card saved for recurring charges, behind an opaque token. */
export interface SavedCard {
  token: string;
  account_id: string;
  card: CardSnapshot;
  behaviour: CardBehaviour;
  created_at: string;
}

export interface Transaction {
  id: string;
  kind: 'payment' | 'refund';
  invoice_id: string;
  account_id: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'declined';
  reason: DeclineReason | null;
  /** The charged transaction of a refund. */
  refund_of: string | null;
  /** How much of a payment has been refunded, in kopecks. */
  refunded_minor: number;
  card: CardSnapshot | null;
  token: string | null;
  created_at: string;
}

/** A notification waiting for (or done with) delivery; SentAt is added and signed at each attempt. */
export interface OutboxEntry {
  id: string;
  payload: Record<string, unknown>;
  created_at: string;
  attempts: number;
  /** Epoch milliseconds of the first try: retries go on for the retry period from it (absent before the first). */
  first_attempt_at?: number;
  /** Epoch milliseconds of the next try. */
  next_attempt_at: number;
  delivered_at: string | null;
  /** Set when every try of the retry period failed. */
  gave_up_at: string | null;
  last_error: string | null;
}

/** The first answer to an Idempotency-Key, given again to a repeat. */
export interface IdempotentAnswer {
  request_hash: string;
  status: number;
  body: unknown;
  created_at: string;
}

export interface State {
  version: 1;
  checkouts: Record<string, Checkout>;
  cards: Record<string, SavedCard>;
  transactions: Record<string, Transaction>;
  outbox: OutboxEntry[];
  idempotency: Record<string, IdempotentAnswer>;
}

const emptyState = (): State => ({ version: 1, checkouts: {}, cards: {}, transactions: {}, outbox: [], idempotency: {} });

/** The state file in a data folder, read once and rewritten atomically on every change. */
export class FileStore {
  private state: State;
  private readonly file: string;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'state.json');
    this.state = existsSync(this.file) ? FileStore.read(this.file) : emptyState();
  }

  private static read(file: string): State {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as State;
      if (parsed.version !== 1) throw new Error(`unknown version ${String(parsed.version)}`);
      return { ...emptyState(), ...parsed };
    } catch (err) {
      // A broken store must stop the start: guessing would lose or repeat money movements.
      throw new Error(`The payment host's store ${file} cannot be read: ${(err as Error).message}`);
    }
  }

  /** A read-only view of the state (do not mutate; use update). */
  get view(): Readonly<State> {
    return this.state;
  }

  /** Runs a change on a copy, persists it, and only then makes it the state; a throw changes nothing. */
  update<T>(change: (draft: State) => T): T {
    const draft = structuredClone(this.state);
    const result = change(draft);
    this.persist(draft);
    this.state = draft;
    return result;
  }

  private persist(state: State): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }
}
