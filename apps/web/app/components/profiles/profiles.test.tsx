// @vitest-environment jsdom
import type { Profile } from '@ekran/contracts';
import { PENDING_PROFILE_STORAGE_KEY } from '@ekran/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, data, Outlet, useLoaderData } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import type { ProfilesShell } from '../../lib/profiles.server.ts';
import { ProfileDialogs } from './profile-dialogs.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ProfilesProvider, useProfiles } from './profiles-context.tsx';

beforeAll(() => {
  // Radix positions menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.lang = 'ru';
});
afterEach(cleanup);

const profile = (id: string, name: string, o: Partial<Profile> = {}): Profile => ({
  _id: id,
  profile_id: id,
  child: false,
  name,
  avatar: { id: o.child ? 'k1' : 'a1', url: `/api/v1/avatars/${o.child ? 'k1' : 'a1'}.svg`, child: Boolean(o.child) },
  is_main: id === 'main',
  is_current: false,
  birth_date: null,
  age_cap: o.child ? '6+' : null,
  language: { interface: null },
  ...o,
});
const MAIN = profile('main', 'Основной');
const KID = profile('kid', 'Маша', { child: true });
const avatars = [
  { id: 'a1' as const, url: '/api/v1/avatars/a1.svg', child: false },
  { id: 'k1' as const, url: '/api/v1/avatars/k1.svg', child: true },
];
const shellOf = (o: Partial<ProfilesShell> = {}): ProfilesShell => ({
  isVirtual: false,
  isChild: false,
  currentProfileId: 'main',
  profiles: [MAIN],
  maxProfiles: 5,
  avatars,
  pinStatus: 'none',
  hasPin: false,
  email: 'mama@example.ru',
  phone: null,
  whoWatchGroup: 'A',
  sessionKey: 'session-key-0001',
  ...o,
});

type Fields = Record<string, string>;
/** A fake /profiles/action: changes the shell the root loader answers, like the API would. */
type Server = (fields: Fields, state: { shell: ProfilesShell }) => unknown;

/** Opens the switch from a plain button, as a banner or the deeplink would. */
function Controls() {
  const ui = useProfiles();
  return (
    <button type="button" onClick={() => ui?.switchTo(null)}>
      child-switch
    </button>
  );
}

function Root() {
  const { shell } = useLoaderData<{ shell: ProfilesShell }>();
  return (
    <ProfilesProvider shell={shell}>
      <ProfileMenu email={shell.email} />
      <Controls />
      <Outlet />
      <ProfileDialogs />
    </ProfilesProvider>
  );
}

function setup(initial: ProfilesShell, server: Server, path = '/') {
  const state = { shell: initial };
  const posted: Fields[] = [];
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ shell: state.shell }),
      HydrateFallback: () => null,
      Component: Root,
      children: [
        { index: true, Component: () => <p>Главная страница</p> },
        { path: 'kids', Component: () => <p>Детская страница</p> },
      ],
    },
    {
      path: '/profiles/action',
      action: async ({ request }) => {
        const fields = Object.fromEntries((await request.formData()).entries()) as Fields;
        posted.push(fields);
        return server(fields, state);
      },
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
  return { state, posted };
}

/** The answer of a select that worked, after the session moved to the profile. */
function selected(state: { shell: ProfilesShell }, id: string, language = 'ru') {
  const target = state.shell.profiles.find((p) => p._id === id)!;
  state.shell = { ...state.shell, currentProfileId: id, isChild: target.child };
  return { ok: true, intent: 'select', selected: { profile_id: id, child: target.child, language } };
}

async function openMenu() {
  const trigger = await screen.findByTestId('profile-menu');
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return screen.findByRole('menu');
}

