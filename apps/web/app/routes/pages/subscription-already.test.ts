import { describe, expect, it } from 'vitest';
import { contextWith } from '../../test/visitor.ts';
import { loader } from './subscription-already.tsx';

describe('/pages/subscription/already (spec platform §4 gating step 2)', () => {
  it('names the partner subscriptions and when they end (Moscow date)', () => {
    const auth = { externals: [{ name: 'okko', expires_at: '2027-03-12T20:59:59.000Z' }, { name: 'newpartner', expires_at: null }] };
    const r = loader({ context: contextWith({}, { auth: auth as never }) } as never);
    expect(r.externals).toEqual([
      { name: 'Okko', until: '12 марта 2027 г.' },
      { name: 'newpartner', until: null },
    ]);
    expect(r.support.email).toMatch(/@/);
  });

  it('has none for a visitor without partner subscriptions', () => {
    expect(loader({ context: contextWith({}, { auth: null }) } as never).externals).toEqual([]);
  });
});
