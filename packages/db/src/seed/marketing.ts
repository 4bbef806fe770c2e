// The landings of spec platform §2 (/pages/{slug}, gift has its own page) and the offers of the
// shell's popups (§4 Offers, §5 upsell, the play-grand popup), written for Экран. A landing's featured title is
// found in the generated catalogue by a preferred alias, else by a rule, so it always exists; the copy names it
// through {title}. Dates are fixed, so a re-run changes nothing; some landings are running, one is yet to start
// and some are over, as a real calendar of campaigns would be.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { landings, offers, seasons, tariffs, titles, type HeroArt, type LandingSectionRow } from '../schema.ts';
import { seedPromo } from './promo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A featured title: the preferred alias of the demo catalogue, else the most popular title matching the rule. */
export interface FeaturedPick {
  alias: string;
  kind: 'movie' | 'series';
  /** At least this many seasons (a series landing about a new season). */
  minSeasons?: number;
}

export interface SeedLanding {
  slug: string;
  title: string;
  lead: string;
  sections: LandingSectionRow[];
  hero: HeroArt;
  seoTitle: string;
  seoDescription: string;
  ctaText: string;
  /** A tariff by alias (BASE_TARIFFS and the special ones). */
  tariff?: string;
  promoCode?: string;
  codeEntry?: boolean;
  featured?: FeaturedPick;
  startsAt: string | null;
  endsAt: string | null;
}

/**
 * {title} in a landing's texts is the featured title's name, in «quotes»; prices keep together: no line break inside
 * «1 190» nor before «₽» (no-break spaces, as formatPrice writes them).
 */
const withTitle = (text: string, title: string | null) =>
  text
    .replaceAll('{title}', title ? `«${title}»` : 'наших премьер')
    .replace(/(\d) (?=\d{3}\b)/g, '$1\u00a0')
    .replace(/(\d) ₽/g, '$1\u00a0₽');

const BENEFITS = [
  'Фильмы, сериалы и мультфильмы без рекламы',
  'До пяти устройств: телевизор, телефон, планшет и компьютер',
  'Детские профили с возрастными ограничениями и PIN-кодом',
  'Отменить автопродление можно в любой момент в личном кабинете',
];

