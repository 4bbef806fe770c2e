// The demo programme guide, as the XMLTV document a real guide provider would send, so it goes into the
// database the way every guide does: through the importer (apps/api modules/tv). Believable Russian TV: the
// films and series of OUR catalogue on the film and series channels (their real durations, episodes in order
// day after day, the most popular films in Moscow prime time, 18+ only late at night), kids titles on the kids
// channels, news and documentaries elsewhere, no gaps. Broadcast days run 06:00 to 06:00 Moscow time, and each
// channel's day is generated from its own seed (channel, date), so generating an overlapping window again gives
// the same programmes: a re-import changes nothing that already aired.
import { TV_CHANNELS } from './tv-channels.ts';

/** A catalogue title the guide may put on air. */
export interface GuideTitle {
  alias: string;
  kind: 'movie' | 'series';
  title: string;
  year: number;
  /** Films: their length; series: null (episodes have theirs). */
  durationMinutes: number | null;
  ratingAge: string;
  forKids: boolean;
  isAnimation: boolean;
  popularity: number;
  description: string;
  /** Genre aliases and titles, in the title's order. */
  genres: { alias: string; title: string }[];
  /** Lower-case country codes ('ru'). */
  countries: string[];
  seasons: { number: number; episodes: { number: number; title: string; durationMinutes: number }[] }[];
}

/** A channel of the guide: its XMLTV id, name and logo. */
export interface GuideChannel {
  alias: string;
  xmltvId: string;
  title: string;
  logo: string;
}

/** The demo channels as the guide names them (tv-channels.ts seeds them with these XMLTV ids and logos). */
export const DEMO_GUIDE_CHANNELS: readonly GuideChannel[] = TV_CHANNELS.map((c) => ({ alias: c.alias, xmltvId: `${c.alias}.ekran.tv`, title: c.title, logo: `/tv-logos/${c.alias}.svg` }));

/** The marker of a catalogue title in the guide: <episode-num system="ekran">{alias}</episode-num>. */
export const GUIDE_TITLE_SYSTEM = 'ekran';

const MSK_HOURS = 3;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Broadcast days start at 06:00 Moscow time. */
const DAY_START_HOUR = 6;

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32 over a string seed: the same (channel, date) always plays the same day. */
function rngOf(seed: string) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof rngOf>;

const hashOf = (text: string) => Math.floor(rngOf(text).next() * 1_000_000);

// ---------------------------------------------------------------- what goes on air

/** A programme to put on air (before it is given its time). */
interface Slot {
  title: string;
  subTitle?: string | undefined;
  description: string;
  categories: string[];
  minutes: number;
  year?: number | undefined;
  rating: string;
  alias?: string | undefined;
  season?: number | undefined;
  episode?: number | undefined;
}

const RATING_ORDER = ['0+', '6+', '8+', '12+', '13+', '16+', '18+'];
const ratingAtMost = (rating: string, cap: string) => RATING_ORDER.indexOf(rating) <= RATING_ORDER.indexOf(cap);
const roundUp5 = (minutes: number) => Math.max(5, Math.ceil(minutes / 5) * 5);

const kindWord = (t: GuideTitle) => (t.kind === 'series' ? (t.isAnimation ? 'Мультсериал' : 'Сериал') : t.isAnimation ? 'Мультфильм' : 'Фильм');

function filmSlot(t: GuideTitle): Slot {
  return {
    title: t.title, description: t.description, categories: [kindWord(t), ...t.genres.map((g) => g.title)], minutes: t.durationMinutes ?? 90,
    year: t.year, rating: t.ratingAge, alias: t.alias,
  };
}

/** Every episode of a series, in order. */
const episodesOf = (t: GuideTitle) => t.seasons.flatMap((s) => s.episodes.map((e) => ({ season: s.number, ...e })));

function episodeSlot(t: GuideTitle, index: number): Slot {
  const all = episodesOf(t);
  const e = all[index % all.length]!;
  return {
    title: t.title, subTitle: e.title, description: t.description, categories: [kindWord(t), ...t.genres.map((g) => g.title)], minutes: e.durationMinutes,
    year: t.year, rating: t.ratingAge, alias: t.alias, season: e.season, episode: e.number,
  };
}

/** Where a series stands on a channel on a day: two episodes further each day, from a place of its own. */
const seriesPosition = (t: GuideTitle, channel: string, dayNumber: number) => hashOf(`${channel}/${t.alias}`) + dayNumber * 2;