describe('the profile menu', () => {
  it('shows the current profile, the profiles to switch to and the account items', async () => {
    setup(shellOf({ profiles: [MAIN, KID, profile('dad', 'Папа')] }), () => null);
    const menu = await openMenu();
    expect(within(menu).getByText('Сейчас смотрит')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent?.trim());
    expect(items).toEqual(['МашаДетский', 'Папа', 'Избранное и история', 'Детский профиль', 'Управление профилями', 'Родительский контроль', 'Аккаунт', 'Тарифы', 'Ввести промокод', 'Выйти']);
    expect(within(menu).getByRole('menuitem', { name: 'Избранное и история' }).getAttribute('href')).toBe('/favorites');
    expect(within(menu).getByRole('menuitem', { name: 'Тарифы' }).getAttribute('href')).toBe('/tariffs');
    expect(within(menu).getByRole('menuitem', { name: 'Ввести промокод' }).getAttribute('href')).toBe('/code');
    expect(within(menu).getByRole('menuitem', { name: 'Выйти' }).getAttribute('href')).toBe('/logout');
    expect(within(menu).getByRole('menuitem', { name: 'Аккаунт' }).getAttribute('href')).toBe('/account');
  });

  it('shows a child profile only the profiles to switch to', async () => {
    setup(shellOf({ profiles: [MAIN, KID], currentProfileId: 'kid', isChild: true, pinStatus: 'required', hasPin: true }), () => null, '/kids');
    const menu = await openMenu();
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent?.trim())).toEqual(['Основной', 'Избранное и история']);
  });
});

