import { describe, expect, it } from 'vitest';
import {
  canResume, formatPlayerTime, idleList, isPersonalRating, isWatchFinished, listReducer, watchedPercent, type ListState,
} from './lists.ts';

describe('isWatchFinished (issue 4: finished at ≥95%)', () => {
  it.each([
    // position, duration, finished
    [0, 100, false],
    [94, 100, false],
    [94.9, 100, false],
    [95, 100, true],
    [100, 100, true],
    [120, 100, true],
    [5700, 6000, true],
    [5699, 6000, false],
    [10, 0, false],
    [10, -5, false],
    [10, NaN, false],
  ])('%s of %s s: %s', (position, duration, expected) => {
    expect(isWatchFinished(position, duration)).toBe(expected);
  });
});

describe('watchedPercent', () => {
  it.each([
    [0, 100, 0],
    [-3, 100, 0],
    [1, 300, 0],
    [50, 100, 50],
    [99.9, 100, 99],
    [100, 100, 100],
    [130, 100, 100],
    [754, 3000, 25],
    [10, 0, 0],
  ])('%s of %s s is %i%%', (position, duration, expected) => {
    expect(watchedPercent(position, duration)).toBe(expected);
  });
});

describe('canResume: past the first 10 seconds and not finished', () => {
  it.each([
    [0, 100, false],
    [9, 100, false],
    [10, 100, true],
    [94, 100, true],
    [95, 100, false],
  ])('%s of %s s: %s', (position, duration, expected) => {
    expect(canResume(position, duration)).toBe(expected);
  });
});

describe('formatPlayerTime («Продолжить с 12:34»)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [754, '12:34'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [-4, '0:00'],
  ])('%s s is %s', (seconds, expected) => {
    expect(formatPlayerTime(seconds)).toBe(expected);
  });
});

describe('isPersonalRating (issue 4: ratings from 1 to 10)', () => {
  it.each([
    [1, true],
    [7, true],
    [10, true],
    [0, false],
    [11, false],
    [5.5, false],
    [-1, false],
    ['5', false],
    [null, false],
    [NaN, false],
  ])('%j: %s', (value, expected) => {
    expect(isPersonalRating(value)).toBe(expected);
  });
});

describe('listReducer (platform §3: idle, loading, loaded, error; §4: pages append, skip capped at items_total)', () => {
  type Item = { id: number };
  const page = (from: number, n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: from + i }));

  it('goes idle → loading → loaded with the first page', () => {
    let s: ListState<Item> = idleList();
    expect(s.status).toBe('idle');
    s = listReducer(s, { type: 'load' });
    expect(s.status).toBe('loading');
    s = listReducer(s, { type: 'loaded', items: page(0, 20), itemsTotal: 45, pageSize: 20, append: false });
    expect(s).toMatchObject({ status: 'loaded', skip: 20, itemsTotal: 45, error: null });
    expect(s.items).toHaveLength(20);
  });

  it('appends pages and caps skip at items_total', () => {
    let s = listReducer(idleList<Item>(), { type: 'loaded', items: page(0, 20), itemsTotal: 45, pageSize: 20, append: false });
    s = listReducer(listReducer(s, { type: 'load' }), { type: 'loaded', items: page(20, 20), itemsTotal: 45, pageSize: 20, append: true });
    expect(s.skip).toBe(40);
    s = listReducer(listReducer(s, { type: 'load' }), { type: 'loaded', items: page(40, 5), itemsTotal: 45, pageSize: 20, append: true });
    expect(s.skip).toBe(45);
    expect(s.items.map((i) => i.id)).toEqual(page(0, 45).map((i) => i.id));
  });

  it('keeps the loaded items when loading more fails, with the error in state (platform §8)', () => {
    const loaded = listReducer(idleList<Item>(), { type: 'loaded', items: page(0, 20), itemsTotal: 45, pageSize: 20, append: false });
    const failed = listReducer(listReducer(loaded, { type: 'load' }), { type: 'failed', error: 'UNAVAILABLE' });
    expect(failed).toMatchObject({ status: 'error', error: 'UNAVAILABLE', skip: 20 });
    expect(failed.items).toHaveLength(20);
    expect(listReducer(failed, { type: 'load' })).toMatchObject({ status: 'loading', error: null });
  });

  it('removing an item shrinks skip and the total, so the next page does not skip one', () => {
    const loaded = listReducer(idleList<Item>(), { type: 'loaded', items: page(0, 20), itemsTotal: 45, pageSize: 20, append: false });
    const s = listReducer(loaded, { type: 'removed', match: (i) => i.id === 3 });
    expect(s).toMatchObject({ skip: 19, itemsTotal: 44 });
    expect(s.items.map((i) => i.id)).not.toContain(3);
    expect(listReducer(s, { type: 'removed', match: (i) => i.id === 999 })).toEqual(s);
  });

  it('resets to idle', () => {
    const loaded = listReducer(idleList<Item>(), { type: 'loaded', items: page(0, 2), itemsTotal: 2, pageSize: 20, append: false });
    expect(listReducer(loaded, { type: 'reset' })).toEqual(idleList());
  });
});
