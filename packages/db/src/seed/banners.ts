// Editorial banners of the home, kids and promo pages, chosen from the generated catalogue by
// rules, so they always point at titles and collections that exist. Every banner type and every action type
// of spec platform §3 appears at least once.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { banners, extras, playlists, titles, type BannerActionRow } from '../schema.ts';
import type { SeedCatalogue, SeedTitle } from './content/types.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A seed action; `trailerOf` names the title whose first trailer becomes trailer_id when seeded. */
export type SeedBannerAction = BannerActionRow & { trailerOf?: string };

export interface SeedBanner {
  alias: string;
  location: 'home' | 'kids' | 'promos' | 'catchups';
  type: 'product' | 'collection' | 'playlist' | 'channel' | 'tv_selection' | 'link' | 'mainselection' | 'profile';
  title: string;
  description: string;
  actions: SeedBannerAction[];
  art: { hue: number; hue2: number; pattern: string; seed: number };
  isNarrow: boolean;
  forKids: boolean;
  targetAlias: string | null;
  targetUrl: string | null;
}

/** The playlist the marathon banners play until a playlist of the catalogue is found (see seedBanners). */
export const DEFAULT_PLAYLIST_ALIAS = 'kinomarafon-vykhodnogo-dnya';
/** The rule-based selection of /main/{rules} the top banner opens. */
export const TOP_SELECTION_ALIAS = 'top-rated';

const byPopularity = (a: SeedTitle, b: SeedTitle) => b.popularity - a.popularity || a.alias.localeCompare(b.alias);
const firstSentence = (text: string) => (text.match(/^.*?[.!?…](\s|$)/)?.[0] ?? text).trim();
const kindWord = (t: SeedTitle) => (t.forKids ? (t.kind === 'series' ? 'Мультсериал' : 'Мультфильм') : t.kind === 'series' ? 'Сериал' : 'Фильм');
const artOf = (t: SeedTitle, shift: number) => ({ hue: t.poster.hue, hue2: t.poster.hue2, pattern: t.poster.pattern, seed: t.poster.seed + shift });

function pickTitle(list: SeedTitle[], used: Set<string>, what: string, rule: (t: SeedTitle) => boolean): SeedTitle {
  const found = list.filter((t) => rule(t) && !used.has(t.alias)).sort(byPopularity)[0];
  if (!found) throw new Error(`seed banners: no title for ${what}`);
  used.add(found.alias);
  return found;
}