describe('the child profile switch (spec platform §4)', () => {
  it('with no child profile: prompt, child form, PIN popup, then the child profile on /kids', async () => {
    const { posted, state } = setup(shellOf(), (f, s) => {
      if (f.intent === 'create') {
        const kid = profile('new-kid', f.name!, { child: true, age_cap: f.age_cap as '6+', birth_date: f.birth_date || null });
        s.shell = { ...s.shell, profiles: [...s.shell.profiles, kid], pinStatus: 'create' };
        return { ok: true, intent: 'create', profile: { _id: kid._id, child: true, name: kid.name } };
      }
      if (f.intent === 'pin-create') {
        s.shell = { ...s.shell, pinStatus: 'required', hasPin: true };
        return { ok: true, intent: 'pin-create' };
      }
      if (f.intent === 'select') return selected(s, f.profile_id!);
      return null;
    });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Детский профиль' }));

    // 1. No child profile: the prompt to create one.
    const prompt = await screen.findByTestId('child-prompt');
    expect(within(prompt).getByRole('heading', { name: 'Создайте детский профиль' })).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Создать детский профиль' }));

    // The child form: name, birth date (suggests the age cap), the cap, the language.
    const form = await screen.findByTestId('child-form');
    fireEvent.change(within(form).getByLabelText('Имя ребёнка'), { target: { value: 'Маша' } });
    fireEvent.change(within(form).getByLabelText('Дата рождения'), { target: { value: '2019-04-12' } });
    expect(within(form).getByLabelText<HTMLInputElement>('6+ — для дошкольников').checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));

    // 2. A PIN popup before entering the child profile, with the profile remembered in local storage.
    const pinPopup = await screen.findByTestId('parental-create');
    expect(localStorage.getItem(PENDING_PROFILE_STORAGE_KEY)).toBe('new-kid');
    fireEvent.change(within(pinPopup).getByLabelText('PIN-код'), { target: { value: '2580' } });
    fireEvent.click(within(pinPopup).getByRole('button', { name: 'Сохранить' }));

    // 3–4. Selected by POST, then /kids, the stored selection cleared, and the child-profile prompt (1 < 3).
    expect(await screen.findByText('Детская страница')).toBeTruthy();
    expect(posted.map((p) => p.intent)).toEqual(['create', 'pin-create', 'select']);
    expect(posted[0]).toMatchObject({ child: 'true', name: 'Маша', birth_date: '2019-04-12', age_cap: '6+' });
    expect(posted[2]).toEqual({ intent: 'select', profile_id: 'new-kid' });
    expect(localStorage.getItem(PENDING_PROFILE_STORAGE_KEY)).toBeNull();
    expect(await screen.findByTestId('child-prompt')).toBeTruthy();
    expect(state.shell.currentProfileId).toBe('new-kid');
  });

  it('pin_status skip: the PIN popup, and skipping it again continues into the remembered profile', async () => {
    const { posted } = setup(shellOf({ profiles: [MAIN, KID], pinStatus: 'skip' }), (f, s) => (f.intent === 'select' ? selected(s, f.profile_id!) : { ok: true, intent: f.intent }));
    fireEvent.click(await screen.findByRole('button', { name: 'child-switch' }));
    const popup = await screen.findByTestId('parental-create');
    expect(localStorage.getItem(PENDING_PROFILE_STORAGE_KEY)).toBe('kid');
    fireEvent.click(within(popup).getByRole('button', { name: 'Пропустить' }));
    expect(await screen.findByText('Детская страница')).toBeTruthy();
    expect(posted.map((p) => p.intent)).toEqual(['pin-skip', 'select']);
  });

  it('selects straight away when a PIN is set, and reloads the interface language of the profile', async () => {
    const kidEn = profile('kid', 'Маша', { child: true, language: { interface: 'en' } });
    const { posted } = setup(shellOf({ profiles: [MAIN, kidEn], pinStatus: 'required', hasPin: true }), (f, s) => selected(s, f.profile_id!, 'en'));
    fireEvent.click(await screen.findByRole('button', { name: 'child-switch' }));
    expect(await screen.findByText('Детская страница')).toBeTruthy();
    expect(posted).toEqual([{ intent: 'select', profile_id: 'kid' }]);
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('leaving a child profile asks for the PIN: a wrong one shows the tries left, the right one returns to /', async () => {
    const { posted } = setup(shellOf({ profiles: [MAIN, KID], currentProfileId: 'kid', isChild: true, pinStatus: 'required', hasPin: true }), (f, s) =>
      f.pin === '2580' ? selected(s, f.profile_id!) : data({ ok: false, intent: 'select', error: { code: 'PIN_INVALID', tries_left: 4, field: 'pin' } }, { status: 403 }),
      '/kids',
    );
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Основной' }));
    const check = await screen.findByTestId('parental-check');
    expect(within(check).getByRole('heading', { name: 'Введите PIN-код' })).toBeTruthy();
    fireEvent.change(within(check).getByLabelText('PIN-код'), { target: { value: '1111' } });
    fireEvent.click(within(check).getByRole('button', { name: 'Продолжить' }));
    expect((await within(check).findByRole('alert')).textContent).toBe('Неверный PIN-код. Осталось 4 попытки');
    expect(screen.getByText('Детская страница')).toBeTruthy();

    fireEvent.change(within(check).getByLabelText('PIN-код'), { target: { value: '2580' } });
    fireEvent.click(within(check).getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Главная страница')).toBeTruthy();
    expect(posted.map((p) => p.pin)).toEqual(['1111', '2580']);
    expect(screen.queryByTestId('parental-check')).toBeNull();
  });

  it('shows the lock with its end time', async () => {
    setup(shellOf({ profiles: [MAIN, KID], currentProfileId: 'kid', isChild: true, pinStatus: 'required', hasPin: true }), () =>
      data({ ok: false, intent: 'select', error: { code: 'PIN_LOCKED', locked_until: '2026-11-21T12:15:00.000Z', field: 'pin' } }, { status: 423 }),
      '/kids',
    );
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Основной' }));
    const check = await screen.findByTestId('parental-check');
    fireEvent.change(within(check).getByLabelText('PIN-код'), { target: { value: '1111' } });
    fireEvent.click(within(check).getByRole('button', { name: 'Продолжить' }));
    const time = new Intl.DateTimeFormat('ru', { hour: '2-digit', minute: '2-digit' }).format(new Date('2026-11-21T12:15:00.000Z'));
    expect((await within(check).findByRole('alert')).textContent).toBe(`Слишком много неверных попыток. Попробуйте снова в ${time}.`);
  });
});

describe('popups that open by themselves', () => {
  it('pin_status create opens the parental-control popup once per session', async () => {
    setup(shellOf({ profiles: [MAIN, KID], pinStatus: 'create' }), () => ({ ok: true, intent: 'pin-skip' }));
    const popup = await screen.findByTestId('parental-create');
    expect(within(popup).getByRole('heading', { name: 'Родительский контроль' })).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByTestId('parental-create')).toBeNull());
    cleanup();
    setup(shellOf({ profiles: [MAIN, KID], pinStatus: 'create' }), () => null);
    await screen.findByTestId('profile-menu');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('parental-create')).toBeNull();
  });

  it('never opens the PIN prompt in a child profile', async () => {
    setup(shellOf({ profiles: [MAIN, KID], currentProfileId: 'kid', isChild: true, pinStatus: 'create' }), () => null, '/kids');
    await screen.findByTestId('profile-menu');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('parental-create')).toBeNull();
  });

  it('«Кто смотрит?» shows on the first page of a session in the Who_watch group B with 2+ profiles', async () => {
    const dad = profile('dad', 'Папа');
    const { posted } = setup(shellOf({ profiles: [MAIN, dad], whoWatchGroup: 'B' }), (f, s) => selected(s, f.profile_id!));
    const chooser = await screen.findByTestId('who-watch');
    expect(within(chooser).getByRole('heading', { name: 'Кто смотрит?' })).toBeTruthy();
    fireEvent.click(within(chooser).getByRole('button', { name: /Папа/ }));
    await waitFor(() => expect(posted).toEqual([{ intent: 'select', profile_id: 'dad' }]));
    await waitFor(() => expect(screen.queryByTestId('who-watch')).toBeNull());
    // The same session does not see it again.
    cleanup();
    setup(shellOf({ profiles: [MAIN, dad], whoWatchGroup: 'B' }), () => null);
    await screen.findByTestId('profile-menu');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('who-watch')).toBeNull();
  });

  it('«Кто смотрит?» stays hidden for group A and for one profile', async () => {
    setup(shellOf({ profiles: [MAIN, profile('dad', 'Папа')], whoWatchGroup: 'A' }), () => null);
    await screen.findByTestId('profile-menu');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('who-watch')).toBeNull();
    cleanup();
    sessionStorage.clear();
    setup(shellOf({ profiles: [MAIN], whoWatchGroup: 'B' }), () => null);
    await screen.findByTestId('profile-menu');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('who-watch')).toBeNull();
  });
});

