// The demo selections (the rows of the adult and kids homes) and playlists, planned from the
// finished catalogue so every reference resolves, then upserted on their aliases (a second run changes nothing).
import type { SelectionLocation, SelectionRule } from '@ekran/core';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { episodes, extras, playlistItems, playlists, seasons, selectionItems, selections, titles } from '../schema.ts';
import type { SeedCatalogue, SeedTitle } from './content/types.ts';

/** A selection of the seed: a rule, a collection (by alias) or hand-picked titles (by alias). */
export interface SeedSelection {
  alias: string;
  title: string;
  description: string;
  location: SelectionLocation;
  position: number;
  rule?: SelectionRule;
  collection?: string;
  titleAliases?: string[];
}

/** An item of a seeded playlist: a movie, an episode (title, season, episode numbers) or an extra (title, position). */
export type SeedPlaylistItem =
  | { movie: string }
  | { series: string; season: number; episode: number }
  | { extraOf: string; position: number };

export interface SeedPlaylist {
  alias: string;
  title: string;
  description: string;
  items: SeedPlaylistItem[];
}

const byPopularity = (a: SeedTitle, b: SeedTitle) => b.popularity - a.popularity || a.alias.localeCompare(b.alias);
const byFreshness = (a: SeedTitle, b: SeedTitle) => b.ekranReleaseDate.localeCompare(a.ekranReleaseDate) || byPopularity(a, b);
const SHOWS = ['talkshow', 'reality', 'documentary'];

