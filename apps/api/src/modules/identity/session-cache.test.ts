import { describe, expect, it } from 'vitest';
import { createSessionCache, type KeptSession } from './session-cache.ts';

const HOUR = 3_600_000;
const row = (userId: string, expiresAt = 10 * HOUR, lastUsedAt = 0): KeptSession & { id: number } => ({ id: Math.random(), session: { userId, expiresAt: new Date(expiresAt), lastUsedAt: new Date(lastUsedAt) } });

function setUp(ttlMs = 5_000) {
  let t = 0;
  let lookups = 0;
  const cache = createSessionCache<ReturnType<typeof row>>({ ttlMs, maxEntries: 3, now: () => t });
  let caught = true;
  cache.hearWith({ caughtUp: async () => caught });
  cache.live(true);
  const db = new Map<string, ReturnType<typeof row>>();
  const get = (hash: string) => cache.get(hash, async () => (lookups++, db.get(hash) ?? null));
  return {
    cache, db, get,
    lookups: () => lookups,
    at: (ms: number) => void (t = ms),
    caughtUp: (v: boolean) => void (caught = v),
  };
}

describe('sessions kept in one process', () => {
  it('answers a kept session without a lookup until its TTL, and never past its expiry', async () => {
    const s = setUp();
    s.db.set('a', row('u1', 3_000));
    expect(await s.get('a')).toBe(s.db.get('a'));
    expect(await s.get('a')).toBe(s.db.get('a'));
    expect(s.lookups()).toBe(1);
    s.at(3_000); // the session's own end comes before the TTL's
    s.db.delete('a');
    expect(await s.get('a')).toBeNull();
    expect(s.lookups()).toBe(2);
  });

  it('looks up again after the TTL', async () => {
    const s = setUp();
    s.db.set('a', row('u1'));
    await s.get('a');
    s.at(5_000);
    await s.get('a');
    expect(s.lookups()).toBe(2);
  });

  it("drops an account's sessions, and only its, when the database announces a change of it", async () => {
    const s = setUp();
    s.db.set('a', row('u1'));
    s.db.set('b', row('u1'));
    s.db.set('c', row('u2'));
    await Promise.all([s.get('a'), s.get('b'), s.get('c')]);
    s.cache.changed('u1');
    expect(s.cache.size).toBe(1);
    await Promise.all([s.get('a'), s.get('b'), s.get('c')]);
    expect(s.lookups()).toBe(5);
  });

  it('does not keep what a lookup read while a change was announced', async () => {
    const s = setUp();
    let release: () => void = () => undefined;
    const stale = row('u1');
    const pending = s.cache.get('a', () => new Promise((resolve) => (release = () => resolve(stale))));
    await new Promise((r) => setTimeout(r, 0));
    s.cache.changed('u1');
    release();
    expect(await pending).toBe(stale);
    expect(s.cache.size).toBe(0);
  });

  it('keeps nothing while the announcements are not heard, and starts afresh when they are again', async () => {
    const s = setUp();
    s.db.set('a', row('u1'));
    await s.get('a');
    s.cache.live(false);
    expect(s.cache.size).toBe(0);
    await s.get('a');
    await s.get('a');
    expect(s.lookups()).toBe(3);
    s.cache.live(true);
    await s.get('a');
    await s.get('a');
    expect(s.lookups()).toBe(4);
  });

  it('asks the database when it cannot know that every announcement so far was heard', async () => {
    const s = setUp();
    s.db.set('a', row('u1'));
    await s.get('a');
    s.caughtUp(false);
    await s.get('a');
    expect(s.lookups()).toBe(2);
  });

  it('keeps nothing with a TTL of 0, and nothing beyond its size', async () => {
    const off = setUp(0);
    off.db.set('a', row('u1'));
    await off.get('a');
    await off.get('a');
    expect(off.lookups()).toBe(2);
    const s = setUp();
    for (const h of ['a', 'b', 'c', 'd']) s.db.set(h, row(`u-${h}`));
    for (const h of ['a', 'b', 'c', 'd']) await s.get(h);
    expect(s.cache.size).toBe(3);
    s.cache.changed('u-a'); // already gone: nothing breaks
    expect(s.cache.size).toBe(3);
  });

  it('follows its own extension of a sliding expiry', async () => {
    const s = setUp();
    s.db.set('a', row('u1', 1_000));
    await s.get('a');
    s.cache.touched('a', new Date(500), new Date(10 * HOUR));
    s.at(2_000);
    expect((await s.get('a'))?.session.expiresAt.getTime()).toBe(10 * HOUR);
    expect(s.lookups()).toBe(1);
  });
});