/** The banners for a catalogue: about 8 home, 5 kids, 4 promo and 3 catch-up archive banners (deterministic). */
export function buildBanners(catalogue: SeedCatalogue): SeedBanner[] {
  const { titles: all, collections } = catalogue;
  const used = new Set<string>();
  const hasTrailer = (t: SeedTitle) => t.extras.some((e) => e.kind === 'trailer');
  const collection = (alias: string) => {
    const c = collections.find((x) => x.alias === alias);
    if (!c) throw new Error(`seed banners: no collection ${alias}`);
    return c;
  };

  const freeMovie = pickTitle(all, used, 'a free movie', (t) => t.isFree && !t.forKids && t.kind === 'movie');
  const newSeries = pickTitle(all, used, 'a new series', (t) => !t.forKids && t.kind === 'series' && hasTrailer(t));
  const editors = collection('vybor-redaktsii');
  const kidsFree = pickTitle(all, used, 'a free kids title', (t) => t.isFree && t.forKids);
  const kidsTrailer = pickTitle(all, used, 'a kids title with a trailer', (t) => t.forKids && hasTrailer(t) && t.ratingAge === '0+');
  const babies = collection('dlya-samykh-malenkikh');
  const cartoons = collection('multserialy');
  const free = collection('besplatno');

  const home: Omit<SeedBanner, 'location'>[] = [
    {
      alias: 'home-premiera-besplatno', type: 'product', title: freeMovie.title,
      description: `${kindWord(freeMovie)} ${freeMovie.year} года — смотрите бесплатно, без подписки. ${firstSentence(freeMovie.description)}`,
      actions: [{ type: 'play', alias: freeMovie.alias }, { type: 'add_to_favorites', alias: freeMovie.alias }],
      art: artOf(freeMovie, 1000), isNarrow: false, forKids: false, targetAlias: freeMovie.alias, targetUrl: null,
    },
    {
      alias: 'home-novyy-serial', type: 'product', title: newSeries.title,
      description: `Новый сериал на Экране. ${firstSentence(newSeries.description)} Смотрите трейлер.`,
      actions: [{ type: 'play_trailer', alias: newSeries.alias, trailerOf: newSeries.alias }, { type: 'open', alias: newSeries.alias }, { type: 'add_to_favorites', alias: newSeries.alias }],
      art: artOf(newSeries, 1000), isNarrow: false, forKids: false, targetAlias: newSeries.alias, targetUrl: null,
    },
    {
      alias: 'home-vybor-redaktsii', type: 'collection', title: editors.title, description: editors.description,
      actions: [{ type: 'open', alias: editors.alias }],
      art: { hue: 28, hue2: 350, pattern: 'rays', seed: 4101 }, isNarrow: false, forKids: false, targetAlias: editors.alias, targetUrl: null,
    },
    {
      alias: 'home-kinomarafon', type: 'playlist', title: 'Киномарафон выходного дня',
      description: 'Включите один раз — и смотрите подряд: фильмы и серии идут друг за другом без пауз.',
      actions: [{ type: 'play', alias: DEFAULT_PLAYLIST_ALIAS }, { type: 'open', alias: DEFAULT_PLAYLIST_ALIAS }],
      art: { hue: 265, hue2: 200, pattern: 'stripes', seed: 4102 }, isNarrow: false, forKids: false, targetAlias: DEFAULT_PLAYLIST_ALIAS, targetUrl: null,
    },
    {
      alias: 'home-kanal-ekran-kino', type: 'channel', title: 'Телеканал «Экран Кино»',
      description: 'Фильмы нашего каталога в эфире круглые сутки. Пропустили вечерний фильм? Он есть в записи.',
      // The catchup action names the channel: /archive/watch/{channel} opens its newest recording. A recording's own
      // id would be gone in 14 days, and a film channel always has one.
      actions: [{ type: 'open', alias: 'ekran-kino' }, { type: 'catchup', target_id: 'ekran-kino' }],
      art: { hue: 210, hue2: 180, pattern: 'grid', seed: 4103 }, isNarrow: false, forKids: false, targetAlias: 'ekran-kino', targetUrl: null,
    },
    {
      alias: 'home-top-reytinga', type: 'mainselection', title: 'Высший рейтинг',
      description: 'Фильмы и сериалы, которые зрители Экрана оценили выше всего.',
      actions: [{ type: 'open', alias: TOP_SELECTION_ALIAS }],
      art: { hue: 45, hue2: 15, pattern: 'peaks', seed: 4104 }, isNarrow: false, forKids: false, targetAlias: TOP_SELECTION_ALIAS, targetUrl: null,
    },
    {
      alias: 'home-detskiy-profil', type: 'link', title: 'Детский профиль',
      description: 'Только мультфильмы и детские фильмы по возрасту ребёнка, а выйти из профиля можно по ПИН-коду.',
      actions: [{ type: 'open', url: '/child_profile' }],
      art: { hue: 150, hue2: 95, pattern: 'circles', seed: 4105 }, isNarrow: true, forKids: false, targetAlias: null, targetUrl: '/child_profile',
    },
    {
      alias: 'home-v-detskiy-rezhim', type: 'profile', title: 'Мультфильмы для детей',
      description: 'Переключитесь в детский профиль: любимые мультфильмы и ничего лишнего.',
      actions: [{ type: 'open', child: true }],
      art: { hue: 190, hue2: 300, pattern: 'waves', seed: 4106 }, isNarrow: true, forKids: false, targetAlias: null, targetUrl: null,
    },
  ];

  const kids: Omit<SeedBanner, 'location'>[] = [
    {
      alias: 'kids-besplatno', type: 'product', title: kidsFree.title,
      description: `${kindWord(kidsFree)} для всей семьи — бесплатно. ${firstSentence(kidsFree.description)}`,
      actions: [{ type: 'play', alias: kidsFree.alias }, { type: 'add_to_favorites', alias: kidsFree.alias }],
      art: artOf(kidsFree, 1000), isNarrow: false, forKids: true, targetAlias: kidsFree.alias, targetUrl: null,
    },
    {
      alias: 'kids-dlya-malyshey', type: 'collection', title: babies.title, description: babies.description,
      actions: [{ type: 'open', alias: babies.alias }],
      art: { hue: 55, hue2: 20, pattern: 'circles', seed: 4201 }, isNarrow: false, forKids: true, targetAlias: babies.alias, targetUrl: null,
    },
    {
      alias: 'kids-trailer', type: 'product', title: kidsTrailer.title,
      description: `${kindWord(kidsTrailer)} для самых маленьких. Посмотрите трейлер вместе с ребёнком.`,
      actions: [{ type: 'play_trailer', alias: kidsTrailer.alias, trailerOf: kidsTrailer.alias }, { type: 'open', alias: kidsTrailer.alias }],
      art: artOf(kidsTrailer, 1000), isNarrow: false, forKids: true, targetAlias: kidsTrailer.alias, targetUrl: null,
    },
    {
      alias: 'kids-multserialy', type: 'collection', title: cartoons.title, description: cartoons.description,
      actions: [{ type: 'open', alias: cartoons.alias }],
      art: { hue: 320, hue2: 260, pattern: 'stripes', seed: 4202 }, isNarrow: false, forKids: true, targetAlias: cartoons.alias, targetUrl: null,
    },
    {
      alias: 'kids-detskoe-tv', type: 'tv_selection', title: 'Детское ТВ',
      description: 'Детские телеканалы в прямом эфире: мультфильмы, песенки и познавательные передачи.',
      actions: [{ type: 'open', alias: 'detskie' }],
      art: { hue: 175, hue2: 45, pattern: 'grid', seed: 4203 }, isNarrow: false, forKids: true, targetAlias: 'detskie', targetUrl: null,
    },
  ];

  const promos: Omit<SeedBanner, 'location'>[] = [
    {
      alias: 'promo-probnyy-period', type: 'link', title: '7 дней подписки бесплатно',
      description: 'Оформите подписку и смотрите неделю бесплатно. Отменить можно в любой момент в личном кабинете.',
      actions: [{ type: 'open', url: '/tariffs' }],
      art: { hue: 0, hue2: 330, pattern: 'rays', seed: 4301 }, isNarrow: false, forKids: false, targetAlias: null, targetUrl: '/tariffs',
    },
    {
      alias: 'promo-promokod', type: 'link', title: 'Есть промокод?',
      description: 'Введите его — и подписка или скидка появится в вашем профиле сразу.',
      actions: [{ type: 'open', url: '/code' }],
      art: { hue: 280, hue2: 220, pattern: 'grid', seed: 4302 }, isNarrow: false, forKids: false, targetAlias: null, targetUrl: '/code',
    },
    {
      alias: 'promo-besplatno', type: 'collection', title: 'Смотрите без подписки', description: free.description,
      actions: [{ type: 'open', alias: free.alias }],
      art: { hue: 140, hue2: 200, pattern: 'waves', seed: 4303 }, isNarrow: false, forKids: false, targetAlias: free.alias, targetUrl: null,
    },
    {
      alias: 'promo-na-televizore', type: 'link', title: 'Экран на большом экране',
      description: 'Смотрите на телевизорах Samsung, LG, Sony и Hisense — одна подписка на всех устройствах.',
      actions: [{ type: 'open', url: '/ways-to-watch' }],
      art: { hue: 220, hue2: 260, pattern: 'peaks', seed: 4304 }, isNarrow: false, forKids: false, targetAlias: null, targetUrl: '/ways-to-watch',
    },
  ];

  // The banners of the catch-up archive (/posters/location/catchups, catalogue §7): the film
  // channels live, the subscription the recordings need ("по подписке", catalogue §1) and the series on TV.
  const catchups: Omit<SeedBanner, 'location'>[] = [
    {
      alias: 'catchups-kino-v-efire', type: 'tv_selection', title: 'Кино в прямом эфире',
      description: 'Фильмы на телеканалах Экрана идут круглосуточно. Пропустили показ — смотрите запись ещё 14 дней.',
      actions: [{ type: 'open', alias: 'kino' }],
      art: { hue: 205, hue2: 25, pattern: 'grid', seed: 4401 }, isNarrow: false, forKids: false, targetAlias: 'kino', targetUrl: null,
    },
    {
      alias: 'catchups-po-podpiske', type: 'link', title: 'Записи эфира — по подписке',
      description: 'Фильмы и сериалы с наших телеканалов доступны в записи две недели после показа. Первые 7 дней подписки бесплатно.',
      actions: [{ type: 'open', url: '/tariffs' }],
      art: { hue: 340, hue2: 280, pattern: 'rays', seed: 4402 }, isNarrow: false, forKids: false, targetAlias: null, targetUrl: '/tariffs',
    },
    {
      alias: 'catchups-serialy', type: 'link', title: 'Сериалы на ТВ',
      description: 'Пропущенные серии вчерашнего вечера — в записи: смотрите, когда удобно.',
      actions: [{ type: 'open', url: '/archive/series' }],
      art: { hue: 160, hue2: 230, pattern: 'stripes', seed: 4403 }, isNarrow: true, forKids: false, targetAlias: null, targetUrl: '/archive/series',
    },
  ];

  return [
    ...home.map((b) => ({ ...b, location: 'home' as const })),
    ...kids.map((b) => ({ ...b, location: 'kids' as const })),
    ...promos.map((b) => ({ ...b, location: 'promos' as const })),
    ...catchups.map((b) => ({ ...b, location: 'catchups' as const })),
  ];
}

