import { describe, expect, it, vi } from 'vitest';
import { createPublicAnswers } from './public-answers.server.ts';

const SCHEMA = {};
const URL_A = 'http://api/api/v1/home?for_kids=false';
const response = (cacheControl: string | null, status = 200) => ({ status, headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}) });
const request = { headers: new Headers({ cookie: 'ekran_token=abc' }) };

function setup(revisions: Array<number | Error> = [1]) {
  const clock = { now: 1_000_000 };
  const revision = vi.fn(async () => {
    const next = revisions.length > 1 ? revisions.shift()! : revisions[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const answers = createPublicAnswers({ maxEntries: 10, revision, revisionEveryMs: 2000, now: () => clock.now, log: () => undefined });
  return { answers, clock, revision };
}

describe('the public answers a site process keeps', () => {
  it('keeps an answer marked public for its max-age, frozen, and only for the schema it was parsed with', async () => {
    const { answers, clock } = setup();
    await answers.refresh();
    answers.offer(URL_A, request, response('public, max-age=60'), SCHEMA, { rows: [{ title: 'Новинки' }] }, answers.revision());
    const kept = answers.get<{ rows: Array<{ title: string }> }>(URL_A, SCHEMA);
    expect(kept).toEqual({ rows: [{ title: 'Новинки' }] });
    expect(() => {
      kept!.rows[0]!.title = 'changed';
    }).toThrow(TypeError);
    expect(answers.get(URL_A, {})).toBeUndefined();
    clock.now += 61_000;
    expect(answers.get(URL_A, SCHEMA)).toBeUndefined();
  });

  it.each([['private, max-age=60'], ['no-store'], ['public, max-age=0'], [null]])('keeps nothing marked %s', async (cacheControl) => {
    const { answers } = setup();
    await answers.refresh();
    answers.offer(URL_A, request, response(cacheControl), SCHEMA, { rows: [] }, answers.revision());
    expect(answers.size()).toBe(0);
  });

  it('drops everything when the revision moves, and keeps nothing asked under the old one', async () => {
    const { answers, clock } = setup([1, 1, 2]);
    await answers.refresh();
    answers.offer(URL_A, request, response('public, max-age=60'), SCHEMA, { v: 1 }, answers.revision());
    clock.now += 2500;
    await answers.refresh(); // still 1
    expect(answers.get(URL_A, SCHEMA)).toEqual({ v: 1 });
    const askedUnder = answers.revision();
    await answers.refresh(); // 2: the catalogue changed while an answer was on its way
    expect(answers.get(URL_A, SCHEMA)).toBeUndefined();
    answers.offer(URL_A, request, response('public, max-age=60'), SCHEMA, { v: 1 }, askedUnder);
    expect(answers.size()).toBe(0);
  });

  it('keeps nothing while the revision cannot be read, and checks it at most every revisionEveryMs', async () => {
    const { answers, clock, revision } = setup([new Error('down')]);
    await answers.refresh();
    expect(answers.revision()).toBeNull();
    answers.offer(URL_A, request, response('public, max-age=60'), SCHEMA, { v: 1 }, answers.revision());
    expect(answers.size()).toBe(0);
    const calls = revision.mock.calls.length;
    answers.get(URL_A, SCHEMA);
    answers.get(URL_A, SCHEMA);
    expect(revision.mock.calls.length).toBe(calls);
    clock.now += 2001;
    answers.get(URL_A, SCHEMA);
    expect(revision.mock.calls.length).toBe(calls + 1);
  });
});