/** The selections of the demo: about a dozen for the adult home, half a dozen for the kids home, two for both. */
export function planSelections(catalogue: SeedCatalogue): SeedSelection[] {
  const hasCollection = (alias: string) => catalogue.collections.some((c) => c.alias === alias);
  const weekend = catalogue.titles
    .filter((t) => t.kind === 'movie' && !t.forKids && !t.isAnimation && t.ratingEkran >= 7.3 && (t.durationMinutes ?? 0) <= 135 && !t.genres.some((g) => SHOWS.includes(g)))
    .sort(byPopularity)
    .slice(0, 16);

  const all: (SeedSelection | null)[] = [
    { alias: 'new', title: 'Новинки', location: 'home', position: 0, rule: { sort: '-ekran_release_date', max_items: 60 },
      description: 'Фильмы и сериалы, которые появились на Экране последними: премьеры недели и долгожданные релизы.' },
    { alias: 'popular', title: 'Популярное', location: 'home', position: 1, rule: { sort: '-popularity', max_items: 100 },
      description: 'То, что зрители Экрана смотрят чаще всего прямо сейчас.' },
    hasCollection('vybor-redaktsii')
      ? { alias: 'editors-choice', title: 'Выбор редакции', location: 'home', position: 2, collection: 'vybor-redaktsii',
          description: 'Фильмы и сериалы, которые редакция Экрана советует посмотреть в первую очередь.' }
      : null,
    { alias: 'top-rated', title: 'Высокий рейтинг', location: 'home', position: 3, rule: { sort: '-rating_ekran', rating_min: 7.5 },
      description: 'Фильмы и сериалы, которые зрители Экрана оценили выше 7,5 балла.' },
    { alias: 'free', title: 'Смотреть бесплатно', location: 'both', position: 4, rule: { free: true, sort: '-popularity' },
      description: 'Фильмы, сериалы и мультфильмы, которые открыты всем — без подписки и без оплаты.' },
    { alias: 'russian-series', title: 'Новые российские сериалы', location: 'home', position: 5,
      rule: { category: 'series', country: 'ru', sort: '-ekran_release_date', max_items: 40 },
      description: 'Свежие детективы, драмы и комедии отечественного производства — от первой серии до финала.' },
    { alias: 'comedies', title: 'Комедии для хорошего настроения', location: 'home', position: 6,
      rule: { genres: ['comedy'], for_kids: false, rating_min: 6.5, sort: '-popularity' },
      description: 'Смешные фильмы и сериалы с высоким рейтингом — для вечера, когда хочется просто посмеяться.' },
    weekend.length >= 8
      ? { alias: 'weekend-movies', title: 'Кино на выходные', location: 'home', position: 7, titleAliases: weekend.map((t) => t.alias),
          description: 'Фильмы, на которые не жалко субботнего вечера: не длиннее двух с небольшим часов и с хорошими оценками зрителей.' }
      : null,
    hasCollection('detektivy-s-neozhidannym-finalom')
      ? { alias: 'detectives', title: 'Детективы с неожиданным финалом', location: 'home', position: 8, collection: 'detektivy-s-neozhidannym-finalom',
          description: 'Запутанные расследования, в которых до последней минуты невозможно угадать преступника.' }
      : null,
    { alias: 'other-worlds', title: 'Другие миры', location: 'home', position: 9, rule: { genres: ['scifi', 'fantasy'], for_kids: false, sort: '-popularity' },
      description: 'Фантастика и фэнтези: космические экспедиции, далёкое будущее, магия и драконы.' },
    { alias: 'classics', title: 'Классика 80-х и 90-х', location: 'home', position: 10, rule: { year_to: 1999, sort: '-rating_ekran' },
      description: 'Фильмы и сериалы, на которых выросло не одно поколение зрителей.' },
    { alias: 'book-adaptations', title: 'Экранизации книг', location: 'home', position: 11, rule: { hashtag: 'по_мотивам_книги', sort: '-rating_ekran' },
      description: 'Истории, которые сначала были романами и повестями, а теперь их можно посмотреть.' },
    hasCollection('smotrim-vsey-semyoy')
      ? { alias: 'family', title: 'Смотрим всей семьёй', location: 'both', position: 12, collection: 'smotrim-vsey-semyoy',
          description: 'Добрые фильмы и мультфильмы, которые одинаково интересно смотреть и детям, и взрослым.' }
      : null,

    { alias: 'kids-new', title: 'Новые мультфильмы', location: 'kids', position: 0, rule: { for_kids: true, sort: '-ekran_release_date', max_items: 40 },
      description: 'Мультфильмы и мультсериалы, которые появились на Экране недавно.' },
    { alias: 'kids-popular', title: 'Любимые мультфильмы', location: 'kids', position: 1, rule: { for_kids: true, sort: '-popularity', max_items: 60 },
      description: 'Мультфильмы, которые дети смотрят и пересматривают чаще всего.' },
    hasCollection('dlya-samykh-malenkikh')
      ? { alias: 'kids-little', title: 'Для самых маленьких', location: 'kids', position: 2, collection: 'dlya-samykh-malenkikh',
          description: 'Мультфильмы, песенки и развивающие программы без возрастных ограничений.' }
      : null,
    { alias: 'kids-series', title: 'Мультсериалы', location: 'kids', position: 3, rule: { for_kids: true, kind: 'series', sort: '-popularity' },
      description: 'Любимые герои в новых сериях: приключения, сказки и весёлые истории.' },
    { alias: 'kids-fairytales', title: 'Сказки', location: 'kids', position: 5, rule: { for_kids: true, genres: ['fairytale'], sort: '-popularity' },
      description: 'Волшебные истории о смелых героях, добрых чудесах и хитрых злодеях.' },
    { alias: 'kids-learning', title: 'Учимся играя', location: 'kids', position: 6, rule: { for_kids: true, genres: ['education', 'nurseryrhymes'], sort: '-popularity' },
      description: 'Развивающие мультфильмы и песенки: буквы, цифры, цвета и первые открытия.' },
  ];
  return all.filter((s): s is SeedSelection => s !== null);
}