/** The catalogue's first playlist: the marathon banners play it (the playlists are seeded before the banners). */
async function firstPlaylistAlias(tx: Tx): Promise<string | null> {
  const [row] = await tx.select({ alias: playlists.alias }).from(playlists).orderBy(asc(playlists.alias)).limit(1);
  return row?.alias ?? null;
}

/**
 * Upserts the banners on their alias. A play_trailer action gets the first trailer of its title as trailer_id;
 * the playlist banners play the catalogue's first playlist when there is one (run after the playlists seed).
 */
export async function seedBanners(tx: Tx, catalogue: SeedCatalogue): Promise<number> {
  const list = buildBanners(catalogue);
  const playlist = (await firstPlaylistAlias(tx)) ?? DEFAULT_PLAYLIST_ALIAS;
  const trailerAliases = [...new Set(list.flatMap((b) => b.actions.map((a) => a.trailerOf)).filter((a): a is string => Boolean(a)))];
  const trailerRows = trailerAliases.length
    ? await tx
        .select({ alias: titles.alias, id: extras.id, position: extras.position })
        .from(extras)
        .innerJoin(titles, sql`${titles.id} = ${extras.titleId}`)
        .where(sql`${extras.kind} = 'trailer' and ${titles.alias} in ${trailerAliases}`)
        .orderBy(extras.position)
    : [];
  const trailerOf = (alias: string) => {
    const row = trailerRows.find((r) => r.alias === alias);
    if (!row) throw new Error(`seed banners: no trailer of ${alias}`);
    return row.id;
  };
  const positions = new Map<string, number>();
  const rows = list.map((b) => {
    const position = positions.get(b.location) ?? 0;
    positions.set(b.location, position + 1);
    const swapPlaylist = (alias: string | null | undefined) => (b.type === 'playlist' && alias === DEFAULT_PLAYLIST_ALIAS ? playlist : alias);
    return {
      ...b,
      position,
      targetAlias: swapPlaylist(b.targetAlias) ?? null,
      actions: b.actions.map(({ trailerOf: of, ...a }): BannerActionRow => ({
        ...a,
        ...(a.alias !== undefined ? { alias: swapPlaylist(a.alias) ?? null } : {}),
        ...(of ? { trailer_id: trailerOf(of) } : {}),
      })),
    };
  });
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(banners)
    .values(rows)
    .onConflictDoUpdate({
      target: banners.alias,
      set: {
        location: excluded('location'), type: excluded('type'), title: excluded('title'), description: excluded('description'),
        actions: excluded('actions'), art: excluded('art'), isNarrow: excluded('is_narrow'), forKids: excluded('for_kids'),
        position: excluded('position'), targetAlias: excluded('target_alias'), targetUrl: excluded('target_url'),
      },
    });
  return rows.length;
}