export const LANDINGS: SeedLanding[] = [
  {
    slug: 'play-grand', title: 'Играй по-крупному', featured: { alias: 'otrazhenie', kind: 'series' },
    lead: 'Смотрите Экран до 31 января и участвуйте в розыгрыше призов: путешествие на двоих, большой телевизор и годовые подписки.',
    sections: [
      { heading: 'Как участвовать', text: 'Каждый вечер с подпиской — это шанс. Чем больше дней вы смотрите, тем больше у вас билетов в розыгрыше.', items: ['Оформите подписку или продлите текущую', 'Смотрите хотя бы одну серию или фильм в день', 'Каждый день просмотра — один билет в розыгрыше'] },
      { heading: 'Призы', text: 'Главный приз — путешествие на двоих на Камчатку. Ещё десять зрителей получат телевизоры, а сто — год Экрана в подарок.' },
      { heading: 'Итоги', text: 'Победителей выберем случайным образом 5 февраля и объявим в прямом эфире. Начните с сериала {title} — он как раз для длинных зимних вечеров.' },
    ],
    hero: { hue: 42, hue2: 330, pattern: 'rays', seed: 7101 },
    seoTitle: 'Играй по-крупному — розыгрыш призов для зрителей Экрана', seoDescription: 'Смотрите Экран до 31 января и выигрывайте путешествие на Камчатку, телевизоры и годовые подписки.',
    ctaText: 'Участвовать', tariff: 'month', startsAt: '2026-11-01T00:00:00+03:00', endsAt: '2027-02-01T00:00:00+03:00',
  },
  {
    slug: 'a-good-man-offer', title: 'Сериал {title} — первый месяц за 149 ₽', featured: { alias: 'deti-zimy', kind: 'series', minSeasons: 2 },
    lead: 'Семейная драма, о которой спорят весь сезон. Оформите подписку на Экран — первый месяц обойдётся в 149 ₽.',
    sections: [
      { heading: 'О сериале', text: '{title} — история одной семьи, которая двадцать лет хранит общую тайну. Каждый сезон открывает новую её сторону.' },
      { heading: 'Что входит в подписку', text: 'Вместе с сериалом вы получаете весь каталог Экрана.', items: BENEFITS },
      { heading: 'Условия', text: 'Первый месяц стоит 149 ₽, дальше — 499 ₽ в месяц. Предложение для тех, у кого сейчас нет подписки.' },
    ],
    hero: { hue: 210, hue2: 260, pattern: 'waves', seed: 7102 },
    seoTitle: 'Первый месяц подписки за 149 ₽ — смотрите семейную драму на Экране', seoDescription: 'Семейная драма на Экране: первый месяц подписки за 149 ₽, затем 499 ₽ в месяц.',
    ctaText: 'Оформить за 149 ₽', tariff: 'first-month-149', startsAt: '2026-10-01T00:00:00+03:00', endsAt: '2027-01-01T00:00:00+03:00',
  },
  {
    slug: 'whole-season-offer', title: 'Весь сезон за 1 190 ₽', featured: { alias: 'zashchitniki-rubezha', kind: 'series', minSeasons: 2 },
    lead: 'Три месяца Экрана по цене, за которую обычно смотрят два с половиной. Успейте посмотреть {title} целиком — все сезоны.',
    sections: [
      { heading: 'Почему три месяца', text: 'Сезон большого сериала выходит примерно за двенадцать недель. С подпиской на три месяца вы не пропустите ни одной серии и не будете думать о продлении.' },
      { heading: 'Что входит', text: 'Все фильмы, сериалы и мультфильмы каталога, новые серии в день выхода.', items: BENEFITS },
      { heading: 'Условия', text: '1 190 ₽ за первые три месяца, затем 499 ₽ в месяц. Автопродление отключается в личном кабинете в два клика.' },
    ],
    hero: { hue: 14, hue2: 200, pattern: 'peaks', seed: 7103 },
    seoTitle: 'Три месяца подписки за 1 190 ₽ — весь сезон без перерывов', seoDescription: 'Подписка Экран на три месяца за 1 190 ₽: весь сезон любимого сериала без перерывов, затем 499 ₽ в месяц.',
    ctaText: 'Оформить за 1 190 ₽', tariff: 'three-months', startsAt: '2026-09-01T00:00:00+03:00', endsAt: '2027-03-01T00:00:00+03:00',
  },
  {
    slug: 'black-friday', title: 'Чёрная пятница на Экране', featured: { alias: 'tayna-sinego-doma', kind: 'movie' },
    lead: 'Первый месяц подписки за 149 ₽ вместо 499 ₽. Только до 30 ноября.',
    sections: [
      { heading: 'Что вы получаете', text: 'Целый месяц кино и сериалов за цену одного билета в кинотеатр.', items: BENEFITS },
      { heading: 'С чего начать', text: 'Триллер {title} — один из самых обсуждаемых фильмов месяца. Посмотрите его первым.' },
      { heading: 'Условия', text: 'Предложение для зрителей без действующей подписки. Первый месяц — 149 ₽, далее 499 ₽ в месяц. Автопродление можно отключить в любой момент.' },
    ],
    hero: { hue: 0, hue2: 280, pattern: 'stripes', seed: 7104 },
    seoTitle: 'Чёрная пятница: первый месяц Экрана за 149 ₽', seoDescription: 'Только до 30 ноября: первый месяц подписки на онлайн-кинотеатр Экран за 149 ₽ вместо 499 ₽.',
    ctaText: 'Оформить за 149 ₽', tariff: 'first-month-149', startsAt: '2026-11-20T00:00:00+03:00', endsAt: '2026-12-01T00:00:00+03:00',
  },
  {
    slug: 'new-year', title: 'Новогодние каникулы с Экраном', featured: { alias: 'sem-dney-do-kanikul', kind: 'movie' },
    lead: 'Три месяца подписки за 1 190 ₽ — на все праздники, и ещё останется на февраль.',
    sections: [
      { heading: 'Кино для всей семьи', text: 'Семейные комедии, сказки и мультфильмы для детских профилей. Начните с фильма {title}.' },
      { heading: 'Подарок себе и близким', text: 'Одна подписка — до пяти устройств: смотрите вместе у телевизора или каждый на своём.', items: BENEFITS },
      { heading: 'Условия', text: '1 190 ₽ за три месяца, затем 499 ₽ в месяц. Предложение действует с 15 декабря по 15 января.' },
    ],
    hero: { hue: 150, hue2: 355, pattern: 'circles', seed: 7105 },
    seoTitle: 'Новогодние каникулы с Экраном — три месяца за 1 190 ₽', seoDescription: 'С 15 декабря по 15 января: три месяца онлайн-кинотеатра Экран за 1 190 ₽ для всей семьи.',
    ctaText: 'Оформить за 1 190 ₽', tariff: 'three-months', startsAt: '2026-12-15T00:00:00+03:00', endsAt: '2027-01-16T00:00:00+03:00',
  },
  {
    slug: 'long-term-offer', title: 'Три месяца по выгодной цене', featured: { alias: 'otrazhenie', kind: 'series' },
    lead: '1 190 ₽ за три месяца вместо 1 497 ₽ помесячно. Одна оплата — и сезон любимых сериалов без перерывов.',
    sections: [
      { heading: 'Выгода', text: 'Помесячно три месяца стоят 1 497 ₽, а с этим тарифом — 1 190 ₽. Экономия больше 300 ₽.' },
      { heading: 'Что посмотреть', text: 'Триллер {title} — самый популярный сериал Экрана этой осенью.', items: BENEFITS },
      { heading: 'Условия', text: 'После трёх месяцев подписка продлевается по 499 ₽ в месяц. Отключить автопродление можно в личном кабинете.' },
    ],
    hero: { hue: 190, hue2: 40, pattern: 'grid', seed: 7106 },
    seoTitle: 'Подписка на три месяца за 1 190 ₽ — Экран', seoDescription: 'Три месяца онлайн-кинотеатра Экран за 1 190 ₽ вместо 1 497 ₽: фильмы и сериалы без рекламы.',
    ctaText: 'Оформить за 1 190 ₽', tariff: 'three-months', startsAt: '2026-01-01T00:00:00+03:00', endsAt: '2028-01-01T00:00:00+03:00',
  },
  {
    slug: 'students', title: 'Экран для студентов', featured: { alias: 'pervyy-sezon', kind: 'movie' },
    lead: 'Подписка за 399 ₽ в месяц по промокоду для студентов — на всё время учёбы.',
    sections: [
      { heading: 'Как получить', text: 'Промокод действует для всех, кто учится в колледже или вузе.', items: ['Войдите или зарегистрируйтесь на Экране', 'Введите промокод STUDENT2026', 'Оплатите первый месяц — 399 ₽'] },
      { heading: 'Что смотреть между парами', text: 'Спортивная драма {title}, сериалы на один вечер и документальное кино.' },
      { heading: 'Условия', text: 'Цена 399 ₽ сохраняется при каждом продлении. Один промокод — на один аккаунт.' },
    ],
    hero: { hue: 265, hue2: 180, pattern: 'grid', seed: 7107 },
    seoTitle: 'Экран для студентов — подписка за 399 ₽ в месяц', seoDescription: 'Студенческий промокод Экрана: подписка на онлайн-кинотеатр за 399 ₽ в месяц.',
    ctaText: 'Применить промокод', promoCode: 'STUDENT2026', startsAt: '2026-09-01T00:00:00+03:00', endsAt: '2027-07-01T00:00:00+03:00',
  },
  {
    slug: 'long-subscription', title: 'Год Экрана за 3 990 ₽', featured: { alias: 'deti-zimy', kind: 'series' },
    lead: 'Годовая подписка по специальной цене: 333 ₽ в месяц, одна оплата — и никаких продлений до следующей зимы.',
    sections: [
      { heading: 'Почему год', text: 'Годовая подписка дешевле помесячной почти на 40%. Вы заранее знаете, сколько тратите на кино.' },
      { heading: 'Что входит', text: 'Все премьеры года, включая новые сезоны сериала {title}.', items: BENEFITS },
      { heading: 'Условия', text: '3 990 ₽ за 365 дней. Специальный тариф доступен только на этой странице.' },
    ],
    hero: { hue: 225, hue2: 300, pattern: 'peaks', seed: 7108 },
    seoTitle: 'Годовая подписка на Экран за 3 990 ₽', seoDescription: 'Специальный тариф: год онлайн-кинотеатра Экран за 3 990 ₽ — это 333 ₽ в месяц.',
    ctaText: 'Оформить за 3 990 ₽', tariff: 'year-special', startsAt: '2026-01-01T00:00:00+03:00', endsAt: null,
  },
  {
    slug: 'spring-promotion', title: 'Весна на Экране', featured: { alias: 'sol-i-steklo', kind: 'movie' },
    lead: 'Весенняя подписка за 399 ₽ в месяц.',
    sections: [
      { heading: 'Весенние премьеры', text: 'Мелодрама {title} и ещё десятки премьер сезона.' },
      { heading: 'Условия', text: 'Предложение действовало с 1 марта по 31 мая 2026 года.' },
    ],
    hero: { hue: 120, hue2: 330, pattern: 'circles', seed: 7109 },
    seoTitle: 'Весна на Экране — подписка за 399 ₽', seoDescription: 'Весенняя акция Экрана: подписка на онлайн-кинотеатр за 399 ₽ в месяц.',
    ctaText: 'Оформить за 399 ₽', tariff: 'month-399', startsAt: '2026-03-01T00:00:00+03:00', endsAt: '2026-06-01T00:00:00+03:00',
  },
  {
    slug: 'leto-promotion', title: 'Лето с Экраном', featured: { alias: 'moskovskoe-leto', kind: 'movie' },
    lead: 'Две недели подписки в подарок по промокоду LETO2026.',
    sections: [
      { heading: 'Кино для отпуска', text: 'Скачивать ничего не нужно: смотрите на даче, в поезде и на море. Лёгкая комедия {title} — для тёплого вечера.' },
      { heading: 'Условия', text: 'Промокод действовал с 1 июня по 31 августа 2026 года, один раз для каждого аккаунта.' },
    ],
    hero: { hue: 48, hue2: 190, pattern: 'waves', seed: 7110 },
    seoTitle: 'Лето с Экраном — 14 дней подписки в подарок', seoDescription: 'Летний промокод Экрана: две недели онлайн-кинотеатра в подарок.',
    ctaText: 'Применить промокод', promoCode: 'LETO2026', startsAt: '2026-06-01T00:00:00+03:00', endsAt: '2026-09-01T00:00:00+03:00',
  },
  {
    slug: 'fof-vyzov', title: 'Премьера: {title}', featured: { alias: 'khraniteli-koda', kind: 'movie' },
    lead: 'Фантастический фильм сезона уже на Экране. Новым зрителям — 7 дней подписки бесплатно.',
    sections: [
      { heading: 'О фильме', text: '{title} — история команды, которой предстоит спасти систему, от которой зависит весь город. Снято без компромиссов, смотреть — на большом экране.' },
      { heading: 'Как посмотреть', text: 'Оформите подписку: первые 7 дней бесплатно, затем 499 ₽ в месяц.', items: ['Войдите или зарегистрируйтесь', 'Привяжите карту — спишем 1 ₽ и сразу вернём', 'Смотрите премьеру и весь каталог'] },
    ],
    hero: { hue: 200, hue2: 10, pattern: 'rays', seed: 7111 },
    seoTitle: 'Премьера фантастики на Экране — 7 дней бесплатно', seoDescription: 'Фантастический фильм сезона на Экране: новым зрителям 7 дней подписки бесплатно.',
    ctaText: 'Смотреть 7 дней бесплатно', tariff: 'month', startsAt: '2026-10-15T00:00:00+03:00', endsAt: '2027-02-01T00:00:00+03:00',
  },
  {
    slug: 'dva-holma-2', title: 'Второй сезон: {title}', featured: { alias: 'korol-rynka', kind: 'series', minSeasons: 2 },
    lead: 'Новый сезон детективного сериала — все серии сразу. Первый месяц подписки за 149 ₽.',
    sections: [
      { heading: 'Что нового', text: 'Во втором сезоне сериала {title} герои распутывают дело, которое тянется из первого. Смотрите оба сезона подряд.' },
      { heading: 'Условия', text: 'Первый месяц — 149 ₽, затем 499 ₽ в месяц. Предложение для тех, у кого нет действующей подписки.' },
    ],
    hero: { hue: 30, hue2: 220, pattern: 'stripes', seed: 7112 },
    seoTitle: 'Второй сезон детектива на Экране — первый месяц за 149 ₽', seoDescription: 'Все серии второго сезона уже на Экране. Первый месяц подписки — 149 ₽.',
    ctaText: 'Оформить за 149 ₽', tariff: 'first-month-149', startsAt: '2026-11-01T00:00:00+03:00', endsAt: '2027-03-01T00:00:00+03:00',
  },
  {
    slug: 'dva-holma-special', title: 'Спецпоказ: {title}', featured: { alias: 'korol-rynka', kind: 'series', minSeasons: 2 },
    lead: 'Месяц подписки за 499 ₽ без автоматических списаний лишнего — специально к выходу нового сезона.',
    sections: [
      { heading: 'Что было', text: 'Перед премьерой второго сезона сериала {title} мы открыли месяц подписки без пробного периода: оплатили — и смотрите сразу.' },
      { heading: 'Условия', text: 'Предложение действовало с 1 мая по 30 июня 2026 года.' },
    ],
    hero: { hue: 340, hue2: 60, pattern: 'peaks', seed: 7113 },
    seoTitle: 'Спецпоказ на Экране — месяц подписки за 499 ₽', seoDescription: 'Месяц онлайн-кинотеатра Экран за 499 ₽ к премьере нового сезона.',
    ctaText: 'Оформить за 499 ₽', tariff: 'month-499', startsAt: '2026-05-01T00:00:00+03:00', endsAt: '2026-07-01T00:00:00+03:00',
  },
  {
    slug: 'halvacard', title: '60 дней Экрана для держателей карты рассрочки', featured: { alias: 'moya-zhena-gangster', kind: 'movie' },
    lead: 'Наш банк-партнёр дарит владельцам своей карты рассрочки два месяца подписки. Промокод — в мобильном приложении банка.',
    sections: [
      { heading: 'Как получить', text: 'Промокод персональный и действует один раз.', items: ['Откройте приложение банка и найдите раздел «Подарки партнёров»', 'Скопируйте промокод Экрана', 'Войдите на Экран и введите промокод на странице активации'] },
      { heading: 'Что посмотреть', text: 'Начните с комедии {title} — два месяца пролетят незаметно.' },
      { heading: 'Условия', text: 'После 60 дней подписка не продлевается сама: вы решаете, оставаться ли с нами.' },
    ],
    hero: { hue: 330, hue2: 25, pattern: 'circles', seed: 7114 },
    seoTitle: '60 дней Экрана в подарок от банка-партнёра', seoDescription: 'Держателям карты рассрочки нашего банка-партнёра — 60 дней подписки на Экран по персональному промокоду.',
    ctaText: 'Ввести промокод', codeEntry: true, startsAt: '2026-07-01T00:00:00+03:00', endsAt: '2027-07-01T00:00:00+03:00',
  },
  {
    slug: 'mielesoderzhanki', title: 'Сериал {title} на Экране', featured: { alias: 'pepel-i-steklo', kind: 'series' },
    lead: 'Роскошь, деньги и цена, которую за них платят. Драма для взрослых — 7 дней бесплатно для новых зрителей.',
    sections: [
      { heading: 'О сериале', text: '{title} — история о людях, которые получили всё и поняли, что этого мало. Только для зрителей старше 18 лет.' },
      { heading: 'Условия', text: '7 дней бесплатно, затем 499 ₽ в месяц. Пробный период — один раз для каждого аккаунта.' },
    ],
    hero: { hue: 300, hue2: 45, pattern: 'waves', seed: 7115 },
    seoTitle: 'Драма для взрослых на Экране — 7 дней бесплатно', seoDescription: 'Смотрите драму сезона на Экране: новым зрителям 7 дней подписки бесплатно.',
    ctaText: 'Смотреть 7 дней бесплатно', tariff: 'month', startsAt: '2026-11-15T00:00:00+03:00', endsAt: '2027-02-01T00:00:00+03:00',
  },
  {
    slug: 'storytel', title: 'Экран и аудиокниги вместе', featured: { alias: 'chuzhaya-pravda', kind: 'movie' },
    lead: 'Подписчикам нашего партнёра — сервиса аудиокниг — 45 дней Экрана в подарок. Слушайте книги днём, смотрите экранизации вечером.',
    sections: [
      { heading: 'Как получить', text: 'Промокод KNIGI45 действует для подписчиков сервиса аудиокниг.', items: ['Войдите или зарегистрируйтесь на Экране', 'Примените промокод KNIGI45', '45 дней подписки начнутся сразу'] },
      { heading: 'Что посмотреть', text: 'Детектив {title} — для тех, кто любит распутывать сюжет до последней главы.' },
      { heading: 'Условия', text: 'Один промокод на аккаунт. По окончании 45 дней подписка не продлевается автоматически.' },
    ],
    hero: { hue: 160, hue2: 280, pattern: 'stripes', seed: 7116 },
    seoTitle: '45 дней Экрана для подписчиков сервиса аудиокниг', seoDescription: 'Партнёрская акция: 45 дней онлайн-кинотеатра Экран в подарок подписчикам сервиса аудиокниг.',
    ctaText: 'Применить промокод', promoCode: 'KNIGI45', startsAt: '2026-10-01T00:00:00+03:00', endsAt: '2027-04-01T00:00:00+03:00',
  },
];

