import { HOUR_MS } from '@ekran/core';
import { ErrorCode } from '@ekran/contracts';
import { limitAttempts, type Db } from '@ekran/db';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

// Brute-force limits that follow the attacker rather than the request: failed sign-ins per account (from any
// address) and per address (across accounts), device logins per address, failed promo codes per account and
// per address. docs/decisions/033-limits-that-follow-the-attacker.md.

/** One recorded attempt: when, and at what (an account, a code's destination; '' when a limit needs none). */
export interface Attempt {
  at: number;
  member: string;
}

/**
 * Where attempts are counted: Redis when REDIS_URL is set, the database otherwise, so that every API process
 * sees the same counts either way (never this process's memory).
 */
export interface AttemptStore {
  /**
   * Records an attempt under `key` at `at` and answers the attempts recorded before it within the window
   * (oldest first), with `undo` to take it back (a refused or a successful attempt does not count). Recording
   * first and judging by what came before makes parallel guesses queue up: each sees the ones ahead of it.
   */
  add(key: string, member: string, at: Date, windowMs: number): Promise<{ before: Attempt[]; undo: () => Promise<void> }>;
}

/** How long attempts are kept at most: the longest window of any rule. */
const KEEP_MS = 24 * HOUR_MS;
/** The database store prunes old rows once in this many attempts (each process on its own). */
const PRUNE_EVERY = 200;

/**
 * Attempts as rows of limit_attempts: the order of their ids is the order they were recorded in. A transaction
 * locks the key (an advisory lock) while the row goes in and the rows before it are read, so that attempts at
 * one key from several connections or processes queue strictly.
 */
export function databaseAttemptStore(db: Db): AttemptStore {
  let added = 0;
  return {
    async add(key, member, at, windowMs) {
      const { id, before } = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit_attempts:${key}`}))`);
        const [row] = await tx.insert(limitAttempts).values({ key, member, at }).returning({ id: limitAttempts.id });
        if (!row) throw new Error('insert limit_attempts returned nothing');
        const rows = await tx
          .select({ at: limitAttempts.at, member: limitAttempts.member })
          .from(limitAttempts)
          .where(and(eq(limitAttempts.key, key), lt(limitAttempts.id, row.id), gt(limitAttempts.at, new Date(at.getTime() - windowMs))))
          .orderBy(asc(limitAttempts.id));
        return { id: row.id, before: rows };
      });
      if (++added % PRUNE_EVERY === 0) await db.delete(limitAttempts).where(lt(limitAttempts.at, new Date(at.getTime() - KEEP_MS)));
      return {
        before: before.map((b) => ({ at: b.at.getTime(), member: b.member })),
        undo: async () => void (await db.delete(limitAttempts).where(eq(limitAttempts.id, id))),
      };
    },
  };
}

