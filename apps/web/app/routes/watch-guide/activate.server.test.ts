import { describe, expect, it } from 'vitest';
import { activatePath, codeFromQuery } from './activate.server.ts';

describe('/activate?code= (RFC 8628 verification_uri_complete)', () => {
  it.each([
    ['ABCD-EFGH', 'ABCD-EFGH'],
    ['abcdefgh', 'ABCD-EFGH'],
    [' abcd efgh ', 'ABCD-EFGH'],
    ['ABCD-EFG', null],
    ['ABCD-EFGH!', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (query, code) => {
    expect(codeFromQuery(query)).toBe(code);
  });

  it('comes back to the page with the code after signing in', () => {
    expect(activatePath('ABCD-EFGH')).toBe('/activate?code=ABCD-EFGH');
    expect(activatePath(null)).toBe('/activate');
  });
});