export interface SeedOffer {
  alias: string;
  kind: 'offer' | 'play_grand' | 'upsell';
  title: string;
  text: string;
  ctaText: string;
  image: string;
  tariff?: string;
  promoCode?: string;
  landingSlug?: string;
  audience?: 'all' | 'registered';
  priority: number;
  startsAt: string | null;
  endsAt: string | null;
}

/** The offers of the shell's popups: a running offer, the standing one after it, the play-grand popup, the upsell. */
export const OFFERS: SeedOffer[] = [
  {
    alias: 'black-friday-149', kind: 'offer', title: 'Чёрная пятница на Экране', priority: 10,
    text: 'Первый месяц подписки за 149 ₽ вместо 499 ₽. Фильмы, сериалы и мультфильмы без рекламы на всех ваших устройствах.',
    ctaText: 'Оформить за 149 ₽', image: '/images/offers/offer-ticket.svg', tariff: 'first-month-149', landingSlug: 'black-friday',
    startsAt: '2026-11-20T00:00:00+03:00', endsAt: '2026-12-01T00:00:00+03:00',
  },
  {
    alias: 'three-months-1190', kind: 'offer', title: 'Три месяца по выгодной цене', priority: 1,
    text: '1 190 ₽ за три месяца вместо 1 497 ₽ помесячно — сезон любимых сериалов без перерывов.',
    ctaText: 'Оформить за 1 190 ₽', image: '/images/offers/offer-ticket.svg', tariff: 'three-months', landingSlug: 'long-term-offer',
    startsAt: '2026-01-01T00:00:00+03:00', endsAt: '2028-01-01T00:00:00+03:00',
  },
  {
    alias: 'play-grand-2026', kind: 'play_grand', title: 'Играй по-крупному', priority: 0,
    text: 'Смотрите Экран до 31 января и выигрывайте путешествие на двоих, телевизоры и годовые подписки.',
    ctaText: 'Узнать о розыгрыше', image: '/images/offers/play-grand.svg', landingSlug: 'play-grand',
    startsAt: '2026-11-01T00:00:00+03:00', endsAt: '2027-02-01T00:00:00+03:00',
  },
  {
    alias: 'welcome-present', kind: 'upsell', title: 'Подарок к знакомству', priority: 0, audience: 'registered',
    text: 'Вы с нами, но ещё без подписки. Первый месяц — за 149 ₽, дальше 499 ₽ в месяц. Отключить автопродление можно в любой момент.',
    ctaText: 'Забрать подарок', image: '/images/offers/welcome-present.svg', tariff: 'first-month-149',
    startsAt: null, endsAt: null,
  },
];