const filler = (title: string, minutes: number, description: string, categories: string[], rating = '0+'): Slot => ({ title, description, categories, minutes, rating });
/** What fills the end of a broadcast day when nothing else fits (up to 06:00, in one piece). */
const NIGHT_ON_AIR = (minutes: number, rating = '0+') => filler('Ночной эфир', minutes, 'Музыка, анонсы и трейлеры до начала нового эфирного дня.', ['Анонсы'], rating);
/** Less than this left of the day and nothing fits: the night programme fills the rest. */
const DAY_END_MINUTES = 150;

const NEWS_BLOCKS: readonly [string, number, string][] = [
  ['Киноафиша', 20, 'Что смотреть в кино и онлайн на этой неделе: премьеры, рецензии и рейтинги.'],
  ['Интервью недели', 25, 'Актёры и режиссёры о новых ролях, съёмках и планах.'],
  ['За кадром', 45, 'Как снимают большое кино: декорации, трюки и работа съёмочной группы.'],
  ['Обзор премьер', 45, 'Главные премьеры месяца: о чём фильмы и сериалы и кому они понравятся.'],
  ['Фестивальный дневник', 20, 'Новости кинофестивалей: конкурсные фильмы, призёры и звёзды на красной дорожке.'],
  ['Сериальный вечер', 25, 'Какие сериалы выходят на этой неделе и чем закончились главные истории сезона.'],
];

const NATURE_SHOWS: readonly [string, string][] = [
  ['Дикая Россия', 'Заповедники и национальные парки России: звери, птицы и люди, которые их берегут.'],
  ['Тайны океана', 'Подводный мир от коралловых рифов до глубоководных впадин.'],
  ['Планета под микроскопом', 'Как устроен мир, который не видно глазом: клетки, кристаллы, бактерии.'],
  ['Великие реки', 'Реки, вокруг которых складывались города, торговые пути и целые народы.'],
  ['Путешествие на край света', 'Экспедиции в самые удалённые уголки Земли.'],
  ['Как это устроено', 'Инженерные чудеса: мосты, тоннели, плотины и космодромы.'],
];

const KIDS_MORNING: readonly Slot[] = [
  filler('Утренняя зарядка', 10, 'Весёлая зарядка под музыку для малышей и родителей.', ['Детский', 'Познавательное']),
  filler('Песенки для малышей', 15, 'Любимые детские песни с яркими картинками.', ['Детский', 'Песенки']),
  filler('Азбука с Совёнком', 15, 'Учим буквы и слова вместе с мудрым Совёнком.', ['Детский', 'Познавательное']),
  filler('Мастерилка', 20, 'Поделки из бумаги, пластилина и всего, что найдётся дома.', ['Детский', 'Развлекательное']),
];

type ChannelKind = 'films' | 'premieres' | 'russian-films' | 'series' | 'detective' | 'comedy' | 'nature' | 'news' | 'kids' | 'cartoons';
const CHANNEL_KIND: Record<string, ChannelKind> = {
  'ekran-kino': 'films',
  'ekran-serialy': 'series',
  'ekran-premera': 'premieres',
  'nashe-kino': 'russian-films',
  'detektiv-tv': 'detective',
  priroda: 'nature',
  'ekran-novosti': 'news',
  'komediya-tv': 'comedy',
  'detskiy-ekran': 'kids',
  multlandia: 'cartoons',
};

interface Pools {
  films: GuideTitle[];
  premieres: GuideTitle[];
  russianFilms: GuideTitle[];
  series: GuideTitle[];
  detectiveSeries: GuideTitle[];
  detectiveFilms: GuideTitle[];
  comedyFilms: GuideTitle[];
  comedySeries: GuideTitle[];
  documentaries: GuideTitle[];
  kidsFilms: GuideTitle[];
  kidsSeries: GuideTitle[];
}

const hasGenre = (t: GuideTitle, ...aliases: string[]) => t.genres.some((g) => aliases.includes(g.alias));
const byPopularity = (a: GuideTitle, b: GuideTitle) => b.popularity - a.popularity || a.alias.localeCompare(b.alias);