// One sorted set per key (score: the time), trimmed to the window, added to, and read up to the new entry's
// rank in one atomic step, so two processes cannot both see the other as missing. Entries of the same
// millisecond sort by their member, so each member starts with a sequence number of the key: their order is the
// order they came in.
const ADD_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local seq = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
local entry = string.format('%016d', seq) .. '|' .. ARGV[3]
redis.call('ZADD', KEYS[1], ARGV[2], entry)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local rank = redis.call('ZRANK', KEYS[1], entry)
local before = {}
if rank > 0 then before = redis.call('ZRANGE', KEYS[1], 0, rank - 1, 'WITHSCORES') end
table.insert(before, 1, entry)
return before
`;

/**
 * Attempts in Redis under `prefix` (shared by every API instance). While Redis is away attempts are let
 * through and the error is logged, as the per-route rate limits do: a Redis outage must not stop sign-ins.
 */
export function redisAttemptStore(redis: Redis, prefix: string, log: FastifyBaseLogger): AttemptStore {
  return {
    async add(key, member, at, windowMs) {
      const name = `${prefix}${key}`;
      try {
        const [entry, ...flat] = (await redis.eval(ADD_SCRIPT, 2, name, `${name}:seq`, String(at.getTime() - windowMs), String(at.getTime()), member, String(windowMs))) as string[];
        const before: Attempt[] = [];
        // The member follows the sequence number and its bar.
        for (let i = 0; i < flat.length; i += 2) before.push({ member: flat[i]!.slice(17), at: Number(flat[i + 1]) });
        return { before, undo: async () => void (await redis.zrem(name, entry!).catch((err: Error) => log.warn({ err }, `limits: ${err.message}`))) };
      } catch (err) {
        log.error({ err }, `limits: Redis did not answer; attempt at ${key} not counted`);
        return { before: [], undo: async () => undefined };
      }
    },
  };
}

/** A limit over one key: when the attempts before this one lock it, the time the lock ends (ms), else null. */
export interface Rule {
  key: string;
  member?: string;
  windowMs: number;
  lockedUntil: (before: Attempt[], now: number) => number | null;
}

/** At most `max` attempts within the window (sliding): locked until the one that makes it `max` leaves it. */
export const atMost = (max: number, windowMs: number) => (before: Attempt[]): number | null =>
  before.length >= max ? before[before.length - max]!.at + windowMs : null;

/** At most `max` distinct members within the window: locked until enough of them have no attempt left in it. */
export const distinctAtMost = (max: number, windowMs: number) => (before: Attempt[]): number | null => {
  const latest = new Map<string, number>();
  for (const b of before) latest.set(b.member, b.at);
  if (latest.size < max) return null;
  const times = [...latest.values()].sort((a, b) => a - b);
  return times[latest.size - max]! + windowMs;
};

/**
 * OWASP ASVS V2.2.1: `free` failures pass, then each further one waits out a lock after the last failure that
 * doubles from `firstLockMs` up to `maxLockMs`; and never more than `max` within the window, however patient.
 */
export const escalating = (policy: { free: number; firstLockMs: number; maxLockMs: number; max: number; windowMs: number }) => {
  const hardCap = atMost(policy.max, policy.windowMs);
  return (before: Attempt[], now: number): number | null => {
    let until = hardCap(before) ?? 0;
    if (before.length >= policy.free) {
      const lock = Math.min(policy.firstLockMs * 2 ** (before.length - policy.free), policy.maxLockMs);
      until = Math.max(until, before[before.length - 1]!.at + lock);
    }
    return until > now ? until : null;
  };
};

/** 429 in the error shape, with Retry-After (set by the plugin) and locked_until. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number, until: Date) {
    super(429, ErrorCode.RateLimited, `Too many attempts; try again in ${retryAfterSeconds} s`, { locked_until: until.toISOString() });
  }
}

/** Runs attempts under rules: refuses a locked one, and counts only the outcomes `counts` names. */
export function createLimits(store: AttemptStore, now: () => Date) {
  return {
    /**
     * Records the attempt under every rule; when any of them is locked, takes the records back and throws
     * 429. Otherwise answers `settle(counted)`, which takes the records back unless the outcome counts.
     */
    async begin(rules: Rule[]): Promise<(counted: boolean) => Promise<void>> {
      const at = now();
      const added = await Promise.all(rules.map((r) => store.add(r.key, r.member ?? '', at, r.windowMs)));
      const undo = () => Promise.all(added.map((a) => a.undo())).then(() => undefined);
      const until = Math.max(0, ...rules.map((r, i) => r.lockedUntil(added[i]!.before, at.getTime()) ?? 0));
      if (until > at.getTime()) {
        await undo();
        throw new TooManyAttemptsError(Math.max(1, Math.ceil((until - at.getTime()) / 1000)), new Date(until));
      }
      return async (counted) => {
        if (!counted) await undo();
      };
    },
  };
}
export type Limits = ReturnType<typeof createLimits>;

/**
 * A route's brute-force limits (in its `config.attempts`): the rules of a request, and which answers count as
 * an attempt (by status code: failures of a guess, or every success of a creation).
 */
export interface AttemptsConfig {
  rules: (request: FastifyRequest) => Rule[];
  counts: (statusCode: number) => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
  interface FastifyContextConfig {
    attempts?: AttemptsConfig;
  }
  interface FastifyRequest {
    settleAttempt?: (counted: boolean) => Promise<void>;
  }
}

/**
 * The attempt store of this app (Redis when given, else the database) and the hooks of `config.attempts`:
 * before the handler the attempt is recorded (or refused with 429), after the answer it is kept only when
 * its status counts. Registered before the routes, like the rate limits.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance, options: { redis: Redis | null; prefix: string }) => {
    const store = options.redis ? redisAttemptStore(options.redis, `${options.prefix}limits:`, app.log) : databaseAttemptStore(app.deps.database.db);
    app.decorate('limits', createLimits(store, app.deps.now));
    app.decorateRequest('settleAttempt', undefined);
    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config.attempts;
      if (config) request.settleAttempt = await app.limits.begin(config.rules(request));
    });
    app.addHook('onResponse', async (request, reply) => {
      const config = request.routeOptions.config.attempts;
      if (config && request.settleAttempt) await request.settleAttempt(config.counts(reply.statusCode)).catch((err: Error) => request.log.warn({ err }, `limits: ${err.message}`));
    });
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof TooManyAttemptsError) void reply.header('retry-after', String(error.retryAfterSeconds));
    });
  },
  { name: 'ekran-limits' },
);
