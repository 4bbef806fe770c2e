// Grants are read exactly as nginx's secure_link reads them (deploy/nginx/media.conf), so the API and a CDN in
// front agree on every URL: what one refuses, the other refuses too.
import { describe, expect, it } from 'vitest';
import { mediaSignature, parseGrantExpiry, signMediaPrefix, verifyMediaGrant } from './media-grants.ts';

const SECRET = 'media-token-test-secret-0123456789-abcdef';
const SID = 'sid-0001';
const now = new Date('2026-11-21T12:00:00Z');
const exp = String(Math.floor(now.getTime() / 1000) + 300);
const sig = mediaSignature(SECRET, 'aurora', SID, exp);

describe('parseGrantExpiry', () => {
  it.each([
    ['1764000000', 1_764_000_000],
    ['1', 1],
    ['999999999999', 999_999_999_999],
  ])('reads %s', (text, value) => expect(parseGrantExpiry(text)).toBe(value));

  it.each([
    ['a leading zero', `0${exp}`],
    ['zero', '0'],
    ['a plus sign', `+${exp}`],
    ['a minus sign', `-${exp}`],
    ['a leading space', ` ${exp}`],
    ['a trailing space', `${exp} `],
    ['a tab', `${exp}\t`],
    ['a newline', `${exp}\n`],
    ['an overflow', '99999999999999999999999'],
    ['thirteen digits', '1000000000000'],
    ['an exponent', '1e10'],
    ['a fraction', `${exp}.5`],
    ['hexadecimal', '0x69200000'],
    ['non-ASCII digits', '١٧٦٤٠٠٠٠٠٠'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => expect(parseGrantExpiry(text)).toBeNull());
});

describe('verifyMediaGrant', () => {
  it('accepts the grant as signMediaPrefix writes it', () => {
    const prefix = signMediaPrefix(SECRET, '', { slug: 'aurora', sid: SID, expiresAt: new Date(Number(exp) * 1000) });
    expect(prefix).toBe(`/s/${exp}/${SID}/${sig}/aurora/`);
    expect(verifyMediaGrant(SECRET, { exp, sid: SID, sig, slug: 'aurora' }, now)).toBe(true);
  });

  it.each([
    ['a leading zero', `0${exp}`],
    ['two leading zeros', `00${exp}`],
    ['a plus sign', `+${exp}`],
    ['a leading space', ` ${exp}`],
    ['a trailing space', `${exp} `],
    ['an overflow with the digits after it', `${exp}000000000000000`],
  ])('refuses the genuine signature under an expiry with %s (nginx signs the text as written)', (_name, spelled) => {
    expect(verifyMediaGrant(SECRET, { exp: spelled, sid: SID, sig, slug: 'aurora' }, now)).toBe(false);
  });

  it('refuses a leading-zero expiry even signed as written, since the API never writes one', () => {
    const spelled = `0${exp}`;
    expect(verifyMediaGrant(SECRET, { exp: spelled, sid: SID, sig: mediaSignature(SECRET, 'aurora', SID, spelled), slug: 'aurora' }, now)).toBe(false);
  });
});