/** The playlists of the demo; a plan with fewer than three items is left out (a small test catalogue). */
export function planPlaylists(catalogue: SeedCatalogue): SeedPlaylist[] {
  const t = catalogue.titles;
  const adult = t.filter((x) => !x.forKids);
  const trailerOf = (x: SeedTitle) => x.extras.findIndex((e) => e.kind === 'trailer' && e.title === 'Трейлер');
  const firstEpisode = (x: SeedTitle) => x.seasons[0]?.episodes[0];

  const newest = adult.filter((x) => trailerOf(x) >= 0).sort(byFreshness).slice(0, 12);
  const previews = adult.filter((x) => x.kind === 'series' && firstEpisode(x)?.isPreview).sort(byPopularity).slice(0, 10);
  const freeMovies = adult.filter((x) => x.kind === 'movie' && x.isFree).sort(byPopularity).slice(0, 8);
  const bedtime = t.filter((x) => x.forKids && x.ratingAge === '0+' && x.kind === 'series').sort(byPopularity).slice(0, 4);
  const behind = t.filter((x) => x.extras.some((e) => e.kind === 'extra')).sort(byPopularity).slice(0, 12);
  const binge = adult.filter((x) => x.kind === 'series' && x.countries[0] === 'ru' && !x.isAnimation && !x.genres.some((g) => SHOWS.includes(g))).sort(byPopularity)[0];

  const plans: SeedPlaylist[] = [
    {
      alias: 'trailers-new', title: 'Трейлеры новинок',
      description: 'По паре минут на каждый фильм и сериал, который недавно вышел на Экране: смотрите трейлеры подряд и выбирайте, что включить вечером.',
      items: newest.map((x) => ({ extraOf: x.alias, position: trailerOf(x) })),
    },
    {
      alias: 'first-episodes', title: 'Первые серии бесплатно',
      description: 'Первые серии популярных сериалов открыты без подписки: посмотрите начало и решите, что смотреть дальше.',
      items: previews.map((x) => ({ series: x.alias, season: 1, episode: 1 })),
    },
    {
      alias: 'free-cinema', title: 'Вечер бесплатного кино',
      description: 'Полнометражные фильмы, которые можно смотреть без подписки, один за другим.',
      items: freeMovies.map((x) => ({ movie: x.alias })),
    },
    {
      alias: 'kids-bedtime', title: 'Мультфильмы перед сном',
      description: 'Короткие спокойные серии для малышей: две серии каждого мультсериала, а потом — спать.',
      items: bedtime.flatMap((x) => (x.seasons[0]?.episodes ?? []).slice(0, 2).map((e) => ({ series: x.alias, season: x.seasons[0]!.number, episode: e.number }))),
    },
    {
      alias: 'behind-the-scenes', title: 'Как снимали: за кадром',
      description: 'Рассказы режиссёров и съёмки со съёмочной площадки — всё, что не вошло в фильмы и сериалы.',
      items: behind.map((x) => ({ extraOf: x.alias, position: x.extras.findIndex((e) => e.kind === 'extra') })),
    },
  ];
  if (binge) {
    const season = binge.seasons[0];
    plans.push({
      alias: `pervyy-sezon-${binge.alias}`, title: `«${binge.title}»: весь первый сезон`,
      description: `Все серии первого сезона сериала «${binge.title}» подряд — от первой до последней.`,
      items: (season?.episodes ?? []).map((e) => ({ series: binge.alias, season: season!.number, episode: e.number })),
    });
  }
  return plans.filter((p) => p.items.length >= 3);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Upserts the planned selections and playlists; ids of titles and collections come from the catalogue's seed. */
export async function seedSelectionsAndPlaylists(
  tx: Tx,
  catalogue: SeedCatalogue,
  ids: { titleId: Map<string, string>; collectionId: Map<string, string> },
): Promise<{ selections: number; playlists: number }> {
  const need = (map: Map<string, string>, key: string, what: string) => {
    const v = map.get(key);
    if (!v) throw new Error(`seed: unknown ${what} ${key}`);
    return v;
  };

  const planned = planSelections(catalogue);
  const rows = await tx
    .insert(selections)
    .values(planned.map((s) => ({
      alias: s.alias, title: s.title, description: s.description, location: s.location, position: s.position,
      rule: s.rule ?? null, collectionId: s.collection ? need(ids.collectionId, s.collection, 'collection') : null,
    })))
    .onConflictDoUpdate({
      target: selections.alias,
      set: { title: sqlExcluded('title'), description: sqlExcluded('description'), location: sqlExcluded('location'), position: sqlExcluded('position'), rule: sqlExcluded('rule'), collectionId: sqlExcluded('collection_id') },
    })
    .returning({ id: selections.id, alias: selections.alias });
  const selectionId = new Map(rows.map((r) => [r.alias, r.id]));
  const picked = planned.flatMap((s) => (s.titleAliases ?? []).map((a, position) => ({ selectionId: need(selectionId, s.alias, 'selection'), titleId: need(ids.titleId, a, 'title'), position })));
  if (picked.length > 0) await tx.insert(selectionItems).values(picked).onConflictDoNothing();

  const plans = planPlaylists(catalogue);
  const playlistRows = await tx
    .insert(playlists)
    .values(plans.map((p, position) => ({ alias: p.alias, title: p.title, description: p.description, position })))
    .onConflictDoUpdate({ target: playlists.alias, set: { title: sqlExcluded('title'), description: sqlExcluded('description'), position: sqlExcluded('position') } })
    .returning({ id: playlists.id, alias: playlists.alias });
  const playlistId = new Map(playlistRows.map((r) => [r.alias, r.id]));

  // Episodes and extras were inserted without their ids coming back: look them up by their natural keys.
  const distinct = (values: string[]) => [...new Set(values)];
  const seriesIds = distinct(plans.flatMap((p) => p.items.flatMap((i) => ('series' in i ? [i.series] : [])))).map((a) => need(ids.titleId, a, 'title'));
  const extraTitleIds = distinct(plans.flatMap((p) => p.items.flatMap((i) => ('extraOf' in i ? [i.extraOf] : [])))).map((a) => need(ids.titleId, a, 'title'));
  const episodeRows = seriesIds.length
    ? await tx
        .select({ id: episodes.id, alias: titles.alias, season: seasons.number, episode: episodes.number })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .innerJoin(titles, eq(titles.id, seasons.titleId))
        .where(inArray(titles.id, seriesIds))
    : [];
  const extraRows = extraTitleIds.length
    ? await tx.select({ id: extras.id, alias: titles.alias, position: extras.position }).from(extras).innerJoin(titles, eq(titles.id, extras.titleId)).where(inArray(titles.id, extraTitleIds))
    : [];
  const episodeId = new Map(episodeRows.map((r) => [`${r.alias}/${r.season}/${r.episode}`, r.id]));
  const extraId = new Map(extraRows.map((r) => [`${r.alias}/${r.position}`, r.id]));

  const items = plans.flatMap((p) =>
    p.items.map((i, position) => ({
      playlistId: need(playlistId, p.alias, 'playlist'),
      position,
      titleId: 'movie' in i ? need(ids.titleId, i.movie, 'title') : null,
      episodeId: 'series' in i ? need(episodeId, `${i.series}/${i.season}/${i.episode}`, 'episode') : null,
      extraId: 'extraOf' in i ? need(extraId, `${i.extraOf}/${i.position}`, 'extra') : null,
    })),
  );
  if (items.length > 0) {
    await tx
      .insert(playlistItems)
      .values(items)
      .onConflictDoUpdate({ target: [playlistItems.playlistId, playlistItems.position], set: { titleId: sqlExcluded('title_id'), episodeId: sqlExcluded('episode_id'), extraId: sqlExcluded('extra_id') } });
  }
  // A playlist planned shorter than before loses its old tail.
  for (const p of plans) await tx.delete(playlistItems).where(and(eq(playlistItems.playlistId, need(playlistId, p.alias, 'playlist')), gte(playlistItems.position, p.items.length)));
  return { selections: planned.length, playlists: plans.length };
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