/** The special tariffs landings sell (spec platform §7 GET tariffs: channel pb_special). */
export const SPECIAL_TARIFFS = [
  { alias: 'year-special', title: 'Год Экрана', price: 3990, currency: 'RUB', durationDays: 365, weight: 0, allowTrial: false, trialDays: 7, maxStreams: 2, channel: 'pb_special', isListed: true },
];

const date = (v: string | null) => (v ? new Date(v) : null);

/** Writes the special tariffs, the landings and the offers (upserted by alias and slug). */
export async function seedMarketing(tx: Tx, input: { landings?: readonly SeedLanding[]; offers?: readonly SeedOffer[] } = {}): Promise<{ landings: number; offers: number }> {
  const landingList = input.landings ?? LANDINGS;
  const offerList = input.offers ?? OFFERS;
  for (const t of SPECIAL_TARIFFS) {
    await tx.insert(tariffs).values(t).onConflictDoUpdate({ target: tariffs.alias, set: { title: t.title, price: t.price, durationDays: t.durationDays, channel: t.channel, isListed: t.isListed } });
  }
  const aliases = [...new Set([...landingList, ...offerList].flatMap((x) => (x.tariff ? [x.tariff] : [])))];
  const tariffRows = aliases.length ? await tx.select({ id: tariffs.id, alias: tariffs.alias }).from(tariffs).where(inArray(tariffs.alias, aliases)) : [];
  const tariffId = (alias: string | undefined) => {
    if (!alias) return null;
    const row = tariffRows.find((r) => r.alias === alias);
    if (!row) throw new Error(`seed marketing: the tariff ${alias} is missing`);
    return row.id;
  };

  for (const l of landingList) {
    const featured = l.featured ? await featuredTitle(tx, l.featured) : null;
    const values = {
      slug: l.slug, title: withTitle(l.title, featured?.title ?? null), lead: withTitle(l.lead, featured?.title ?? null),
      sections: l.sections.map((s) => ({ ...s, heading: withTitle(s.heading, featured?.title ?? null), text: withTitle(s.text, featured?.title ?? null) })),
      hero: l.hero, seoTitle: l.seoTitle, seoDescription: l.seoDescription, ctaText: withTitle(l.ctaText, null), tariffId: tariffId(l.tariff), promoCode: l.promoCode ?? null,
      codeEntry: l.codeEntry ?? false, titleId: featured?.id ?? null, startsAt: date(l.startsAt), endsAt: date(l.endsAt), isActive: true,
    };
    await tx.insert(landings).values(values).onConflictDoUpdate({ target: landings.slug, set: values });
  }
  for (const o of offerList) {
    const values = {
      alias: o.alias, kind: o.kind, title: withTitle(o.title, null), text: withTitle(o.text, null), ctaText: withTitle(o.ctaText, null), image: o.image, tariffId: tariffId(o.tariff), promoCode: o.promoCode ?? null,
      landingSlug: o.landingSlug ?? null, audience: o.audience ?? 'all', priority: o.priority, startsAt: date(o.startsAt), endsAt: date(o.endsAt), isActive: true,
    };
    await tx.insert(offers).values(values).onConflictDoUpdate({ target: offers.alias, set: values });
  }
  return { landings: landingList.length, offers: offerList.length };
}

