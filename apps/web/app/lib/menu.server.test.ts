import type { CatalogResponse } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Api } from './api.server.ts';
import { tFor } from './i18n.ts';

const catalog = (alias: string, title: string): CatalogResponse => ({
  items: [
    { category: 'movie', title: '', genres: [{ alias, title, total: 1 }] },
    { category: 'series', title: '', genres: [] },
  ],
});

describe('buildMenu and child sessions (issue 3 profiles)', () => {
  it("never keeps a child session's catalogue as the menu of other visitors", async () => {
    vi.resetModules();
    const { buildMenu } = await import('./menu.server.ts');
    // A child session's API gives the kids catalogue even when asked for the adult one.
    const childApi = { catalog: vi.fn(async () => catalog('fairytale', 'Сказки')) } as unknown as Api;
    const adultApi = { catalog: vi.fn(async (forKids: boolean) => (forKids ? catalog('fairytale', 'Сказки') : catalog('drama', 'Драма'))) } as unknown as Api;
    const input = { countryCode: 'RU', t: tFor('ru') };
    await buildMenu(childApi, { ...input, isChild: true });
    const menu = await buildMenu(adultApi, { ...input, isChild: false });
    expect(menu.find((m) => m.key === 'movies')?.data?.genres.map((g) => g.alias)).toEqual(['drama']);
    expect(adultApi.catalog).toHaveBeenCalledTimes(2);
    // The adult answer is then shared.
    await buildMenu(adultApi, { ...input, isChild: false });
    expect(adultApi.catalog).toHaveBeenCalledTimes(2);
  });
});

describe('the archive item in the New_text_and_button_for_catchup variant (issue 7 archive, catalogue §1)', () => {
  it.each([
    [false, 'Кино на ТВ'],
    [true, 'Записи с ТВ'],
  ])('variant %s: %s', async (archiveVariant, title) => {
    vi.resetModules();
    const { buildMenu } = await import('./menu.server.ts');
    const api = { catalog: vi.fn(async () => catalog('drama', 'Драма')) } as unknown as Api;
    const menu = await buildMenu(api, { countryCode: 'RU', isChild: false, archiveVariant, t: tFor('ru') });
    expect(menu.find((m) => m.key === 'archive')).toMatchObject({ url: '/archive', title });
  });
});