function poolsOf(titles: readonly GuideTitle[]): Pools {
  const sorted = [...titles].sort(byPopularity);
  const films = sorted.filter((t) => t.kind === 'movie' && !t.forKids && t.durationMinutes);
  const series = sorted.filter((t) => t.kind === 'series' && !t.forKids && episodesOf(t).length > 0);
  const adultFilms = films.filter((t) => !hasGenre(t, 'documentary'));
  return {
    films: adultFilms,
    premieres: [...adultFilms].sort((a, b) => b.year - a.year || byPopularity(a, b)).slice(0, Math.max(12, Math.ceil(adultFilms.length / 3))),
    russianFilms: adultFilms.filter((t) => t.countries.includes('ru')),
    series: series.filter((t) => !hasGenre(t, 'documentary')),
    detectiveSeries: series.filter((t) => hasGenre(t, 'detective', 'crime', 'thriller')),
    detectiveFilms: adultFilms.filter((t) => hasGenre(t, 'detective', 'crime', 'thriller')),
    comedyFilms: adultFilms.filter((t) => hasGenre(t, 'comedy')),
    comedySeries: series.filter((t) => hasGenre(t, 'comedy')),
    documentaries: [...films, ...series].filter((t) => hasGenre(t, 'documentary')),
    kidsFilms: sorted.filter((t) => t.kind === 'movie' && t.forKids && t.durationMinutes),
    kidsSeries: sorted.filter((t) => t.kind === 'series' && t.forKids && episodesOf(t).length > 0),
  };
}

/** What a channel's day has used so far, so a film is not repeated the same day. */
interface DayState {
  used: Set<string>;
  dayNumber: number;
  channel: string;
  /** Episodes of the day's series blocks shown so far, per series. */
  shown: Map<string, number>;
  /** Morning programmes of the kids channel so far (they take turns). */
  morning: number;
}

/** A film from the pool: prime time takes the most popular; never twice a day; 18+ only late at night. */
function pickFilm(rng: Rng, pool: readonly GuideTitle[], state: DayState, hour: number, fits: number): Slot | null {
  const late = hour >= 23 || hour < 5;
  const candidates = pool.filter((t) => !state.used.has(t.alias) && (t.durationMinutes ?? 0) <= fits && (late || ratingAtMost(t.ratingAge, '16+')));
  if (!candidates.length) return null;
  const prime = hour >= 19 && hour < 23;
  const t = prime ? rng.pick(candidates.slice(0, 8)) : rng.pick(candidates);
  state.used.add(t.alias);
  return filmSlot(t);
}

/** A block of consecutive episodes of one series (2–4; 3 in prime time), continuing day after day. */
function seriesBlock(rng: Rng, pool: readonly GuideTitle[], state: DayState, hour: number, fits: number): Slot[] {
  const late = hour >= 23 || hour < 5;
  const candidates = pool.filter((t) => late || ratingAtMost(t.ratingAge, '16+'));
  if (!candidates.length) return [];
  const prime = hour >= 19 && hour < 23;
  const t = prime ? rng.pick(candidates.slice(0, 6)) : rng.pick(candidates);
  const count = prime ? 3 : rng.int(2, 4);
  const slots: Slot[] = [];
  let left = fits;
  for (let i = 0; i < count; i++) {
    const shown = state.shown.get(t.alias) ?? 0;
    const slot = episodeSlot(t, seriesPosition(t, state.channel, state.dayNumber) + shown);
    if (roundUp5(slot.minutes) > left) break;
    state.shown.set(t.alias, shown + 1);
    slots.push(slot);
    left -= roundUp5(slot.minutes);
  }
  return slots;
}