/** The preferred title, else the most popular enabled adult title of its kind (and seasons), else none. */
async function featuredTitle(tx: Tx, pick: FeaturedPick): Promise<{ id: string; title: string } | null> {
  const [preferred] = await tx
    .select({ id: titles.id, title: titles.title })
    .from(titles)
    .where(and(eq(titles.alias, pick.alias), eq(titles.kind, pick.kind), eq(titles.isDisabled, false)))
    .limit(1);
  if (preferred) return preferred;
  const seasonCount = sql<number>`(select count(*) from ${seasons} where ${seasons.titleId} = ${titles.id})`;
  const [fallback] = await tx
    .select({ id: titles.id, title: titles.title })
    .from(titles)
    .where(and(eq(titles.kind, pick.kind), eq(titles.forKids, false), eq(titles.isDisabled, false), sql`${seasonCount} >= ${pick.minSeasons ?? 0}`))
    .orderBy(sql`${titles.popularity} desc`, titles.alias)
    .limit(1);
  return fallback ?? null;
}

/** Seeds the landings and offers of a database seeded before they existed (the catalogue must be there). */
export async function ensureMarketing(db: Db): Promise<number> {
  const [any] = await db.select({ id: landings.id }).from(landings).limit(1);
  if (any) return 0;
  // The campaigns of the promo landings (students, summer, partners) come with them.
  const done = await db.transaction(async (tx) => {
    await seedPromo(tx);
    return seedMarketing(tx);
  });
  return done.landings;
}
