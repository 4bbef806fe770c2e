// A small catalogue for the collections area's route tests: adult and kids titles (one disabled), editorial
// collections (one kids collection an editor mixed an adult film into), hashtags, people (one without a name),
// selections of every source and location, and playlists of movies, episodes and trailers.
import type { SelectionRule } from '@ekran/core';
import { collectionItems, collections, credits, people, playlistItems, playlists, selectionItems, selections } from '@ekran/db';
import { afterAll, beforeAll } from 'vitest';
import { childSession, registeredViewer } from '../profiles/profiles.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

export async function collectionsWorld(t: TestApp) {
  const drama = await t.make.genre({ alias: 'drama', title: 'Драма', position: 1 });
  const comedy = await t.make.genre({ alias: 'comedy', title: 'Комедия', position: 2 });
  const family = await t.make.genre({ alias: 'family', title: 'Семейный', position: 3 });

  const mayak = await t.make.title({
    alias: 'tayna-mayaka', title: 'Тайна маяка', genreIds: [drama.id], popularity: 9000, year: 2023, ratingEkran: 8.1,
    ekranReleaseDate: '2026-10-01', hashtags: ['неожиданный_финал', 'по_мотивам_книги'],
  });
  const sad = await t.make.title({
    alias: 'zimniy-sad', title: 'Зимний сад', genreIds: [drama.id], popularity: 500, year: 2019, ratingEkran: 6.0,
    ekranReleaseDate: '2026-06-01', hashtags: ['неожиданный_финал'], isFree: true,
  });
  const hidden = await t.make.title({ alias: 'skrytyy', title: 'Скрытый', genreIds: [drama.id], isDisabled: true, hashtags: ['неожиданный_финал', 'тайное'] });
  const dom = await t.make.series({ alias: 'dom-na-krayu', title: 'Дом на краю', genreIds: [comedy.id], popularity: 7000, year: 2021, ratingEkran: 7.2, ekranReleaseDate: '2026-09-01' });
  const yozhik = await t.make.title({
    alias: 'yozhik', title: 'Ёжик', genreIds: [family.id], isAnimation: true, forKids: true, ratingAge: '0+', isFree: true, popularity: 3000,
    year: 2022, ratingEkran: 7.9, ekranReleaseDate: '2026-08-01', hashtags: ['про_дружбу'],
  });
  const kubik = await t.make.series({
    alias: 'kubik', title: 'Кубик', genreIds: [family.id, comedy.id], isAnimation: true, forKids: true, ratingAge: '6+', popularity: 2500,
    year: 2020, ratingEkran: 6.8, ekranReleaseDate: '2026-07-01', hashtags: ['про_дружбу'],
  });
  const shkolnik = await t.make.title({
    alias: 'shkolnik', title: 'Школьник', genreIds: [family.id], isAnimation: true, forKids: true, ratingAge: '8+', popularity: 2000,
    year: 2018, ratingEkran: 7.0, ekranReleaseDate: '2026-05-01', hashtags: ['про_дружбу'],
  });
  const mayakTrailer = await t.make.extra(mayak.id, { title: 'Трейлер' });

  const [vybor, detskoe, pustaya] = await t.db
    .insert(collections)
    .values([
      { alias: 'vybor-redaktsii', title: 'Выбор редакции', description: 'Редакция советует.', position: 0 },
      { alias: 'detskoe', title: 'Детское', description: 'Для детей.', forKids: true, position: 1 },
      { alias: 'pustaya', title: 'Пустая', description: 'Только скрытое.', position: 2 },
    ])
    .returning();
  const inOrder = (collectionId: string, ids: string[]) => ids.map((titleId, position) => ({ collectionId, titleId, position }));
  await t.db.insert(collectionItems).values([
    ...inOrder(vybor!.id, [mayak.id, hidden.id, dom.title.id, yozhik.id]),
    ...inOrder(detskoe!.id, [yozhik.id, kubik.title.id, shkolnik.id, mayak.id]),
    ...inOrder(pustaya!.id, [hidden.id]),
  ]);

  const [ivan, anna, nameless, adultOnly] = await t.db
    .insert(people)
    .values([
      { alias: 'ivan-petrov', name: 'Иван Петров', nameOriginal: 'Ivan Petrov', biography: 'Актёр театра и кино.', birthDate: '1980-04-12' },
      { alias: 'anna-smirnova', name: 'Анна Смирнова', biography: 'Сценарист и актриса озвучивания.' },
      { alias: 'bez-imeni', name: '' },
      { alias: 'tolko-vzroslye', name: 'Пётр Сидоров' },
    ])
    .returning();
  await t.db.insert(credits).values([
    { titleId: mayak.id, personId: ivan!.id, role: 'actor', characterName: 'Смотритель' },
    { titleId: dom.title.id, personId: ivan!.id, role: 'director' },
    { titleId: hidden.id, personId: ivan!.id, role: 'actor', characterName: 'Тень' },
    { titleId: sad.id, personId: ivan!.id, role: 'actor', characterName: 'Садовник' },
    { titleId: yozhik.id, personId: anna!.id, role: 'actor', characterName: 'Ёжик' },
    { titleId: mayak.id, personId: anna!.id, role: 'writer' },
    { titleId: yozhik.id, personId: nameless!.id, role: 'composer' },
    { titleId: dom.title.id, personId: adultOnly!.id, role: 'producer' },
  ]);

  const selection = (alias: string, location: 'home' | 'kids' | 'both', position: number, source: { rule?: SelectionRule; collectionId?: string } = {}, isActive = true) => ({
    alias, title: `Подборка ${alias}`, description: `Описание ${alias}.`, location, position, rule: source.rule ?? null, collectionId: source.collectionId ?? null, isActive,
  });
  const selRows = await t.db
    .insert(selections)
    .values([
      selection('new', 'home', 0, { rule: { sort: '-ekran_release_date' } }),
      selection('top-rated', 'home', 1, { rule: { sort: '-rating_ekran', rating_min: 7 } }),
      selection('editors', 'home', 2, { collectionId: vybor!.id }),
      selection('weekend', 'home', 3),
      // An editor's typo: "genre" is not a rule key. The selection must be left out, not widened to everything.
      selection('broken', 'home', 4, { rule: { genre: 'drama' } as unknown as SelectionRule }),
      selection('capped', 'home', 5, { rule: { sort: '-popularity', max_items: 2 } }),
      selection('inactive', 'home', 6, { rule: {} }, false),
      selection('kids-new', 'kids', 0, { rule: { sort: '-ekran_release_date' } }),
      selection('kids-picks', 'kids', 1, { collectionId: detskoe!.id }),
      selection('free', 'both', 7, { rule: { free: true } }),
      selection('empty', 'home', 8, { rule: { year_from: 1950, year_to: 1960 } }),
    ])
    .returning();
  const weekend = selRows.find((s) => s.alias === 'weekend')!;
  await t.db.insert(selectionItems).values([
    { selectionId: weekend.id, titleId: sad.id, position: 0 },
    { selectionId: weekend.id, titleId: hidden.id, position: 1 },
    { selectionId: weekend.id, titleId: mayak.id, position: 2 },
  ]);

  const [vecher, detskiy, vzroslyy] = await t.db
    .insert(playlists)
    .values([
      { alias: 'vecher', title: 'Вечер кино', description: 'Фильм, серия и трейлер.', position: 0 },
      { alias: 'detskiy', title: 'Мультики подряд', description: 'Для детей.', position: 1 },
      { alias: 'vzroslyy', title: 'Только для взрослых', description: 'Один фильм.', position: 2 },
    ])
    .returning();
  await t.db.insert(playlistItems).values([
    { playlistId: vecher!.id, position: 0, titleId: mayak.id },
    { playlistId: vecher!.id, position: 1, episodeId: dom.episodes[0]!.id },
    { playlistId: vecher!.id, position: 2, extraId: mayakTrailer.id },
    { playlistId: vecher!.id, position: 3, titleId: hidden.id },
    { playlistId: vecher!.id, position: 4, titleId: yozhik.id },
    { playlistId: detskiy!.id, position: 0, titleId: yozhik.id },
    { playlistId: detskiy!.id, position: 1, episodeId: kubik.episodes[0]!.id },
    { playlistId: detskiy!.id, position: 2, titleId: shkolnik.id },
    { playlistId: vzroslyy!.id, position: 0, titleId: mayak.id },
  ]);

  const kid = await childSession(t, { age_cap: '6+' });
  const parent = await registeredViewer(t);
  return { mayak, sad, hidden, dom, yozhik, kubik, shkolnik, mayakTrailer, kid, parent };
}
export type CollectionsWorld = Awaited<ReturnType<typeof collectionsWorld>>;

/**
 * The collections world of a test file: one test app with the world in it, built before the file's tests and closed
 * after them, and `get` for a GET as the app's visitor (or with the given headers). Read `t` and `w` inside tests.
 */
export function collectionsSuite() {
  let app: TestApp | undefined;
  let world: CollectionsWorld | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    world = await collectionsWorld(app);
  });
  afterAll(() => app?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the collections world is built in beforeAll: read it inside a test');
    return value;
  };
  return {
    get t() {
      return ready(app);
    },
    get w() {
      return ready(world);
    },
    get: (url: string, headers?: Record<string, string>) => ready(app).app.inject({ url, headers: headers ?? ready(app).headers }),
  };
}