/** The next programmes of a channel at a Moscow hour, fitting in `fits` minutes (never empty). */
function nextSlots(kind: ChannelKind, pools: Pools, rng: Rng, state: DayState, hour: number, minute: number, fits: number): Slot[] {
  const night = hour >= 1 && hour < DAY_START_HOUR;
  switch (kind) {
    case 'films':
    case 'premieres':
    case 'russian-films': {
      const pool = kind === 'films' ? pools.films : kind === 'premieres' ? pools.premieres : pools.russianFilms;
      const film = pickFilm(rng, pool.length ? pool : pools.films, state, hour, fits);
      if (film) return [film];
      return [fits <= DAY_END_MINUTES ? NIGHT_ON_AIR(fits, '12+') : filler('Киноанонсы', 30, 'Анонсы фильмов недели на канале.', ['Анонсы'], '12+')];
    }
    case 'series':
    case 'detective': {
      const pool = kind === 'series' ? pools.series : pools.detectiveSeries.length ? pools.detectiveSeries : pools.series;
      // The detective channel shows a detective film after the evening block.
      if (kind === 'detective' && hour >= 22 && rng.next() < 0.5) {
        const film = pickFilm(rng, pools.detectiveFilms, state, hour, fits);
        if (film) return [film];
      }
      const block = seriesBlock(rng, pool, state, hour, fits);
      if (block.length) return block;
      return [fits <= DAY_END_MINUTES ? NIGHT_ON_AIR(fits, '12+') : filler('Сериальные анонсы', 30, 'Что посмотреть на канале на этой неделе.', ['Анонсы'], '12+')];
    }
    case 'comedy': {
      if (rng.next() < 0.4) {
        const film = pickFilm(rng, pools.comedyFilms, state, hour, fits);
        if (film) return [film];
      }
      const block = seriesBlock(rng, pools.comedySeries.length ? pools.comedySeries : pools.series, state, hour, fits);
      if (block.length) return block;
      return [fits <= 60 ? NIGHT_ON_AIR(fits, '12+') : filler('Юмористический концерт', 60, 'Лучшие номера стендап-комиков и юмористов.', ['Развлекательная'], '16+')];
    }
    case 'nature': {
      if (!night && rng.next() < 0.55) {
        const docs = pools.documentaries.filter((t) => t.kind === 'movie');
        const film = pickFilm(rng, docs, state, hour, fits);
        if (film) return [film];
        const docSeries = pools.documentaries.filter((t) => t.kind === 'series');
        const block = seriesBlock(rng, docSeries, state, hour, fits);
        if (block.length) return block;
      }
      const [title, description] = rng.pick(NATURE_SHOWS);
      const minutes = Math.min(fits, rng.pick([25, 30, 45, 50]));
      return [{ ...filler(title, minutes, description, ['Документальный', 'Познавательное']), subTitle: `Выпуск ${rng.int(1, 40)}` }];
    }
    case 'news': {
      // Every hour on the hour: the news, then a programme to the next hour.
      if (minute === 0) return [filler(night ? 'Ночной выпуск новостей' : 'Новости кино', Math.min(fits, 15), 'Главные события мира кино и сериалов за день.', ['Новости'], '12+')];
      const left = Math.min(fits, 60 - minute);
      const blocks = NEWS_BLOCKS.filter(([, m]) => m <= left);
      if (!blocks.length) return [filler('Анонсы', left, 'Анонсы программ канала.', ['Анонсы'], '12+')];
      const [title, minutes, description] = rng.pick(blocks);
      const rest = left - minutes;
      const slots = [filler(title, minutes, description, ['Развлекательная'], '12+')];
      if (rest > 0) slots.push(filler(rest >= 15 ? 'Кинопоказ: трейлеры недели' : 'Анонсы', rest, 'Трейлеры новых фильмов и сериалов.', ['Анонсы'], '12+'));
      return slots;
    }
    case 'kids':
    case 'cartoons': {
      // Kids sleep: lullabies from 21:00 (the kids channel) or 23:00 (Мультляндия) until morning.
      const bedtime = kind === 'kids' ? hour >= 21 || hour < DAY_START_HOUR : hour >= 23 || hour < DAY_START_HOUR;
      if (bedtime) return [filler('Колыбельные и сказки на ночь', Math.min(fits, 60 - minute || 60), 'Тихие колыбельные и добрые сказки перед сном.', ['Детский', 'Сказки'])];
      if (kind === 'kids' && hour < 8) return [KIDS_MORNING[(state.dayNumber + state.morning++) % KIDS_MORNING.length]!];
      if (kind === 'kids' && hour === 20 && minute < 45) return [filler('Спокойной ночи', Math.min(fits, 15), 'Вечерняя сказка для самых маленьких.', ['Детский', 'Сказки'])];
      if (hour >= 12 && hour < 19 && rng.next() < 0.35) {
        const film = pickFilm(rng, pools.kidsFilms, state, hour, fits);
        if (film) return [film];
      }
      const block = seriesBlock(rng, pools.kidsSeries, state, hour, fits);
      return block.length ? block : [filler('Песенки для малышей', Math.min(fits, 15), 'Любимые детские песни с яркими картинками.', ['Детский', 'Песенки'])];
    }
  }
}

/** A programme with its time. */
export interface GuideProgramme extends Slot {
  channel: string;
  start: Date;
  stop: Date;
}

/** The broadcast day (06:00 Moscow) an instant falls in, as its start. */
export function broadcastDayStart(at: Date): Date {
  const shifted = at.getTime() + (MSK_HOURS - DAY_START_HOUR) * HOUR_MS;
  const midnight = Math.floor(shifted / DAY_MS) * DAY_MS;
  return new Date(midnight - (MSK_HOURS - DAY_START_HOUR) * HOUR_MS);
}