describe('management', () => {
  it('shows the «maximum number of profiles» popup when the account is full', async () => {
    const five = [MAIN, KID, profile('p3', 'Папа'), profile('p4', 'Бабушка'), profile('p5', 'Дедушка')];
    setup(shellOf({ profiles: five, pinStatus: 'required', hasPin: true }), () => null);
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Управление профилями' }));
    const manage = await screen.findByTestId('manage-profiles');
    expect(within(manage).getByText(/Профилей: 5 из 5/)).toBeTruthy();
    fireEvent.click(within(manage).getByRole('button', { name: 'Добавить профиль' }));
    const limit = await screen.findByTestId('profile-limit');
    expect(within(limit).getByRole('heading', { name: 'Достигнуто максимальное количество профилей' })).toBeTruthy();
    expect(within(limit).getByText(/не больше 5 профилей/)).toBeTruthy();
  });

  it('renames a profile and shows a name error from the server', async () => {
    const dad = profile('dad', 'Папа');
    const { posted } = setup(shellOf({ profiles: [MAIN, dad] }), (f) =>
      f.name ? { ok: true, intent: 'update', profile: { _id: 'dad', child: false, name: f.name } } : data({ ok: false, intent: 'update', error: { code: 'BAD_REQUEST', field: 'name' } }, { status: 400 }),
    );
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Управление профилями' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить профиль «Папа»' }));
    const form = await screen.findByTestId('profile-form');
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Введите имя — до 30 символов');
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Отец' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByTestId('manage-profiles')).toBeTruthy();
    expect(posted[1]).toMatchObject({ intent: 'update', id: 'dad', name: 'Отец', avatar: 'a1', child: 'false' });
  });

  it('deletes a profile after a confirmation, never offering it for the main one', async () => {
    const dad = profile('dad', 'Папа');
    const { posted } = setup(shellOf({ profiles: [MAIN, dad] }), (f, s) => {
      s.shell = { ...s.shell, profiles: [MAIN] };
      return { ok: true, intent: f.intent };
    });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Управление профилями' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить профиль «Основной»' }));
    expect(within(await screen.findByTestId('profile-form')).queryByRole('button', { name: 'Удалить профиль' })).toBeNull();
    fireEvent.click(within(screen.getByTestId('profile-form')).getByRole('button', { name: 'Отмена' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить профиль «Папа»' }));
    fireEvent.click(within(await screen.findByTestId('profile-form')).getByRole('button', { name: 'Удалить профиль' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, удалить' }));
    const manage = await screen.findByTestId('manage-profiles');
    expect(posted).toEqual([{ intent: 'delete', id: 'dad' }]);
    expect(within(manage).queryByText('Папа')).toBeNull();
  });
});
