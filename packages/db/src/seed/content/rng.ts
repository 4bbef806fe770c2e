// Thin, deterministic helpers on top of a seeded Faker instance. Every random
// decision in the generator goes through these (never Math.random()).
import { Faker, ru, en, base } from '@faker-js/faker';

export type Rng = Faker;

export function createRng(seed: number): Rng {
  const faker = new Faker({ locale: [ru, en, base] });
  faker.seed(seed);
  return faker;
}

/** Integer in [min, max] (inclusive). */
export function int(f: Rng, min: number, max: number): number {
  if (max <= min) return min;
  return f.number.int({ min, max });
}

/** Uniform float in [0, 1). */
export function unit(f: Rng): number {
  return f.number.float({ min: 0, max: 1 });
}

export function chance(f: Rng, p: number): boolean {
  if (p <= 0) return false;
  if (p >= 1) return true;
  return unit(f) < p;
}

export function pick<T>(f: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick() from an empty list');
  return items[int(f, 0, items.length - 1)] as T;
}

/** Weighted choice from [value, weight] pairs. */
export function weighted<T>(f: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + Math.max(0, w), 0);
  if (items.length === 0 || total <= 0) throw new Error('weighted() needs positive weights');
  let r = unit(f) * total;
  for (const [value, w] of items) {
    r -= Math.max(0, w);
    if (r < 0) return value;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

export function shuffle<T>(f: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(f, 0, i);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** n distinct elements (or all of them if the list is shorter). */
export function sample<T>(f: Rng, items: readonly T[], n: number): T[] {
  return shuffle(f, items).slice(0, Math.max(0, n));
}

/** Roughly normal value in [0, 1], mean 0.5 (Irwin–Hall of k uniforms). */
export function bell(f: Rng, k = 4): number {
  let s = 0;
  for (let i = 0; i < k; i++) s += unit(f);
  return s / k;
}

/**
 * Split `total` into integer parts proportional to `weights` (largest remainder,
 * ties broken by declaration order) so proportions are stable for every seed.
 */
export function quotas<K extends string>(total: number, weights: readonly (readonly [K, number])[]): Map<K, number> {
  const sum = weights.reduce((s, [, w]) => s + w, 0);
  const out = new Map<K, number>();
  if (sum <= 0 || total <= 0) {
    for (const [k] of weights) out.set(k, 0);
    return out;
  }
  const rema: { k: K; r: number; i: number }[] = [];
  let used = 0;
  weights.forEach(([k, w], i) => {
    const exact = (total * w) / sum;
    const fl = Math.floor(exact);
    out.set(k, fl);
    used += fl;
    rema.push({ k, r: exact - fl, i });
  });
  rema.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let j = 0; j < total - used; j++) {
    const e = rema[j % rema.length];
    if (e) out.set(e.k, (out.get(e.k) ?? 0) + 1);
  }
  return out;
}

/** Locale-independent string comparison (code-unit order), for stable sorting. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function cap(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

// ---- dates (pure calendar arithmetic on UTC day numbers) ----

const DAY_MS = 86_400_000;

export function dayOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`Bad date: ${iso}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

export function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

export function dayOfYearStart(year: number): number {
  return Math.round(Date.UTC(year, 0, 1) / DAY_MS);
}