/** One channel's broadcast day: programmes from 06:00 to 06:00 Moscow time, back to back. */
function channelDay(channel: GuideChannel, dayStart: Date, pools: Pools): GuideProgramme[] {
  const kind = CHANNEL_KIND[channel.alias] ?? 'films';
  const date = new Date(dayStart.getTime() + MSK_HOURS * HOUR_MS).toISOString().slice(0, 10);
  const rng = rngOf(`${channel.alias}/${date}`);
  const state: DayState = { used: new Set(), dayNumber: Math.floor(dayStart.getTime() / DAY_MS), channel: channel.alias, shown: new Map(), morning: 0 };
  const end = dayStart.getTime() + DAY_MS;
  const out: GuideProgramme[] = [];
  let t = dayStart.getTime();
  while (t < end) {
    const local = new Date(t + MSK_HOURS * HOUR_MS);
    const fits = Math.round((end - t) / 60_000);
    let slots = nextSlots(kind, pools, rng, state, local.getUTCHours(), local.getUTCMinutes(), fits);
    if (!slots.length) slots = [NIGHT_ON_AIR(Math.min(fits, 60))];
    for (const slot of slots) {
      const left = Math.round((end - t) / 60_000);
      if (left <= 0) break;
      // A slot lasts the programme rounded up to 5 minutes (the rest is announcements), so starts fall on
      // 5-minute marks; the day's last programme ends exactly at 06:00.
      const minutes = Math.min(roundUp5(slot.minutes), left);
      out.push({ ...slot, channel: channel.alias, start: new Date(t), stop: new Date(t + minutes * 60_000) });
      t += minutes * 60_000;
    }
  }
  return out;
}

/** The demo guide's programmes of every channel over the broadcast days that cover [from, to). */
export function demoGuideProgrammes(options: { titles: readonly GuideTitle[]; from: Date; to: Date; channels?: readonly GuideChannel[] }): GuideProgramme[] {
  const pools = poolsOf(options.titles);
  const channels = options.channels ?? DEMO_GUIDE_CHANNELS;
  const out: GuideProgramme[] = [];
  for (let day = broadcastDayStart(options.from).getTime(); day < options.to.getTime(); day += DAY_MS) {
    for (const channel of channels) out.push(...channelDay(channel, new Date(day), pools));
  }
  return out;
}

// ---------------------------------------------------------------- XMLTV

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An XMLTV time in Moscow time, as Russian guides send it: 20261121183000 +0300. */
function xmltvTime(at: Date): string {
  const local = new Date(at.getTime() + MSK_HOURS * HOUR_MS).toISOString();
  return `${local.slice(0, 4)}${local.slice(5, 7)}${local.slice(8, 10)}${local.slice(11, 13)}${local.slice(14, 16)}${local.slice(17, 19)} +0300`;
}

/** The programmes as an XMLTV document (xmltv.dtd), Russian texts, Moscow times. */
export function toXmltv(programmes: readonly GuideProgramme[], channels: readonly GuideChannel[] = DEMO_GUIDE_CHANNELS): string {
  const xmltvId = new Map(channels.map((c) => [c.alias, c.xmltvId]));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    '<tv generator-info-name="Ekran demo guide" source-info-name="Экран">',
    ...channels.map((c) => `  <channel id="${escapeXml(c.xmltvId)}"><display-name lang="ru">${escapeXml(c.title)}</display-name><icon src="${escapeXml(c.logo)}"/></channel>`),
  ];
  for (const p of programmes) {
    const parts = [
      `  <programme start="${xmltvTime(p.start)}" stop="${xmltvTime(p.stop)}" channel="${escapeXml(xmltvId.get(p.channel) ?? p.channel)}">`,
      `<title lang="ru">${escapeXml(p.title)}</title>`,
      p.subTitle ? `<sub-title lang="ru">${escapeXml(p.subTitle)}</sub-title>` : '',
      `<desc lang="ru">${escapeXml(p.description)}</desc>`,
      p.year ? `<date>${p.year}</date>` : '',
      ...p.categories.map((c) => `<category lang="ru">${escapeXml(c)}</category>`),
      p.season && p.episode ? `<episode-num system="xmltv_ns">${p.season - 1}.${p.episode - 1}.</episode-num>` : '',
      p.alias ? `<episode-num system="${GUIDE_TITLE_SYSTEM}">${escapeXml(p.alias)}</episode-num>` : '',
      `<rating system="RARS"><value>${escapeXml(p.rating)}</value></rating>`,
      '</programme>',
    ];
    lines.push(parts.join(''));
  }
  lines.push('</tv>', '');
  return lines.join('\n');
}

/** The demo guide as XMLTV: every demo channel over the broadcast days that cover [from, to). */
export function buildDemoGuide(options: { titles: readonly GuideTitle[]; from: Date; to: Date }): string {
  return toXmltv(demoGuideProgrammes(options));
}
