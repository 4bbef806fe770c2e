import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Api } from './api.server.ts';
import { loadProfilesShell } from './profiles.server.ts';

const auth = (o: Partial<AuthData> = {}) =>
  ({
    _id: 'u1', profile_id: 'p1', email: 'mama@example.ru', phone: null, virtual: false, profile_for_child: false, pin_status: 'create',
    ab: [{ exp_name: 'Who_watch', group_name: 'B', exp_id: '1', group_id: '12' }], language: { interface: 'ru' }, ...o,
  }) as AuthData;
const profile = (id: string, child = false) => ({ _id: id, profile_id: id, child, name: id, avatar: { id: 'a1', url: '/a1.svg', child }, is_main: id === 'p1', is_current: id === 'p1', birth_date: null, age_cap: null, language: { interface: null } });

describe('loadProfilesShell', () => {
  it('loads the profiles and the PIN state of a registered visitor', async () => {
    const api = {
      profileList: vi.fn().mockResolvedValue({ profiles: [profile('p1'), profile('p2', true)], max_profiles: 5, avatars: [] }),
      pinState: vi.fn().mockResolvedValue({ pin_status: 'create', has_pin: false, tries_left: 5, locked_until: null }),
    };
    const shell = await loadProfilesShell(auth(), 'token-0123456789abcdef', api as unknown as Api);
    expect(shell).toMatchObject({ isVirtual: false, isChild: false, currentProfileId: 'p1', maxProfiles: 5, pinStatus: 'create', hasPin: false, whoWatchGroup: 'B', email: 'mama@example.ru' });
    expect(shell?.profiles.map((p) => p._id)).toEqual(['p1', 'p2']);
  });

  it('names the session by a hash, never by its token, and differently for another session', async () => {
    const api = { profileList: vi.fn().mockRejectedValue(new Error('down')), pinState: vi.fn().mockRejectedValue(new Error('down')) } as unknown as Api;
    const a = await loadProfilesShell(auth(), 'token-aaaaaaaaaaaaaaaa', api);
    const b = await loadProfilesShell(auth(), 'token-bbbbbbbbbbbbbbbb', api);
    expect(a?.sessionKey).toMatch(/^[\w-]{16}$/);
    expect(a?.sessionKey).not.toContain('aaaa');
    expect(a?.sessionKey).not.toBe(b?.sessionKey);
    // spec platform §8: a failed profile call is ignored.
    expect(a?.profiles).toEqual([]);
  });

  it('asks nothing for a virtual visitor and gives nothing to a crawler', async () => {
    const api = { profileList: vi.fn(), pinState: vi.fn() };
    const shell = await loadProfilesShell(auth({ virtual: true, ab: [] }), 'token-0123456789abcdef', api as unknown as Api);
    expect(shell).toMatchObject({ isVirtual: true, profiles: [], whoWatchGroup: null });
    expect(api.profileList).not.toHaveBeenCalled();
    expect(await loadProfilesShell(null, null, api as unknown as Api)).toBeNull();
  });
});
