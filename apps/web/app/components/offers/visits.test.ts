// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { hasLookedAround, MARKETING_FROM_VISIT, nextVisit, recordPageView, VISIT_GAP_MS, VISIT_STORAGE_KEY, type VisitRecord } from './visits.ts';

const MIN = 60_000;
const T0 = Date.parse('2026-11-27T12:00:00Z');

afterEach(() => window.localStorage.clear());

describe('visits (decision 038; spec platform §9 session timeout 30 minutes)', () => {
  it('quotes the spec: a new visit after 30 minutes without a page view; popups from the second visit', () => {
    expect(VISIT_GAP_MS).toBe(1_800_000);
    expect(MARKETING_FROM_VISIT).toBe(2);
  });

  it.each<[string, VisitRecord | null, number, VisitRecord]>([
    ['the first page view starts visit 1', null, T0, { n: 1, start: T0, last: T0, virtualAtStart: true }],
    ['29 minutes later: the same visit', { n: 1, start: T0, last: T0, virtualAtStart: true }, T0 + 29 * MIN, { n: 1, start: T0, last: T0 + 29 * MIN, virtualAtStart: true }],
    ['30 minutes later: the next visit', { n: 1, start: T0, last: T0, virtualAtStart: true }, T0 + 30 * MIN, { n: 2, start: T0 + 30 * MIN, last: T0 + 30 * MIN, virtualAtStart: true }],
  ])('%s', (_name, prev, now, expected) => {
    expect(nextVisit(prev, now, true)).toEqual(expected);
  });

  it.each<[string, VisitRecord | null, boolean, boolean]>([
    ['nothing known (storage off)', null, false, false],
    ['the first visit', { n: 1, start: T0, last: T0, virtualAtStart: false }, false, false],
    ['the second visit of a registered viewer', { n: 2, start: T0, last: T0, virtualAtStart: false }, false, true],
    ['the second visit of an anonymous visitor', { n: 2, start: T0, last: T0, virtualAtStart: true }, true, true],
    ['a visit that signed up or in', { n: 3, start: T0, last: T0, virtualAtStart: true }, false, false],
  ])('%s → %s', (_name, visit, virtualNow, expected) => {
    expect(hasLookedAround(visit, virtualNow)).toBe(expected);
  });

  it('keeps the record in localStorage and mends a broken one', () => {
    window.localStorage.setItem(VISIT_STORAGE_KEY, '{broken');
    expect(recordPageView(false, T0)).toEqual({ n: 1, start: T0, last: T0, virtualAtStart: false });
    expect(recordPageView(false, T0 + 31 * MIN)).toMatchObject({ n: 2 });
    expect(JSON.parse(window.localStorage.getItem(VISIT_STORAGE_KEY)!)).toMatchObject({ n: 2, last: T0 + 31 * MIN });
  });
});
