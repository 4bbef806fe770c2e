import { describe, expect, it } from 'vitest';
import { createIpRanges, isCidr } from './ip-ranges.ts';

describe('isCidr (ANONYMIZER_IP_RANGES, BLOCKED_IP_RANGES entries)', () => {
  it.each([
    ['10.0.0.0/8', true],
    ['203.0.113.7/32', true],
    ['203.0.113.7', true],
    ['2001:db8::/32', true],
    ['::1', true],
    ['::ffff:198.51.100.0/120', true],
    ['10.0.0.0/33', false],
    ['2001:db8::/129', false],
    ['10.1/16', false],
    ['010.0.0.1', false],
    ['fe80::1%eth0', false],
    ['10.0.0.0/', false],
    ['10.0.0.0/8/8', false],
    ['example.ru', false],
    ['', false],
  ])('%s → %s', (entry, ok) => expect(isCidr(entry)).toBe(ok));
});

describe('createIpRanges', () => {
  const ranges = createIpRanges(['198.51.100.0/24', '2001:db8:aa::/48', '::ffff:192.0.2.0/124', '203.0.113.9']);

  it.each([
    ['198.51.100.1', true],
    ['198.51.100.255', true],
    ['198.51.101.0', false],
    ['::ffff:198.51.100.7', true], // a dual-stack socket's view of an IPv4 peer
    ['2001:db8:aa:1::5', true],
    ['2001:db8:ab::5', false],
    ['192.0.2.15', true],
    ['192.0.2.16', false],
    ['203.0.113.9', true],
    ['203.0.113.10', false],
    ['not an address', false],
    ['', false],
  ])('%s → %s', (ip, inside) => expect(ranges.has(ip)).toBe(inside));

  it('an empty list matches nothing', () => {
    expect(createIpRanges([]).has('198.51.100.1')).toBe(false);
  });

  it('refuses an entry that is not a range', () => {
    expect(() => createIpRanges(['10.0.0.0/40'])).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe('the settings (env.ts)', () => {
  it('parses comma-separated ranges and stops the start naming a bad one', async () => {
    const { loadEnv } = await import('../env.ts');
    expect(loadEnv({ ANONYMIZER_IP_RANGES: ' 198.51.100.0/24 , 2001:db8::/32,', BLOCKED_IP_RANGES: '' })).toMatchObject({
      ANONYMIZER_IP_RANGES: ['198.51.100.0/24', '2001:db8::/32'],
      BLOCKED_IP_RANGES: [],
    });
    expect(() => loadEnv({ BLOCKED_IP_RANGES: '10.0.0.0/8,10.0.0.0/99' })).toThrow(/BLOCKED_IP_RANGES: not a CIDR .*10\.0\.0\.0\/99/);
  });

  it('keeps media URLs short-lived by default: heartbeats renew them', async () => {
    const { loadEnv } = await import('../env.ts');
    expect(loadEnv({})).toMatchObject({ MEDIA_TOKEN_TTL_SECONDS: 300, STREAM_ALIVE_SECONDS: 75, FREE_STREAM_LIMIT: 1 });
  });
});
