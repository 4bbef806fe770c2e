// Editorial collections. Each one is a rule over the finished catalogue, so the
// titles in it genuinely match (genre, kind, flags, dates).
import { cmp, dayOf, shuffle, type Rng } from './rng.ts';
import type { SeedCollection, SeedRatingAge, SeedTitle } from './types.ts';

interface Rule {
  alias: string;
  title: string;
  description: string;
  /** Shown in the kids profile; only kids titles are allowed in. */
  forKids: boolean;
  match: (t: SeedTitle, ctx: Ctx) => boolean;
  order: (a: SeedTitle, b: SeedTitle) => number;
  max: number;
}
interface Ctx { refDay: number }

const byPopularity = (a: SeedTitle, b: SeedTitle) => b.popularity - a.popularity || cmp(a.alias, b.alias);
const byRating = (a: SeedTitle, b: SeedTitle) => b.ratingEkran - a.ratingEkran || byPopularity(a, b);
const byFreshness = (a: SeedTitle, b: SeedTitle) => cmp(b.ekranReleaseDate, a.ekranReleaseDate) || byPopularity(a, b);
const has = (t: SeedTitle, g: string) => t.genres.includes(g);
const KID_AGES: ReadonlySet<SeedRatingAge> = new Set(['0+', '6+', '8+']);
const SHOWS = ['talkshow', 'reality'];

const RULES: readonly Rule[] = [
  {
    alias: 'novinki-mesyatsa', title: 'Новинки месяца', forKids: false, max: 20,
    description: 'Всё, что появилось на Экране за последний месяц: премьеры, эксклюзивы и долгожданные релизы.',
    match: (t, c) => dayOf(t.ekranReleaseDate) > c.refDay - 31,
    order: byFreshness,
  },
  {
    alias: 'luchshie-komedii', title: 'Лучшие комедии', forKids: false, max: 16,
    description: 'Комедии с самым высоким рейтингом зрителей Экрана — для вечера, когда хочется просто посмеяться.',
    match: (t) => has(t, 'comedy') && !t.forKids && t.ratingEkran >= 6.5,
    order: byRating,
  },
  {
    alias: 'rossiyskie-serialy', title: 'Российские сериалы', forKids: false, max: 20,
    description: 'Детективы, драмы и комедии отечественного производства, которые смотрит вся страна.',
    match: (t) => t.kind === 'series' && t.countries[0] === 'ru' && !t.isAnimation && !t.genres.some((g) => SHOWS.includes(g) || g === 'documentary'),
    order: byPopularity,
  },
  {
    alias: 'smotrim-vsey-semyoy', title: 'Смотрим всей семьёй', forKids: false, max: 18,
    description: 'Добрые фильмы и мультфильмы, которые одинаково интересно смотреть и детям, и взрослым.',
    match: (t) => has(t, 'family') && KID_AGES.has(t.ratingAge),
    order: byPopularity,
  },
  {
    alias: 'dlya-samykh-malenkikh', title: 'Для самых маленьких', forKids: true, max: 20,
    description: 'Мультфильмы, песенки и развивающие программы без возрастных ограничений.',
    match: (t) => t.forKids && t.ratingAge === '0+',
    order: byPopularity,
  },
  {
    alias: 'multserialy', title: 'Мультсериалы', forKids: true, max: 20,
    description: 'Любимые герои в новых сериях: приключения, сказки и весёлые истории для детей.',
    match: (t) => t.forKids && t.isAnimation && t.kind === 'series',
    order: byPopularity,
  },
  {
    alias: 'detektivy-s-neozhidannym-finalom', title: 'Детективы с неожиданным финалом', forKids: false, max: 16,
    description: 'Запутанные расследования, в которых до последней минуты невозможно угадать преступника.',
    match: (t) => has(t, 'detective'),
    order: (a, b) => Number(b.hashtags.includes('неожиданный_финал')) - Number(a.hashtags.includes('неожиданный_финал')) || byRating(a, b),
  },
  {
    alias: 'fantastika-i-fentezi', title: 'Фантастика и фэнтези', forKids: false, max: 20,
    description: 'Космические экспедиции, далёкое будущее, магия и драконы.',
    match: (t) => (has(t, 'scifi') || has(t, 'fantasy')) && !t.forKids,
    order: byPopularity,
  },
  {
    alias: 'poshchekotat-nervy', title: 'Пощекотать нервы', forKids: false, max: 16,
    description: 'Триллеры и фильмы ужасов для тех, кто любит смотреть сквозь пальцы.',
    match: (t) => (has(t, 'thriller') || has(t, 'horror')) && !t.forKids,
    order: byPopularity,
  },
  {
    alias: 'pro-lyubov', title: 'Про любовь', forKids: false, max: 16,
    description: 'Мелодрамы о первой любви, втором шансе и чувствах, которые сильнее обстоятельств.',
    match: (t) => has(t, 'melodrama'),
    order: byRating,
  },
  {
    alias: 'zarubezhnye-serialy', title: 'Зарубежные сериалы', forKids: false, max: 18,
    description: 'Американские, британские, корейские и европейские сериалы в дубляже и с субтитрами.',
    match: (t) => t.kind === 'series' && !['ru', 'by', 'kz', 'am'].includes(t.countries[0] ?? 'ru') && !t.forKids,
    order: byPopularity,
  },
  {
    alias: 'animatsiya-dlya-vzroslykh', title: 'Анимация для взрослых', forKids: false, max: 16,
    description: 'Аниме, фантастика и мрачные сказки — мультфильмы, которые не стоит показывать детям.',
    match: (t) => t.isAnimation && !t.forKids,
    order: byRating,
  },
  {
    alias: 'osnovano-na-realnykh-sobytiyakh', title: 'Основано на реальных событиях', forKids: false, max: 16,
    description: 'Истории, которые написала сама жизнь: биографии, военные драмы и громкие дела.',
    match: (t) => t.hashtags.includes('основано_на_реальных_событиях'),
    order: byRating,
  },
  {
    alias: 'besplatno', title: 'Бесплатно', forKids: false, max: 24,
    description: 'Фильмы, сериалы и мультфильмы, которые можно смотреть без подписки.',
    match: (t) => t.isFree,
    order: byPopularity,
  },
];

