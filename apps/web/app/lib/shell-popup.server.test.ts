// Which marketing popup a page view asks for (spec platform §2 popups on / and /watch, §4 Offers,
// §5 the upsell, §9 the cookies); the API applies the rules, this spares it the question when the answer is known.
import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from './api.server.ts';
import { loadShellPopup } from './shell-popup.server.ts';

const auth = (o: Partial<AuthData> = {}) => ({ _id: 'u1', virtual: false, profile_for_child: false, ...o }) as AuthData;
const offer = { _id: 'o1', kind: 'offer' };
const request = (cookie = '', path = '/') => new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
const api = (answer: unknown = { offer }) => ({ currentOffer: vi.fn().mockResolvedValue(answer) });

describe('loadShellPopup', () => {
  it('asks for the main page’s offer and passes it on', async () => {
    const a = api();
    expect(await loadShellPopup({ api: a as never, auth: auth() }, request(), 'main')).toEqual({ offer, placement: 'main' });
    expect(a.currentOffer).toHaveBeenCalledWith('main', []);
  });

  it('asks nothing for a crawler, a child profile, kids mode (FOR_KIDS)', async () => {
    for (const [who, req] of [[null, request()], [auth({ profile_for_child: true }), request()], [auth(), request('FOR_KIDS=True')]] as const) {
      const a = api();
      expect(await loadShellPopup({ api: a as never, auth: who }, req, 'main')).toBeNull();
      expect(a.currentOffer).not.toHaveBeenCalled();
    }
  });

  it('skips the kinds this browser saw for this account (§9 cookies)', async () => {
    const a = api();
    await loadShellPopup({ api: a as never, auth: auth() }, request('offer_user_id=u1; upsale_answered=u1'), 'main');
    expect(a.currentOffer).toHaveBeenCalledWith('main', ['offer', 'upsell']);
    // another account's cookie does not count for a registered account…
    const b = api();
    await loadShellPopup({ api: b as never, auth: auth() }, request('offer_user_id=u2'), 'main');
    expect(b.currentOffer).toHaveBeenCalledWith('main', []);
    // …but does for a virtual visitor, whom the server cannot tell apart
    const c = api();
    await loadShellPopup({ api: c as never, auth: auth({ _id: 'v2', virtual: true }) }, request('offer_user_id=v1'), 'main');
    expect(c.currentOffer).toHaveBeenCalledWith('main', ['offer']);
  });

  it('asks nothing while the redirect flag of an accepted offer lives, or when every kind was seen', async () => {
    const a = api();
    expect(await loadShellPopup({ api: a as never, auth: auth() }, request('offer_redirect=1'), 'main')).toBeNull();
    expect(await loadShellPopup({ api: a as never, auth: auth() }, request('upsale_user_id=u1'), 'product')).toBeNull();
    expect(a.currentOffer).not.toHaveBeenCalled();
  });

  it('a title page opened from TV (?from=tv) has no upsell (§5 not from TV)', async () => {
    const a = api();
    expect(await loadShellPopup({ api: a as never, auth: auth() }, request('', '/watch/x?from=tv'), 'product')).toBeNull();
    expect(a.currentOffer).not.toHaveBeenCalled();
  });

  it('a failed call is no popup; anything else is a bug that surfaces', async () => {
    const failing = { currentOffer: vi.fn().mockRejectedValue(new ApiCallError(503, null)) };
    expect(await loadShellPopup({ api: failing as never, auth: auth() }, request(), 'main')).toBeNull();
    const broken = { currentOffer: vi.fn().mockRejectedValue(new TypeError('x')) };
    await expect(loadShellPopup({ api: broken as never, auth: auth() }, request(), 'main')).rejects.toBeInstanceOf(TypeError);
  });

  it('answers no popup when the API has none', async () => {
    expect(await loadShellPopup({ api: api({ offer: null }) as never, auth: auth() }, request(), 'main')).toBeNull();
  });
});
