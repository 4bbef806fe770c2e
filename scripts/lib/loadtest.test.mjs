import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './common.mjs';
import { allowedValues, errorsOutsideFaults, faultFailures, lostWrites, mediaConfFor, overlappingRuns, percentile, siteConfFor, summarise, swapAll } from './loadtest.mjs';

describe('the loadtest nginx config', () => {
  const site = readFileSync(path.join(ROOT, 'deploy/nginx/site.conf'), 'utf8');
  const media = readFileSync(path.join(ROOT, 'deploy/nginx/media.conf'), 'utf8');

  it('is the committed site.conf with only its ports and logs moved', () => {
    const conf = siteConfFor(site, { sitePorts: [5001, 5002], apiPorts: [5003, 5004], publicPort: 5005, internalPort: 5006, logDir: '/tmp/x' });
    for (const line of ['server 127.0.0.1:5001;', 'server 127.0.0.1:5002;', 'server 127.0.0.1:5003;', 'server 127.0.0.1:5004;', 'listen 127.0.0.1:5005;', 'listen 127.0.0.1:5006;', '/tmp/x/ekran.access.log']) {
      expect(conf).toContain(line);
    }
    expect(conf).not.toMatch(/:300[01];|:400[01];|\/var\/log/);
    // Everything else is the operator's text, byte for byte: swapping back gives the committed file.
    const back = swapAll(
      conf,
      [['server 127.0.0.1:5001;', 'server 127.0.0.1:3000;'], ['server 127.0.0.1:5002;', 'server 127.0.0.1:3001;'], ['server 127.0.0.1:5003;', 'server 127.0.0.1:4000;'],
        ['server 127.0.0.1:5004;', 'server 127.0.0.1:4001;'], ['listen 127.0.0.1:5005;', 'listen 80;'], ['listen 127.0.0.1:5006;', 'listen 127.0.0.1:4080;'], ['/tmp/x/', '/var/log/nginx/']],
      'rendered',
    );
    expect(back).toBe(site);
  });

  it('is the committed media.conf with its port, root and secret moved', () => {
    const conf = mediaConfFor(media, { port: 5007, root: '/m', secretFile: '/s.conf' });
    expect(conf).toContain('listen 127.0.0.1:5007;');
    expect(conf).toContain('root /m;');
    expect(conf).toContain('include /s.conf;');
  });

  it('refuses a config whose line moved, naming it', () => {
    expect(() => swapAll('listen 8080;', [['listen 80;', 'x']], 'site.conf')).toThrow('site.conf no longer has "listen 80;"');
  });
});

describe('figures', () => {
  it('takes percentiles by nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarises per kind with errors and the rate', () => {
    const records = [
      { kind: 'page', at: 0, ms: 10, ok: true },
      { kind: 'page', at: 1, ms: 30, ok: false },
      { kind: 'search', at: 2, ms: 5, ok: true },
    ];
    const s = summarise(records, 1_500);
    expect(s.rows).toEqual([
      { kind: 'page', count: 2, errors: 1, p50: 10, p99: 30 },
      { kind: 'search', count: 1, errors: 0, p50: 5, p99: 5 },
    ]);
    expect(s).toMatchObject({ total: 3, errors: 1, perSecond: 2 });
  });
});

describe('errors confined to the faults', () => {
  const faults = [{ name: 'kill api', start: 10_000, end: 12_000 }];
  const at = (ms, ok = false) => ({ kind: 'k', at: ms, ms: 1, ok });

  it('forgives failures from the slack before a fault to the recovery after it', () => {
    expect(errorsOutsideFaults([at(9_500), at(12_000), at(21_900), at(5_000, true)], faults, { slackMs: 1_000, recoveryMs: 10_000 })).toEqual([]);
  });

  it('reports failures before and after that window', () => {
    expect(errorsOutsideFaults([at(8_000), at(22_500)], faults, { slackMs: 1_000, recoveryMs: 10_000 }).map((r) => r.at)).toEqual([8_000, 22_500]);
  });

  it('forgives a slow request sent before the fault that was still in flight when it began', () => {
    expect(errorsOutsideFaults([{ kind: 'page', at: 7_000, ms: 2_500, ok: false }], faults, { slackMs: 1_000, recoveryMs: 10_000 })).toEqual([]);
    expect(errorsOutsideFaults([{ kind: 'page', at: 7_000, ms: 1_500, ok: false }], faults, { slackMs: 1_000, recoveryMs: 10_000 })).toHaveLength(1);
  });

  it('counts each fault\'s failures and when the last was answered after its end', () => {
    const rows = faultFailures([at(11_000), { kind: 'k', at: 13_000, ms: 500, ok: false }, at(30_000), at(11_500, true)], faults, { slackMs: 1_000, recoveryMs: 10_000 });
    expect(rows).toEqual([{ name: 'kill api', start: 10_000, end: 12_000, failures: 2, lastAfterEnd: 1_500 }]);
  });

  it('gives a failure in two faults\' windows to the later fault', () => {
    const two = [...faults, { name: 'restart db', start: 20_000, end: 21_000 }];
    const rows = faultFailures([at(11_000), at(20_500)], two, { slackMs: 1_000, recoveryMs: 10_000 });
    expect(rows.map((f) => [f.name, f.failures, f.lastAfterEnd])).toEqual([['kill api', 1, -999], ['restart db', 1, -499]]);
  });

  it('takes a fault with no end as lasting', () => {
    expect(errorsOutsideFaults([at(99_000)], [{ name: 'x', start: 1_000 }])).toEqual([]);
  });
});

describe('one run at a time', () => {
  it('finds no overlap in runs one after another', () => {
    expect(overlappingRuns([{ id: 'a', started: 0, completed: 10 }, { id: 'b', started: 10, completed: 20 }, { id: 'c', started: 30, completed: 31 }])).toEqual([]);
  });

  it('finds runs that overlap, and a run never completed overlaps every later one', () => {
    const pairs = overlappingRuns([{ id: 'b', started: 5, completed: 20 }, { id: 'a', started: 0, completed: 10 }, { id: 'c', started: 40, completed: null }, { id: 'd', started: 50, completed: 60 }]);
    expect(pairs.map(([x, y]) => `${x.id}${y.id}`)).toEqual(['ab', 'cd']);
  });
});

describe('acknowledged writes', () => {
  it('allows the last acknowledged value and the unanswered ones after it', () => {
    const writes = [{ value: 1, acked: true }, { value: 2, acked: false }, { value: 3, acked: true }, { value: 4, acked: false }];
    expect(allowedValues(writes, 0)).toEqual([3, 4]);
    expect(allowedValues([{ value: 5, acked: false }], null)).toEqual([null, 5]);
  });

  it('reports a key that lost its acknowledged value', () => {
    const ledger = new Map([
      ['fav:a', { initial: false, writes: [{ value: true, acked: true }] }],
      ['fav:b', { initial: false, writes: [{ value: true, acked: true }, { value: false, acked: false }] }],
      ['name:p', { initial: 'Анна', writes: [{ value: 'Вера', acked: true }] }],
    ]);
    const stored = new Map([['fav:a', false], ['fav:b', false], ['name:p', 'Вера']]);
    expect(lostWrites(ledger, stored)).toEqual([{ key: 'fav:a', stored: false, allowed: [true] }]);
  });
});