const MIN_SIZE = 10;

export function buildCollections(f: Rng, titles: readonly SeedTitle[], refDay: number): SeedCollection[] {
  const ctx: Ctx = { refDay };
  const out: SeedCollection[] = [];
  for (const rule of RULES) {
    let list = titles.filter((t) => rule.match(t, ctx) && (!rule.forKids || t.forKids)).sort(rule.order);
    if (rule.alias === 'novinki-mesyatsa' && list.length < MIN_SIZE) {
      list = titles.slice().sort(byFreshness).slice(0, MIN_SIZE);
    }
    if (list.length < MIN_SIZE) continue;
    const chosen = list.slice(0, rule.max);
    out.push({
      alias: rule.alias,
      title: rule.title,
      description: rule.description,
      forKids: rule.forKids || chosen.every((t) => t.forKids),
      titleAliases: chosen.map((t) => t.alias),
    });
  }
  // Editors' choice: highly rated titles of every kind, in a hand-picked (shuffled) order.
  const pool = titles.filter((t) => t.ratingEkran >= 7.6 && !t.genres.some((g) => SHOWS.includes(g)));
  if (pool.length >= MIN_SIZE) {
    const best = pool.slice().sort(byRating).slice(0, 30);
    out.splice(1, 0, {
      alias: 'vybor-redaktsii',
      title: 'Выбор редакции',
      description: 'Фильмы и сериалы, которые редакция Экрана советует посмотреть в первую очередь.',
      forKids: false,
      titleAliases: shuffle(f, best).slice(0, 16).map((t) => t.alias),
    });
  }
  return out;
}
