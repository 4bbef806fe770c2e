// Curated bilingual vocabulary for title generation. Russian nouns carry gender
// and genitive; adjectives are declined by rule (see adjForm). English glosses
// let foreign titles get a matching original name.

export type Tone = 'crime' | 'horror' | 'drama' | 'comedy' | 'war' | 'scifi' | 'fantasy' | 'action' | 'sport' | 'music';
export type NounKind = 'person' | 'place' | 'thing' | 'abstract';
export type Gender = 'm' | 'f' | 'n' | 'p';

const TONE: Readonly<Record<string, Tone>> = {
  c: 'crime', h: 'horror', d: 'drama', k: 'comedy', w: 'war', s: 'scifi', f: 'fantasy', a: 'action', sp: 'sport', mu: 'music',
};
const KIND: Readonly<Record<string, NounKind>> = { p: 'person', l: 'place', t: 'thing', a: 'abstract' };

function tones(codes: string): Tone[] {
  return codes.split(' ').filter(Boolean).map((c) => {
    const t = TONE[c];
    if (!t) throw new Error(`unknown tone ${c}`);
    return t;
  });
}
function kinds(codes: string): NounKind[] {
  return codes.split(' ').filter(Boolean).map((c) => {
    const k = KIND[c];
    if (!k) throw new Error(`unknown kind ${c}`);
    return k;
  });
}

export interface Noun {
  nom: string; gen: string; g: Gender; en: string;
  /** English takes "the" (false for mass/abstract nouns: 'Ice', 'Winter'). */
  art: boolean; tones: Tone[]; kind: NounKind; ruOnly: boolean;
  /** Never used as the genitive in 'X of Y' unless a head lists it explicitly. */
  noDep: boolean;
}
const NO_DEP = new Set(['код', 'сигнал', 'след', 'выстрел', 'ловушка', 'приговор', 'сделка', 'игра', 'матч', 'финал', 'раунд',
  'рекорд', 'ринг', 'трасса', 'сезон', 'команда', 'наследство', 'каникулы', 'квартира', 'письмо', 'письма', 'окно', 'вальс',
  'танец', 'мелодия', 'песня', 'сцена', 'свадьба', 'горизонт', 'квартал', 'дача', 'рейс', 'поезд']);
function n(nom: string, gen: string, g: Gender, en: string, t: string, kind: string, opts = ''): Noun {
  return { nom, gen, g, en, art: !opts.includes('noart'), tones: tones(t), kind: kinds(kind)[0] ?? 'thing', ruOnly: opts.includes('ru'), noDep: NO_DEP.has(nom) };
}

export interface Adjective {
  m: string; en: string; tones: Tone[]; kinds: NounKind[];
  /** English needs "the" even with a mass noun ('The Last Winter'). */
  def: boolean; ruOnly: boolean;
  /** If set, the adjective only combines with these nouns (nominative). */
  only: readonly string[] | null;
}
function a(m: string, en: string, t: string, k: string, opts = '', only: readonly string[] | null = null): Adjective {
  return { m, en, tones: tones(t), kinds: kinds(k), def: opts.includes('def'), ruOnly: opts.includes('ru'), only };
}

/** Whether an adjective may qualify a noun. */
export function fits(adj: Adjective, noun: Noun): boolean {
  return adj.kinds.includes(noun.kind) && (adj.only === null || adj.only.includes(noun.nom))
    && adj.m.slice(0, 3) !== noun.nom.slice(0, 3) && adj.en !== noun.en;
}

/** The preposition «с» before an instrumental: 'с Бубликом', but 'со Снежком'. */
export function withPrep(ins: string): string {
  return /^[сзшжСЗШЖ][^аеёиоуыэюяАЕЁИОУЫЭЮЯ]/.test(ins) ? `со ${ins}` : `с ${ins}`;
}

/** Decline a masculine-nominative adjective (-ый/-ий/-ой) for gender/number and case. */
export function adjForm(adj: string, g: Gender, kase: 'nom' | 'gen'): string {
  const stem = adj.slice(0, -2);
  const end = adj.slice(-2);
  const last = stem.slice(-1);
  const velar = 'кгх'.includes(last);
  const sibil = 'жшчщ'.includes(last);
  let f: string; let nn: string; let p: string; let gm: string; let gf: string; let gp: string;
  if (end === 'ий' && !velar && !sibil) {
    [f, nn, p, gm, gf, gp] = ['яя', 'ее', 'ие', 'его', 'ей', 'их'];
  } else if (end === 'ий' && sibil) {
    [f, nn, p, gm, gf, gp] = ['ая', 'ее', 'ие', 'его', 'ей', 'их'];
  } else if (end === 'ой' && sibil) {
    [f, nn, p, gm, gf, gp] = ['ая', 'ое', 'ие', 'ого', 'ой', 'их'];
  } else if (velar) {
    [f, nn, p, gm, gf, gp] = ['ая', 'ое', 'ие', 'ого', 'ой', 'их'];
  } else {
    [f, nn, p, gm, gf, gp] = ['ая', 'ое', 'ые', 'ого', 'ой', 'ых'];
  }
  if (kase === 'nom') {
    if (g === 'm') return adj;
    return stem + (g === 'f' ? f : g === 'n' ? nn : p);
  }
  return stem + (g === 'f' ? gf : g === 'p' ? gp : gm);
}

// Tones: c crime/detective/thriller, h horror, d drama/melodrama, k comedy/family,
// w war/history, s sci-fi, f fantasy/adventure, a action, sp sport, mu music.
// Kinds: p person, l place, t thing, a abstract/time.
export const NOUNS: readonly Noun[] = [
  n('маяк', 'маяка', 'm', 'Lighthouse', 'c h d f', 'l'),
  n('город', 'города', 'm', 'City', 'c d a s', 'l'),
  n('лес', 'леса', 'm', 'Forest', 'h f', 'l'),
  n('море', 'моря', 'n', 'Sea', 'd f a', 'l'),
  n('остров', 'острова', 'm', 'Island', 'c h f a', 'l'),
  n('дом', 'дома', 'm', 'House', 'c h d k', 'l'),
  n('река', 'реки', 'f', 'River', 'd f w', 'l'),
  n('сад', 'сада', 'm', 'Garden', 'd', 'l'),
  n('двор', 'двора', 'm', 'Courtyard', 'd k mu', 'l'),
  n('рейс', 'рейса', 'm', 'Flight', 'c d a', 't'),
  n('поезд', 'поезда', 'm', 'Train', 'c d a', 't'),
  n('перевал', 'перевала', 'm', 'Pass', 'w a f', 'l'),
  n('рубеж', 'рубежа', 'm', 'Frontier', 'w a', 'l'),
  n('высота', 'высоты', 'f', 'Hill', 'w', 'l'),
  n('берег', 'берега', 'm', 'Shore', 'd w', 'l'),
  n('ветер', 'ветра', 'm', 'Wind', 'd f', 'a'),
  n('зима', 'зимы', 'f', 'Winter', 'd c w', 'a', 'noart'),
  n('лето', 'лета', 'n', 'Summer', 'd k', 'a', 'noart'),
  n('осень', 'осени', 'f', 'Autumn', 'd', 'a', 'noart'),
  n('весна', 'весны', 'f', 'Spring', 'd k', 'a', 'noart'),
  n('ночь', 'ночи', 'f', 'Night', 'c h d', 'a'),
  n('ночи', 'ночей', 'p', 'Nights', 'd c', 'a', 'noart'),
  n('свидетель', 'свидетеля', 'm', 'Witness', 'c', 'p'),
  n('след', 'следа', 'm', 'Trace', 'c', 't'),
  n('выстрел', 'выстрела', 'm', 'Shot', 'c a', 't'),
  n('охота', 'охоты', 'f', 'Hunt', 'c a h', 'a'),
  n('стая', 'стаи', 'f', 'Pack', 'a h', 'p'),
  n('волк', 'волка', 'm', 'Wolf', 'c a f', 'p'),
  n('волки', 'волков', 'p', 'Wolves', 'a f h', 'p'),
  n('зеркало', 'зеркала', 'n', 'Mirror', 'h f', 't'),
  n('кукла', 'куклы', 'f', 'Doll', 'h', 't'),
  n('колыбельная', 'колыбельной', 'f', 'Lullaby', 'h', 't'),
  n('подвал', 'подвала', 'm', 'Cellar', 'h', 'l'),
  n('пансионат', 'пансионата', 'm', 'Guesthouse', 'h c', 'l'),
  n('усадьба', 'усадьбы', 'f', 'Manor', 'h c d', 'l'),
  n('звезда', 'звезды', 'f', 'Star', 's f d', 'l'),
  n('планета', 'планеты', 'f', 'Planet', 's', 'l'),
  n('станция', 'станции', 'f', 'Station', 's h', 'l'),
  n('орбита', 'орбиты', 'f', 'Orbit', 's', 'l'),
  n('сигнал', 'сигнала', 'm', 'Signal', 's h', 't'),
  n('горизонт', 'горизонта', 'm', 'Horizon', 's a d', 'l'),
  n('код', 'кода', 'm', 'Code', 's c', 't'),
  n('экспедиция', 'экспедиции', 'f', 'Expedition', 's f a w', 'p'),
  n('королевство', 'королевства', 'n', 'Kingdom', 'f', 'l'),
  n('корона', 'короны', 'f', 'Crown', 'f w', 't'),
  n('меч', 'меча', 'm', 'Sword', 'f w', 't'),
  n('дракон', 'дракона', 'm', 'Dragon', 'f', 'p'),
  n('крепость', 'крепости', 'f', 'Fortress', 'f w', 'l'),
  n('империя', 'империи', 'f', 'Empire', 'f w s', 'l'),
  n('граница', 'границы', 'f', 'Border', 'w a c', 'l'),
  n('батальон', 'батальона', 'm', 'Battalion', 'w', 'p'),
  n('полк', 'полка', 'm', 'Regiment', 'w', 'p'),
  n('небо', 'неба', 'n', 'Sky', 'w d s', 'l'),
  n('пламя', 'пламени', 'n', 'Flame', 'f d', 'a'),
  n('лёд', 'льда', 'm', 'Ice', 'sp d', 'a', 'noart'),
  n('матч', 'матча', 'm', 'Match', 'sp', 't'),
  n('финал', 'финала', 'm', 'Final', 'sp', 't'),
  n('раунд', 'раунда', 'm', 'Round', 'sp', 't'),
  n('команда', 'команды', 'f', 'Team', 'sp k', 'p'),
  n('сезон', 'сезона', 'm', 'Season', 'sp', 'a'),
  n('ринг', 'ринга', 'm', 'Ring', 'sp', 'l'),
  n('рекорд', 'рекорда', 'm', 'Record', 'sp', 't'),
  n('трасса', 'трассы', 'f', 'Track', 'sp a', 'l'),
  n('вальс', 'вальса', 'm', 'Waltz', 'mu d', 't', 'noart'),
  n('мелодия', 'мелодии', 'f', 'Melody', 'mu d', 't'),
  n('песня', 'песни', 'f', 'Song', 'mu d', 't'),
  n('танец', 'танца', 'm', 'Dance', 'mu', 't'),
  n('сцена', 'сцены', 'f', 'Stage', 'mu', 'l'),
  n('свадьба', 'свадьбы', 'f', 'Wedding', 'k d', 'a'),
  n('невеста', 'невесты', 'f', 'Bride', 'k d', 'p'),
  n('семья', 'семьи', 'f', 'Family', 'k d', 'p'),
  n('наследство', 'наследства', 'n', 'Inheritance', 'k c', 't', 'noart'),
  n('каникулы', 'каникул', 'p', 'Holidays', 'k', 'a', 'noart'),
  n('письмо', 'письма', 'n', 'Letter', 'd', 't'),
  n('письма', 'писем', 'p', 'Letters', 'd', 't'),
  n('окно', 'окна', 'n', 'Window', 'd h', 't'),
  n('квартира', 'квартиры', 'f', 'Apartment', 'c k d', 'l'),
  n('улица', 'улицы', 'f', 'Street', 'c d', 'l'),
  n('квартал', 'квартала', 'm', 'Block', 'c', 'l'),
  n('завод', 'завода', 'm', 'Factory', 'd c', 'l'),
  n('тайга', 'тайги', 'f', 'Taiga', 'f a d', 'l'),
  n('степь', 'степи', 'f', 'Steppe', 'w d', 'l'),
  n('пустыня', 'пустыни', 'f', 'Desert', 'a f s', 'l'),
  n('океан', 'океана', 'm', 'Ocean', 'a s f', 'l'),
  n('гора', 'горы', 'f', 'Mountain', 'f a', 'l'),
  n('горы', 'гор', 'p', 'Mountains', 'f a', 'l'),
  n('буря', 'бури', 'f', 'Storm', 'f a d', 'a'),
  n('ловушка', 'ловушки', 'f', 'Trap', 'c a', 't'),
  n('приговор', 'приговора', 'm', 'Verdict', 'c d', 't'),
  n('сделка', 'сделки', 'f', 'Deal', 'c a', 't'),
  n('игра', 'игры', 'f', 'Game', 'c k sp a', 'a'),
  n('правда', 'правды', 'f', 'Truth', 'c d', 'a'),
  n('память', 'памяти', 'f', 'Memory', 'd', 'a', 'noart'),
  n('сердце', 'сердца', 'n', 'Heart', 'd f', 't'),
  n('любовь', 'любви', 'f', 'Love', 'd', 'a', 'noart'),
  n('тишина', 'тишины', 'f', 'Silence', 'c h d', 'a'),
  n('граф', 'графа', 'm', 'Count', 'w c', 'p'),
  n('посол', 'посла', 'm', 'Ambassador', 'w c', 'p'),
  n('императрица', 'императрицы', 'f', 'Empress', 'w', 'p'),
  n('княжна', 'княжны', 'f', 'Princess', 'w d', 'p'),
  n('капитан', 'капитана', 'm', 'Captain', 'w a d', 'p'),
  n('фаворит', 'фаворита', 'm', 'Favourite', 'w', 'p'),
  n('прокурор', 'прокурора', 'm', 'Prosecutor', 'c', 'p'),
  n('адвокат', 'адвоката', 'm', 'Lawyer', 'c', 'p'),
  n('пассажир', 'пассажира', 'm', 'Passenger', 'c s', 'p'),
  n('незнакомка', 'незнакомки', 'f', 'Stranger', 'c d', 'p'),
  n('дача', 'дачи', 'f', 'Dacha', 'k d', 'l', 'ru'),
];

export const ADJECTIVES: readonly Adjective[] = [
  a('последний', 'Last', 'c d w a s sp', 'p l t a', 'def'),
  a('первый', 'First', 'd k sp', 'a t', 'def'),
  a('старый', 'Old', 'c h d k', 'p l t', '', ['маяк', 'дом', 'город', 'сад', 'двор', 'граф', 'капитан', 'прокурор', 'адвокат', 'свидетель', 'волк', 'пансионат', 'усадьба', 'квартира', 'улица', 'квартал', 'завод', 'письмо', 'письма', 'кукла', 'зеркало', 'вальс', 'песня', 'мелодия', 'дача', 'поезд', 'крепость', 'корона', 'меч', 'семья', 'подвал', 'берег']),
  a('тихий', 'Quiet', 'c h d', 'p l a', '', ['свидетель', 'адвокат', 'город', 'дом', 'улица', 'двор', 'река', 'сад', 'берег', 'ночь', 'ночи', 'охота', 'квартал', 'пансионат', 'семья', 'игра', 'незнакомка']),
  a('тёмный', 'Dark', 'c h f', 'l t a', '', ['лес', 'город', 'вода', 'королевство', 'империя', 'сторона', 'ночь', 'ночи', 'подвал', 'квартал', 'улица', 'дом', 'море', 'зеркало', 'остров', 'охота']),
  a('чёрный', 'Black', 'c h a', 'l t p', '', ['волк', 'волки', 'стая', 'невеста', 'кукла', 'зеркало', 'море', 'квартал', 'лес', 'город', 'дракон', 'код', 'сделка', 'рейс', 'поезд', 'подвал']),
  a('белый', 'White', 'd c f w', 'l t a', '', ['ночи', 'ночь', 'город', 'сад', 'берег', 'высота', 'волк', 'дракон', 'танец', 'вальс', 'тишина', 'пламя', 'усадьба', 'дом', 'крепость']),
  a('красный', 'Red', 'a w c', 'l t', '', ['город', 'след', 'рубеж', 'квартал', 'высота', 'граница', 'улица']),
  a('золотой', 'Golden', 'f d k sp', 'l t a', '', ['корона', 'меч', 'сад', 'осень', 'лето', 'финал', 'матч', 'рекорд', 'сезон', 'дракон', 'город', 'свадьба', 'берег', 'пламя', 'песня']),
  a('серебряный', 'Silver', 'f d', 't l', '', ['сердце', 'корона', 'меч', 'сад', 'озеро', 'река', 'зеркало', 'звезда', 'ветер', 'мелодия', 'пламя']),
  a('стальной', 'Steel', 'a w s', 't l', '', ['сердце', 'город', 'рубеж', 'граница', 'горизонт', 'орбита', 'крепость', 'небо', 'корона']),
  a('ледяной', 'Ice', 'f h d', 'l t', '', ['сердце', 'корона', 'берег', 'королевство', 'крепость', 'дом', 'сад', 'город', 'пустыня', 'океан', 'зеркало', 'трасса', 'ринг']),
  a('зимний', 'Winter', 'd c', 'l t a'),
  a('летний', 'Summer', 'd k mu', 'l t a'),
  a('осенний', 'Autumn', 'd mu', 'l t a'),
  a('весенний', 'Spring', 'd k', 't a'),
  a('северный', 'Northern', 'f d w a', 'l t a', '', ['город', 'лес', 'море', 'остров', 'река', 'берег', 'ветер', 'граница', 'рубеж', 'крепость', 'королевство', 'империя', 'ночи', 'ночь', 'сад', 'звезда', 'усадьба', 'маяк', 'завод', 'полк', 'экспедиция', 'дракон', 'волк', 'трасса']),
  a('южный', 'Southern', 'd k', 'l', '', ['берег', 'город', 'улица', 'двор', 'сад', 'ночи', 'ночь']),
  a('ночной', 'Night', 'c h d a', 'l t'),
  a('забытый', 'Forgotten', 'h f d w', 'l t p', '', ['город', 'остров', 'дом', 'усадьба', 'королевство', 'крепость', 'корона', 'меч', 'письма', 'песня', 'мелодия', 'полк', 'батальон', 'экспедиция', 'станция']),
  a('потерянный', 'Lost', 'd f s', 'l t a', '', ['город', 'остров', 'рай', 'королевство', 'корона', 'меч', 'память', 'письмо', 'сигнал', 'планета', 'звезда', 'экспедиция']),
  a('пропавший', 'Missing', 'c h', 'p t', '', ['свидетель', 'невеста', 'пассажир', 'экспедиция', 'кукла', 'поезд', 'рейс', 'капитан', 'незнакомка']),
  a('сломанный', 'Broken', 'd', 't', '', ['сердце', 'зеркало', 'кукла', 'окно']),
  a('горячий', 'Hot', 'a sp k d', 'l t a', '', ['сердце', 'лёд', 'след', 'трасса', 'сезон']),
  a('тонкий', 'Thin', 'sp c d', 'a', '', ['лёд']),
  a('большой', 'Big', 'k sp a', 'l t a'),
  a('маленький', 'Little', 'd k', 'l p', '', ['город', 'дом', 'сад', 'двор', 'княжна', 'семья', 'квартира', 'улица', 'остров']),
  a('далёкий', 'Distant', 's d', 'l a', '', ['звезда', 'планета', 'берег', 'горизонт', 'остров', 'город', 'небо', 'лето', 'орбита']),
  a('глубокий', 'Deep', 'h s a', 'l', '', ['океан', 'море', 'подвал', 'лес', 'река', 'станция']),
  a('дикий', 'Wild', 'a f', 'l p', '', ['стая', 'волк', 'волки', 'берег', 'остров', 'степь', 'тайга', 'охота', 'горы']),
  a('вечный', 'Eternal', 'f d', 'l a', '', ['город', 'зима', 'лето', 'ночь', 'любовь', 'королевство', 'империя', 'сад', 'пламя', 'ветер', 'память']),
  a('тайный', 'Secret', 'c f', 't l a', '', ['сад', 'город', 'код', 'сделка', 'охота', 'квартал', 'игра', 'королевство', 'письмо', 'письма', 'сигнал', 'приговор']),
  a('опасный', 'Dangerous', 'c a k', 'a t p', '', ['игра', 'сделка', 'свидетель', 'незнакомка', 'адвокат', 'наследство', 'охота', 'связь', 'соседи', 'невеста', 'каникулы']),
  a('лунный', 'Moonlit', 'f s h', 'l a', '', ['остров', 'сад', 'город', 'море', 'берег', 'станция', 'ночь', 'ночи', 'королевство']),
  a('звёздный', 'Star', 's f', 'l t', '', ['город', 'корона', 'королевство', 'империя', 'станция', 'сигнал', 'код', 'экспедиция', 'океан', 'меч']),
  a('железный', 'Iron', 'w a s', 't l', '', ['город', 'поезд', 'корона', 'крепость', 'сердце', 'рубеж', 'полк', 'граница']),
  a('огненный', 'Fiery', 'f a', 'l t', '', ['меч', 'королевство', 'горы', 'гора', 'река', 'дракон', 'корона', 'сердце', 'пустыня']),
  a('прощальный', 'Farewell', 'd mu w', 't a', '', ['вальс', 'песня', 'мелодия', 'письмо', 'танец', 'матч', 'сезон', 'рейс', 'лето', 'свадьба']),
  a('мёртвый', 'Dead', 'h c', 'l p', '', ['город', 'лес', 'остров', 'море', 'станция', 'невеста']),
  a('пустой', 'Empty', 'h c d', 'l', '', ['дом', 'город', 'квартира', 'пансионат', 'улица', 'усадьба', 'станция']),
  a('седьмой', 'Seventh', 'h c s', 'l t p', 'def', ['пассажир', 'свидетель', 'рейс', 'сигнал', 'код', 'планета', 'станция', 'зеркало', 'кукла', 'квартира', 'орбита']),
  a('двойной', 'Double', 'c k', 'a t', '', ['игра', 'след', 'выстрел', 'сделка']),
  a('счастливый', 'Happy', 'k d', 'a t', '', ['билет', 'свадьба', 'лето', 'каникулы', 'письмо', 'день']),
  a('идеальный', 'Perfect', 'k c d', 'a p t', '', ['свадьба', 'семья', 'невеста', 'игра', 'каникулы', 'сделка']),
  a('непобедимый', 'Invincible', 'sp a', 'p'),
  a('неизвестный', 'Unknown', 'w c s', 'p l', '', ['свидетель', 'пассажир', 'берег', 'планета', 'остров', 'высота', 'граница', 'капитан']),
  a('безымянный', 'Nameless', 'w h', 'l p', '', ['высота', 'остров', 'река', 'берег', 'полк', 'батальон', 'свидетель']),
  a('туманный', 'Misty', 'h c d', 'l'),
  a('бумажный', 'Paper', 'd k', 't', '', ['сердце', 'письмо', 'письма', 'корона', 'город']),
  a('хрустальный', 'Crystal', 'f d', 't l', '', ['сердце', 'корона', 'сад', 'королевство', 'зеркало', 'город', 'крепость']),
  a('стеклянный', 'Glass', 'c h d', 't l', '', ['дом', 'город', 'сердце', 'кукла', 'квартира']),
  a('молодой', 'Young', 'd k w', 'p', '', ['граф', 'капитан', 'посол', 'невеста', 'княжна', 'императрица', 'адвокат', 'прокурор', 'семья']),
  a('чужой', 'Stranger\'s', 'c d', 'l t a', 'ru', ['город', 'дом', 'квартира', 'письма', 'письмо', 'правда', 'игра', 'свадьба', 'невеста', 'память', 'лёд', 'тишина', 'семья', 'берег', 'песня']),
  a('московский', 'Moscow', 'd k c', 'l t a', 'ru', ['двор', 'квартира', 'улица', 'ночи', 'ночь', 'вальс', 'лето', 'зима', 'весна', 'осень', 'каникулы', 'квартал', 'семья', 'свадьба', 'игра']),
  a('сибирский', 'Siberian', 'd a w', 'l t a', 'ru', ['город', 'лес', 'тайга', 'река', 'зима', 'ночи', 'ночь', 'экспедиция', 'полк', 'берег', 'завод', 'двор', 'высота', 'степь']),
  a('уральский', 'Ural', 'd c', 'l t a', 'ru', ['город', 'завод', 'квартал', 'зима', 'правда', 'граница', 'ночи', 'двор', 'улица']),
];

/** Heads of "X of Y" titles: 'Тайна старого маяка' / 'The Secret of the Old Lighthouse'. */
export interface Head { ru: string; en: string; tones: Tone[]; deps: NounKind[]; only: readonly string[] | null; needsAdj: boolean }
function h(ru: string, en: string, t: string, deps: string, only: readonly string[] | null = null): Head {
  return { ru, en, tones: tones(t), deps: kinds(deps), only, needsAdj: ['Пассажиры', 'Свидетели', 'Дело', 'Исчезновение'].includes(ru) };
}
const PEOPLE_OF_RANK = ['капитан', 'граф', 'посол', 'прокурор', 'адвокат'];
export const HEADS: readonly Head[] = [
  h('Тайна', 'The Secret', 'c h f d', 'l t p a'),
  h('Тайны', 'Secrets', 'c d', 'l p'),
  h('Тень', 'The Shadow', 'c h f', 'p l t a'),
  h('Сердце', 'The Heart', 'd f', 'l a p', ['тайга', 'зима', 'дракон', 'океан', 'море', 'город', 'империя', 'королевство', 'крепость', 'ночь', 'лес', 'гора', 'горы', 'степь', 'пустыня', 'буря']),
  h('Легенда', 'The Legend', 'f a w', 'l p t'),
  h('Хранитель', 'The Keeper', 'f', 'l t', ['маяк', 'корона', 'меч', 'лес', 'горы', 'тайга', 'королевство', 'крепость', 'сад', 'остров', 'пламя', 'ветер']),
  h('Хранители', 'The Keepers', 'f s', 'l t', ['маяк', 'корона', 'меч', 'лес', 'горы', 'тайга', 'королевство', 'крепость', 'станция', 'сад', 'остров', 'пламя', 'звезда', 'орбита', 'код']),
  h('Пленники', 'Prisoners', 'f a h', 'l a'),
  h('Дети', 'Children', 'd h f', 'a l'),
  h('Голос', 'The Voice', 'd h', 'l p a'),
  h('Хроники', 'Chronicles', 'f s w', 'l a', ['империя', 'королевство', 'крепость', 'город', 'зима', 'экспедиция', 'станция', 'лес', 'остров', 'тайга', 'планета', 'орбита', 'полк', 'батальон', 'граница']),
  h('Возвращение', 'The Return', 'd a f w', 'p', ['граф', 'капитан', 'посол', 'волк', 'дракон', 'экспедиция', 'стая', 'фаворит', 'незнакомка', 'полк', 'батальон', 'императрица']),
  h('Цена', 'The Price', 'c d a', 'a t', ['тишина', 'правда', 'любовь', 'память', 'игра', 'сделка', 'приговор', 'корона', 'выстрел', 'свадьба', 'наследство', 'охота']),
  h('Правила', 'The Rules', 'c k', 'a t', ['игра', 'любовь', 'свадьба', 'охота', 'тишина', 'сделка', 'каникулы', 'наследство']),
  h('Код', 'The Code', 's c', 'l t', ['империя', 'станция', 'планета', 'звезда', 'орбита', 'экспедиция']),
  h('Зов', 'The Call', 'f h', 'l a'),
  h('Проклятие', 'The Curse', 'h f', 'l p t'),
  h('Призраки', 'Ghosts', 'h', 'l'),
  h('Королева', 'The Queen', 'f d', 'l a'),
  h('Наследники', 'Heirs', 'c d f', 'p l', [...PEOPLE_OF_RANK, 'империя', 'королевство', 'усадьба', 'дом', 'завод', 'императрица', 'фаворит', 'дракон']),
  h('Дочь', 'The Daughter', 'd f', 'p l a', [...PEOPLE_OF_RANK, 'море', 'ветер', 'степь', 'тайга', 'океан', 'зима', 'ночь', 'буря', 'дракон', 'маяк']),
  h('Сын', 'The Son', 'd w', 'p l', [...PEOPLE_OF_RANK, 'море', 'степь', 'тайга', 'ветер', 'океан', 'буря', 'империя']),
  h('Последний день', 'The Last Day', 'w d', 'l a', ['лето', 'зима', 'осень', 'весна', 'империя', 'королевство', 'крепость', 'город', 'каникулы']),
  h('Осада', 'The Siege', 'w f', 'l'),
  h('Падение', 'The Fall', 'w a s f', 'l p', ['империя', 'крепость', 'королевство', 'город', 'звезда']),
  h('Герои', 'Heroes', 'w a', 'l'),
  h('Защитники', 'Defenders', 'w a s', 'l', ['крепость', 'рубеж', 'граница', 'город', 'небо', 'перевал', 'высота', 'станция', 'остров', 'королевство', 'империя', 'орбита']),
  h('Пассажиры', 'Passengers', 'c s', 't', ['рейс', 'поезд']),
  h('Свидетели', 'Witnesses', 'c', 't', ['рейс', 'поезд', 'выстрел', 'сделка']),
  h('Музыка', 'The Music', 'mu', 'a l'),
  h('Песни', 'Songs', 'mu', 'l'),
  h('Дело', 'The Case', 'c', 'p t', [...PEOPLE_OF_RANK, 'свидетель', 'пассажир', 'незнакомка', 'невеста', 'рейс', 'поезд', 'кукла', 'зеркало', 'выстрел', 'экспедиция']),
  h('Убийство', 'The Murder', 'c', 'p', [...PEOPLE_OF_RANK, 'свидетель', 'пассажир', 'незнакомка', 'невеста', 'княжна', 'императрица', 'фаворит']),
  h('Исчезновение', 'The Disappearance', 'c h', 'p t', [...PEOPLE_OF_RANK, 'свидетель', 'пассажир', 'незнакомка', 'невеста', 'поезд', 'рейс', 'экспедиция', 'кукла']),
];

/** Prepositional tails: 'Дом на краю', 'Лето у моря'. */
export interface Tail { ru: string; en: string; tones: Tone[]; ruOnly: boolean }
function tl(ru: string, en: string, t: string, opts = ''): Tail {
  return { ru, en, tones: tones(t), ruOnly: opts.includes('ru') };
}
export const TAILS: readonly Tail[] = [
  tl('на краю', 'at the Edge', 'd h c'),
  tl('у моря', 'by the Sea', 'd k mu'),
  tl('за рекой', 'Across the River', 'd w'),
  tl('под снегом', 'Under the Snow', 'd c h'),
  tl('в тумане', 'in the Fog', 'h c d'),
  tl('на окраине', 'on the Outskirts', 'c d h'),
  tl('над облаками', 'Above the Clouds', 'd mu'),
  tl('под водой', 'Underwater', 'h s a'),
  tl('на холме', 'on the Hill', 'h d'),
  tl('за стеной', 'Behind the Wall', 'h c d'),
  tl('в лесу', 'in the Woods', 'h'),
  tl('на льду', 'on Ice', 'sp mu'),
  tl('без адреса', 'Without an Address', 'd'),
  tl('у дороги', 'by the Road', 'd c'),
  tl('во тьме', 'in the Dark', 'h c'),
  tl('на краю света', 'at the End of the World', 'd a f'),
  tl('на крыше', 'on the Roof', 'mu d k'),
  tl('под дождём', 'in the Rain', 'mu d'),
  tl('по соседству', 'Next Door', 'k'),
  tl('в маленьком городе', 'in a Small Town', 'c d k'),
  tl('в полночь', 'at Midnight', 'h c mu'),
  tl('на рассвете', 'at Dawn', 'd w a'),
  tl('в открытом море', 'on the High Seas', 'a'),
  tl('в Петербурге', 'in Petersburg', 'd mu', 'ru'),
  tl('на Волге', 'on the Volga', 'd k', 'ru'),
];

/** Subjects for "subject + tail" titles. */
export interface Subject { ru: string; g: Gender; en: string; art: boolean; tones: Tone[] }
function sj(ru: string, g: Gender, en: string, t: string, opts = ''): Subject {
  return { ru, g, en, art: !opts.includes('noart'), tones: tones(t) };
}
export const SUBJECTS: readonly Subject[] = [
  sj('дом', 'm', 'House', 'd h c'),
  sj('город', 'm', 'City', 'c d'),
  sj('лето', 'n', 'Summer', 'd k mu', 'noart'),
  sj('сад', 'm', 'Garden', 'd'),
  sj('окно', 'n', 'Window', 'd h'),
  sj('свадьба', 'f', 'Wedding', 'k d'),
  sj('остров', 'm', 'Island', 'h c a'),
  sj('голоса', 'p', 'Voices', 'h', 'noart'),
  sj('тени', 'p', 'Shadows', 'h c', 'noart'),
  sj('убийство', 'n', 'Murder', 'c', 'noart'),
  sj('девушка', 'f', 'Girl', 'c d'),
  sj('незнакомец', 'm', 'Stranger', 'c h d'),
  sj('вальс', 'm', 'Waltz', 'mu d', 'noart'),
  sj('джаз', 'm', 'Jazz', 'mu', 'noart'),
  sj('танцы', 'p', 'Dancing', 'mu k', 'noart'),
  sj('любовь', 'f', 'Love', 'd mu', 'noart'),
  sj('каникулы', 'p', 'Holidays', 'k', 'noart'),
  sj('отпуск', 'm', 'Vacation', 'k', 'noart'),
  sj('охота', 'f', 'Hunt', 'c a'),
  sj('поезд', 'm', 'Train', 'c a'),
  sj('побег', 'm', 'Escape', 'a c', 'noart'),
  sj('матч', 'm', 'Match', 'sp'),
  sj('крепость', 'f', 'Fortress', 'w f'),
];

/** "Сто дней до весны". */
export interface NumberWord { ru: string; en: string; n: number }
export const NUMBERS: readonly NumberWord[] = [
  { ru: 'Три', en: 'Three', n: 3 }, { ru: 'Пять', en: 'Five', n: 5 }, { ru: 'Семь', en: 'Seven', n: 7 },
  { ru: 'Девять', en: 'Nine', n: 9 }, { ru: 'Десять', en: 'Ten', n: 10 }, { ru: 'Двенадцать', en: 'Twelve', n: 12 },
  { ru: 'Сто', en: 'One Hundred', n: 100 }, { ru: 'Тысяча', en: 'A Thousand', n: 1000 }, { ru: 'Сорок', en: 'Forty', n: 40 },
];
export interface Unit { sg: string; gsg: string; gpl: string; en: string; tones: Tone[]; solo: boolean }
function un(sg: string, gsg: string, gpl: string, en: string, t: string, solo = false): Unit {
  return { sg, gsg, gpl, en, tones: tones(t), solo };
}
export const UNITS: readonly Unit[] = [
  un('день', 'дня', 'дней', 'Days', 'd k c w'),
  un('ночь', 'ночи', 'ночей', 'Nights', 'd h'),
  un('шаг', 'шага', 'шагов', 'Steps', 'd c'),
  un('минута', 'минуты', 'минут', 'Minutes', 'c a'),
  un('час', 'часа', 'часов', 'Hours', 'c a h'),
  un('письмо', 'письма', 'писем', 'Letters', 'd'),
  un('поцелуй', 'поцелуя', 'поцелуев', 'Kisses', 'd k'),
  un('вопрос', 'вопроса', 'вопросов', 'Questions', 'k'),
  un('жизнь', 'жизни', 'жизней', 'Lives', 'd f', true),
  un('свидание', 'свидания', 'свиданий', 'Dates', 'k d'),
];
export const TARGETS: readonly Tail[] = [
  tl('до весны', 'Until Spring', 'd'),
  tl('до рассвета', 'Until Dawn', 'd h c'),
  tl('до свадьбы', 'Before the Wedding', 'k d'),
  tl('до выпускного', 'Before Prom', 'k d'),
  tl('до взрыва', 'Before the Blast', 'a c'),
  tl('до Нового года', 'Until New Year', 'k d'),
  tl('без тебя', 'Without You', 'd'),
  tl('до полуночи', 'Before Midnight', 'c d h'),
  tl('на войне', 'at War', 'w'),
  tl('в осаде', 'Under Siege', 'w a'),
  tl('в окружении', 'Surrounded', 'w'),
  tl('у моря', 'by the Sea', 'd k'),
  tl('в Париже', 'in Paris', 'd k'),
  tl('в Крыму', 'in Crimea', 'd k', 'ru'),
  tl('на Севере', 'in the North', 'd w h'),
];

/** Pairs: 'Лёд и пламя' / 'Ice and Fire'. */
export interface PairWord { ru: string; en: string; tones: Tone[] }
function pw(ru: string, en: string, t: string): PairWord {
  return { ru, en, tones: tones(t) };
}
export const PAIR_WORDS: readonly PairWord[] = [
  pw('лёд', 'Ice', 'f d sp'), pw('пламя', 'Fire', 'f d'), pw('соль', 'Salt', 'd k'), pw('мёд', 'Honey', 'd k'),
  pw('пепел', 'Ash', 'd f w'), pw('шёлк', 'Silk', 'd mu'), pw('сталь', 'Steel', 'a w'), pw('дым', 'Smoke', 'a w c'),
  pw('кровь', 'Blood', 'c h a'), pw('стекло', 'Glass', 'c d'), pw('железо', 'Iron', 'a w'), pw('вода', 'Water', 'd f'),
  pw('камень', 'Stone', 'f'), pw('золото', 'Gold', 'c a f'), pw('песок', 'Sand', 'd a'), pw('снег', 'Snow', 'd h'),
  pw('порох', 'Gunpowder', 'a w'), pw('бархат', 'Velvet', 'd mu'), pw('перец', 'Pepper', 'k'), pw('ветер', 'Wind', 'f d'),
  pw('свинец', 'Lead', 'a c'), pw('молоко', 'Milk', 'k'), pw('виски', 'Whiskey', 'c k'), pw('вино', 'Wine', 'd k'),
];

/** Single-word titles. */
export interface Single { ru: string; en: string; tones: Tone[] }
export const SINGLES: readonly Single[] = ([
  ['Вертикаль', 'Vertical', 'a sp'], ['Рубеж', 'The Frontier', 'w'], ['Излом', 'Fracture', 'd c'],
  ['Метель', 'Blizzard', 'd h'], ['Оттепель', 'Thaw', 'd'], ['Эпицентр', 'Epicenter', 's a'],
  ['Прорыв', 'Breakthrough', 'w a sp'], ['Стая', 'The Pack', 'h a'], ['Штиль', 'Dead Calm', 'd c'],
  ['Перелом', 'Turning Point', 'w d'], ['Контур', 'Contour', 'c s'], ['Дрейф', 'Drift', 's d a'],
  ['Шёпот', 'Whisper', 'h'], ['Затмение', 'Eclipse', 'h s f'], ['Возмездие', 'Retribution', 'a c'],
  ['Глубина', 'The Depth', 's h a'], ['Мираж', 'Mirage', 'd s'], ['Резонанс', 'Resonance', 'c s'],
  ['Аномалия', 'Anomaly', 's h'], ['Инстинкт', 'Instinct', 'c a'], ['Осколки', 'Shards', 'd c'],
  ['Полураспад', 'Half-Life', 's'], ['Двойник', 'The Double', 'c s'], ['Навигатор', 'Navigator', 's'],
  ['Погоня', 'The Chase', 'a'], ['Разлом', 'The Rift', 's a'], ['Маятник', 'Pendulum', 'c'],
  ['Вьюга', 'Snowstorm', 'd'], ['Пульс', 'Pulse', 'a c sp'], ['Обрыв', 'The Cliff', 'd c'],
  ['Отражение', 'Reflection', 'h c'], ['Плен', 'Captivity', 'w'], ['Прилив', 'High Tide', 'd'],
  ['Свидетельница', 'The Witness', 'c'], ['Чемпионка', 'The Champion', 'sp'], ['Шайба', 'The Puck', 'sp'],
  ['Нокаут', 'Knockout', 'sp'], ['Гамбит', 'Gambit', 'c'], ['Рикошет', 'Ricochet', 'a c'],
  ['Комендант', 'The Commandant', 'w'], ['Связной', 'The Courier', 'w c'], ['Переправа', 'The Crossing', 'w'],
  ['Ковчег', 'The Ark', 's f'], ['Сквозняк', 'Draught', 'h'], ['Подмена', 'The Switch', 'c k'],
  ['Сирена', 'Siren', 'h c'], ['Финиш', 'Finish Line', 'sp'], ['Стажёры', 'The Interns', 'k'],
  ['Невидимка', 'The Invisible', 's c'], ['Мятеж', 'Mutiny', 'w a'], ['Ледокол', 'Icebreaker', 'a d'],
] as const).map(([ru, en, t]) => ({ ru, en, tones: tones(t) }));

/** Fixed phrases: 'Без права на ошибку' / 'No Room for Error'. */
export const IDIOMS: readonly Single[] = ([
  ['Без права на ошибку', 'No Room for Error', 'a c'], ['Точка невозврата', 'Point of No Return', 'c a d'],
  ['Вне подозрений', 'Above Suspicion', 'c'], ['По ту сторону', 'On the Other Side', 'h d'],
  ['Не оглядывайся', 'Don\'t Look Back', 'h c'], ['Кто-то должен остаться', 'Someone Must Stay', 'w d'],
  ['Только не сегодня', 'Not Tonight', 'k'], ['Все свои', 'All in the Family', 'k c'],
  ['Ничего личного', 'Nothing Personal', 'c a'], ['Дышать глубже', 'Breathe Deeper', 'd sp'],
  ['Жить дальше', 'Moving On', 'd'], ['Наперегонки со временем', 'Race Against Time', 'a'],
  ['Огонь на поражение', 'Shoot to Kill', 'a c'], ['Обратный отсчёт', 'Countdown', 'a s c'],
  ['Без следа', 'Without a Trace', 'c'], ['Под прицелом', 'In the Crosshairs', 'a c'],
  ['Слишком много свидетелей', 'Too Many Witnesses', 'c k'], ['Чужие здесь не ходят', 'No Strangers Here', 'c h'],
  ['Здесь кто-то есть', 'Someone Is Here', 'h'], ['Не выключай свет', 'Keep the Light On', 'h'],
  ['Останься со мной', 'Stay with Me', 'd'], ['Вдох-выдох', 'Breathe In, Breathe Out', 'd sp'],
  ['До последнего патрона', 'To the Last Bullet', 'w a'], ['Любовь без правил', 'Love Without Rules', 'd k'],
  ['Семь бед', 'Seven Troubles', 'k'], ['Никто не уйдёт', 'No One Leaves', 'h c'],
  ['Всё ради тебя', 'All for You', 'd'], ['Играй, как девчонка', 'Play Like a Girl', 'sp k'],
  ['Танцуй, пока можешь', 'Dance While You Can', 'mu'], ['Пой со мной', 'Sing with Me', 'mu'],
  ['Пока не погаснет свет', 'Until the Lights Go Out', 'h mu'], ['Вместе навсегда', 'Together Forever', 'd'], ['Горячий лёд', 'Hot Ice', 'sp'], ['Большая игра', 'The Big Game', 'sp c'],
] as const).map(([ru, en, t]) => ({ ru, en, tones: tones(t) }));

/** "Высота 312" / "Hill 312". */
export const NUMBERED: readonly Single[] = ([
  ['Высота', 'Hill', 'w'], ['Эшелон', 'Echelon', 'w'], ['Объект', 'Object', 's c'], ['Квадрат', 'Sector', 's w'],
  ['Бункер', 'Bunker', 'h w'], ['Палата', 'Ward', 'h c'], ['Станция', 'Station', 's'], ['Квартира', 'Apartment', 'c h'],
] as const).map(([ru, en, t]) => ({ ru, en, tones: tones(t) }));

/** "Мой папа — пират" / "My Dad Is a Pirate". */
export const FAMILY_NOUNS: readonly { ru: string; g: 'm' | 'f'; en: string }[] = [
  { ru: 'папа', g: 'm', en: 'Dad' }, { ru: 'мама', g: 'f', en: 'Mom' }, { ru: 'брат', g: 'm', en: 'Brother' },
  { ru: 'сестра', g: 'f', en: 'Sister' }, { ru: 'бабушка', g: 'f', en: 'Grandma' }, { ru: 'дедушка', g: 'm', en: 'Grandpa' },
  { ru: 'сосед', g: 'm', en: 'Neighbor' }, { ru: 'соседка', g: 'f', en: 'Neighbor' }, { ru: 'начальник', g: 'm', en: 'Boss' },
  { ru: 'тёща', g: 'f', en: 'Mother-in-Law' }, { ru: 'жена', g: 'f', en: 'Wife' }, { ru: 'муж', g: 'm', en: 'Husband' },
  { ru: 'учитель', g: 'm', en: 'Teacher' }, { ru: 'няня', g: 'f', en: 'Nanny' },
];
export const ROLES: readonly { ru: string; en: string }[] = [
  { ru: 'пират', en: 'a Pirate' }, { ru: 'шпион', en: 'a Spy' }, { ru: 'супергерой', en: 'a Superhero' },
  { ru: 'вампир', en: 'a Vampire' }, { ru: 'миллионер', en: 'a Millionaire' }, { ru: 'инопланетянин', en: 'an Alien' },
  { ru: 'робот', en: 'a Robot' }, { ru: 'секретный агент', en: 'a Secret Agent' }, { ru: 'волшебник', en: 'a Wizard' },
  { ru: 'рок-звезда', en: 'a Rock Star' }, { ru: 'блогер', en: 'a Blogger' }, { ru: 'гангстер', en: 'a Gangster' },
  { ru: 'ниндзя', en: 'a Ninja' }, { ru: 'Дед Мороз', en: 'Santa Claus' },
];

/** "Свадьба по ошибке" / "Wedding by Mistake". */
export const COMEDY_NOUNS: readonly { ru: string; en: string }[] = [
  { ru: 'Свадьба', en: 'Wedding' }, { ru: 'Жених', en: 'Groom' }, { ru: 'Невеста', en: 'Bride' },
  { ru: 'Отпуск', en: 'Vacation' }, { ru: 'Бабушка', en: 'Grandma' }, { ru: 'Папа', en: 'Dad' },
  { ru: 'Няня', en: 'Nanny' }, { ru: 'Юбилей', en: 'Anniversary' }, { ru: 'Наследство', en: 'Inheritance' },
  { ru: 'Корпоратив', en: 'Office Party' }, { ru: 'Стажёр', en: 'Intern' }, { ru: 'Дача', en: 'Country House' },
  { ru: 'Семья', en: 'Family' }, { ru: 'Медовый месяц', en: 'Honeymoon' }, { ru: 'Каникулы', en: 'Holidays' },
  { ru: 'Новый год', en: 'New Year' }, { ru: 'Тёща', en: 'Mother-in-Law' }, { ru: 'Сосед', en: 'Neighbor' },
];
export const COMEDY_TAILS: readonly { ru: string; en: string; ruOnly?: boolean }[] = [
  { ru: 'по ошибке', en: 'by Mistake' }, { ru: 'напрокат', en: 'for Rent' }, { ru: 'на миллион', en: 'Worth a Million' },
  { ru: 'в бегах', en: 'on the Run' }, { ru: 'с сюрпризом', en: 'with a Surprise' },
  { ru: 'строгого режима', en: 'Maximum Security' }, { ru: 'по обмену', en: 'on Exchange' },
  { ru: 'на выходные', en: 'for the Weekend' }, { ru: 'без тормозов', en: 'Without Brakes' },
  { ru: 'по-русски', en: 'Russian Style', ruOnly: true }, { ru: 'в кредит', en: 'on Credit' },
  { ru: 'под прикрытием', en: 'Undercover' }, { ru: 'для чайников', en: 'for Dummies' },
  { ru: 'в Сочи', en: 'in Sochi', ruOnly: true }, { ru: 'в большом городе', en: 'in the Big City' },
];

// ---------------------------------------------------------------- kids ----

export interface KidChar {
  nom: string; gen: string; ins: string; g: 'm' | 'f';
  /** English name, if the character can appear in a foreign (dubbed) cartoon. */
  en: string | null;
  /** Short description for synopses: 'игрушечный кубик'. */
  who: string;
  /** Russian-only named characters (not used in foreign titles). */
  ru: boolean;
}
function kc(nom: string, gen: string, ins: string, g: 'm' | 'f', en: string | null, who: string, ruOnly = false): KidChar {
  return { nom, gen, ins, g, en, who, ru: ruOnly };
}
export const KID_CHARS: readonly KidChar[] = [
  kc('Кубик', 'Кубика', 'Кубиком', 'm', null, 'деревянный кубик с нарисованной улыбкой', true),
  kc('Бублик', 'Бублика', 'Бубликом', 'm', null, 'сдобный бублик из пекарни на углу', true),
  kc('Кнопка', 'Кнопки', 'Кнопкой', 'f', null, 'девочка с косичками и неуёмной фантазией', true),
  kc('Пуговка', 'Пуговки', 'Пуговкой', 'f', null, 'тряпичная куколка', true),
  kc('Тучка', 'Тучки', 'Тучкой', 'f', null, 'маленькое облачко', true),
  kc('Ириска', 'Ириски', 'Ириской', 'f', null, 'рыжая белочка-сладкоежка', true),
  kc('Снежок', 'Снежка', 'Снежком', 'm', null, 'белый щенок', true),
  kc('Жужа', 'Жужи', 'Жужей', 'f', null, 'пчёлка-почтальон', true),
  kc('Пиксель', 'Пикселя', 'Пикселем', 'm', null, 'маленький робот из старого компьютера', true),
  kc('Лучик', 'Лучика', 'Лучиком', 'm', null, 'солнечный зайчик', true),
  kc('Огонёк', 'Огонька', 'Огоньком', 'm', null, 'светлячок', true),
  kc('Зефирка', 'Зефирки', 'Зефиркой', 'f', null, 'розовая овечка', true),
  kc('Тимошка', 'Тимошки', 'Тимошкой', 'm', null, 'медвежонок-непоседа', true),
  kc('Ёжик', 'Ёжика', 'Ёжиком', 'm', 'Little Hedgehog', 'маленький ёжик'),
  kc('Медвежонок Бу', 'Медвежонка Бу', 'Медвежонком Бу', 'm', 'Boo the Bear', 'плюшевый медвежонок'),
  kc('Лисёнок Рыжик', 'Лисёнка Рыжика', 'Лисёнком Рыжиком', 'm', 'Rusty the Fox', 'рыжий лисёнок'),
  kc('Сова Соня', 'Совы Сони', 'Совой Соней', 'f', 'Sonya the Owl', 'учёная сова'),
  kc('Мышонок Пик', 'Мышонка Пика', 'Мышонком Пиком', 'm', 'Pik the Mouse', 'мышонок-изобретатель'),
  kc('Дракончик Дым', 'Дракончика Дыма', 'Дракончиком Дымом', 'm', 'Smoky the Dragon', 'дракончик-неумейка'),
  kc('Робот Бип', 'Робота Бипа', 'Роботом Бипом', 'm', 'Beep the Robot', 'робот-помощник'),
  kc('Пингвинёнок Пин', 'Пингвинёнка Пина', 'Пингвинёнком Пином', 'm', 'Pin the Penguin', 'пингвинёнок'),
  kc('Черепашка Тоша', 'Черепашки Тоши', 'Черепашкой Тошей', 'f', 'Tosha the Turtle', 'черепашка'),
  kc('Бельчонок Шустрик', 'Бельчонка Шустрика', 'Бельчонком Шустриком', 'm', 'Zippy the Squirrel', 'бельчонок'),
  kc('Котёнок Буся', 'Котёнка Буси', 'Котёнком Бусей', 'm', 'Busya the Kitten', 'полосатый котёнок'),
  kc('Слонёнок Тёма', 'Слонёнка Тёмы', 'Слонёнком Тёмой', 'm', 'Tyoma the Elephant', 'слонёнок'),
  kc('Пип', 'Пипа', 'Пипом', 'm', 'Pip', 'мальчик-воробей'),
  kc('Молли', 'Молли', 'Молли', 'f', 'Molly', 'девочка с веснушками'),
  kc('Тоби', 'Тоби', 'Тоби', 'm', 'Toby', 'рыжий щенок'),
  kc('Лулу', 'Лулу', 'Лулу', 'f', 'Lulu', 'маленькая коала'),
  kc('Бенни', 'Бенни', 'Бенни', 'm', 'Benny', 'бобрёнок-строитель'),
  kc('Зигги', 'Зигги', 'Зигги', 'm', 'Ziggy', 'зебрёнок-непоседа'),
  kc('Ферди', 'Ферди', 'Ферди', 'm', 'Ferdie', 'поросёнок-путешественник'),
  kc('Элли', 'Элли', 'Элли', 'f', 'Ellie', 'девочка-изобретательница'),
];

export interface KidNoun { nom: string; gen: string; g: Gender; en: string; place: boolean }
function kn(nom: string, gen: string, g: Gender, en: string, place = false): KidNoun {
  return { nom, gen, g, en, place };
}
/** Things for 'Ёжик и звёздная карта'. */
export const KID_THINGS: readonly KidNoun[] = [
  kn('карта', 'карты', 'f', 'Map'), kn('зонтик', 'зонтика', 'm', 'Umbrella'), kn('фонарик', 'фонарика', 'm', 'Lantern'),
  kn('ключик', 'ключика', 'm', 'Key'), kn('ракета', 'ракеты', 'f', 'Rocket'), kn('облако', 'облака', 'n', 'Cloud'),
  kn('радуга', 'радуги', 'f', 'Rainbow'), kn('сундук', 'сундука', 'm', 'Chest'), kn('колокольчик', 'колокольчика', 'm', 'Bell'),
  kn('паровозик', 'паровозика', 'm', 'Train'), kn('книга', 'книги', 'f', 'Book'), kn('корона', 'короны', 'f', 'Crown'),
  kn('кораблик', 'кораблика', 'm', 'Boat'), kn('шляпа', 'шляпы', 'f', 'Hat'), kn('перо', 'пера', 'n', 'Feather'),
  kn('подарок', 'подарка', 'm', 'Gift'), kn('снежинка', 'снежинки', 'f', 'Snowflake'), kn('звезда', 'звезды', 'f', 'Star'),
  kn('яблоко', 'яблока', 'n', 'Apple'), kn('часы', 'часов', 'p', 'Clock'), kn('пирог', 'пирога', 'm', 'Pie'),
];
/** Creatures for 'Храбрый лисёнок'. */
export const KID_CREATURES: readonly KidNoun[] = [
  kn('лисёнок', 'лисёнка', 'm', 'Fox Cub'), kn('медвежонок', 'медвежонка', 'm', 'Bear Cub'), kn('котёнок', 'котёнка', 'm', 'Kitten'),
  kn('ёжик', 'ёжика', 'm', 'Hedgehog'), kn('зайчонок', 'зайчонка', 'm', 'Bunny'), kn('дракончик', 'дракончика', 'm', 'Dragon'),
  kn('пингвинёнок', 'пингвинёнка', 'm', 'Penguin'), kn('щенок', 'щенка', 'm', 'Puppy'), kn('мышонок', 'мышонка', 'm', 'Mouse'),
  kn('совёнок', 'совёнка', 'm', 'Owlet'), kn('паровозик', 'паровозика', 'm', 'Engine'), kn('робот', 'робота', 'm', 'Robot'),
  kn('черепашка', 'черепашки', 'f', 'Turtle'), kn('белочка', 'белочки', 'f', 'Squirrel'), kn('пчёлка', 'пчёлки', 'f', 'Bee'),
  kn('улитка', 'улитки', 'f', 'Snail'), kn('фея', 'феи', 'f', 'Fairy'), kn('снеговик', 'снеговика', 'm', 'Snowman'),
  kn('кит', 'кита', 'm', 'Whale'), kn('мамонтёнок', 'мамонтёнка', 'm', 'Mammoth'), kn('слонёнок', 'слонёнка', 'm', 'Elephant'),
];
export const KID_CREATURE_ADJ: readonly { m: string; en: string }[] = [
  { m: 'храбрый', en: 'Brave' }, { m: 'маленький', en: 'Little' }, { m: 'весёлый', en: 'Jolly' },
  { m: 'сонный', en: 'Sleepy' }, { m: 'добрый', en: 'Kind' }, { m: 'любопытный', en: 'Curious' },
  { m: 'озорной', en: 'Mischievous' }, { m: 'неуклюжий', en: 'Clumsy' }, { m: 'крошечный', en: 'Tiny' },
  { m: 'хитрый', en: 'Clever' }, { m: 'летучий', en: 'Flying' }, { m: 'звёздный', en: 'Starry' },
];
export const KID_THING_ADJ: readonly { m: string; en: string }[] = [
  { m: 'волшебный', en: 'Magic' }, { m: 'звёздный', en: 'Star' }, { m: 'золотой', en: 'Golden' },
  { m: 'пропавший', en: 'Lost' }, { m: 'серебряный', en: 'Silver' }, { m: 'радужный', en: 'Rainbow' },
  { m: 'шоколадный', en: 'Chocolate' }, { m: 'лунный', en: 'Moon' }, { m: 'снежный', en: 'Snowy' },
  { m: 'летучий', en: 'Flying' }, { m: 'заколдованный', en: 'Enchanted' }, { m: 'хрустальный', en: 'Crystal' },
  { m: 'бумажный', en: 'Paper' }, { m: 'облачный', en: 'Cloud' }, { m: 'поющий', en: 'Singing' },
];
/** 'Как Бублик искал лето'. */
export const KID_VERBS: readonly { m: string; f: string; en: string }[] = [
  { m: 'искал лето', f: 'искала лето', en: 'Looked for Summer' },
  { m: 'спасал Новый год', f: 'спасала Новый год', en: 'Saved New Year' },
  { m: 'учился летать', f: 'училась летать', en: 'Learned to Fly' },
  { m: 'потерял тень', f: 'потеряла тень', en: 'Lost a Shadow' },
  { m: 'строил ракету', f: 'строила ракету', en: 'Built a Rocket' },
  { m: 'догонял радугу', f: 'догоняла радугу', en: 'Chased the Rainbow' },
  { m: 'считал звёзды', f: 'считала звёзды', en: 'Counted the Stars' },
  { m: 'встречал весну', f: 'встречала весну', en: 'Welcomed Spring' },
  { m: 'стал капитаном', f: 'стала капитаном', en: 'Became a Captain' },
  { m: 'нашёл клад', f: 'нашла клад', en: 'Found the Treasure' },
  { m: 'испёк пирог', f: 'испекла пирог', en: 'Baked a Pie' },
  { m: 'сочинил песенку', f: 'сочинила песенку', en: 'Wrote a Song' },
  { m: 'разбудил медведя', f: 'разбудила медведя', en: 'Woke the Bear' },
  { m: 'ходил в гости', f: 'ходила в гости', en: 'Went Visiting' },
];
/** 'Кубик на Луне'. */
export const KID_PLACES: readonly { ru: string; en: string }[] = [
  { ru: 'в космосе', en: 'in Space' }, { ru: 'на Луне', en: 'on the Moon' }, { ru: 'в большом городе', en: 'in the City' },
  { ru: 'на каникулах', en: 'on Holiday' }, { ru: 'в зоопарке', en: 'at the Zoo' }, { ru: 'на море', en: 'at the Seaside' },
  { ru: 'в школе', en: 'at School' }, { ru: 'на Северном полюсе', en: 'at the North Pole' },
  { ru: 'в стране игрушек', en: 'in Toyland' }, { ru: 'под водой', en: 'Under the Sea' },
  { ru: 'в деревне', en: 'in the Countryside' }, { ru: 'на ферме', en: 'on the Farm' }, { ru: 'в музее', en: 'at the Museum' },
  { ru: 'в джунглях', en: 'in the Jungle' },
];
/** Fairy-tale nouns for 'Снежная принцесса', 'Сказки дремучего леса'. */
export const FAIRY_NOUNS: readonly KidNoun[] = [
  kn('принцесса', 'принцессы', 'f', 'Princess'), kn('королевство', 'королевства', 'n', 'Kingdom', true), kn('замок', 'замка', 'm', 'Castle', true),
  kn('туфелька', 'туфельки', 'f', 'Slipper'), kn('роза', 'розы', 'f', 'Rose'), kn('мельница', 'мельницы', 'f', 'Mill', true),
  kn('лес', 'леса', 'm', 'Forest', true), kn('озеро', 'озера', 'n', 'Lake', true), kn('сад', 'сада', 'm', 'Garden', true),
  kn('царевна', 'царевны', 'f', 'Tsarevna'), kn('королева', 'королевы', 'f', 'Queen'), kn('остров', 'острова', 'm', 'Island', true),
  kn('колодец', 'колодца', 'm', 'Well', true), kn('башня', 'башни', 'f', 'Tower', true),
];
export const FAIRY_ADJ: readonly { m: string; en: string; only?: readonly string[] }[] = [
  { m: 'снежный', en: 'Snow' }, { m: 'хрустальный', en: 'Crystal' }, { m: 'заколдованный', en: 'Enchanted' },
  { m: 'волшебный', en: 'Magic' }, { m: 'золотой', en: 'Golden' }, { m: 'серебряный', en: 'Silver' },
  { m: 'спящий', en: 'Sleeping' }, { m: 'огненный', en: 'Fiery' }, { m: 'ледяной', en: 'Ice' },
  { m: 'лунный', en: 'Moon' }, { m: 'дремучий', en: 'Deep', only: ['лес'] }, { m: 'тридевятый', en: 'Faraway', only: ['королевство'] },
];

// ------------------------------------------------------ special genres ----

/** Documentary topics: 'Байкал. Сердце Сибири'. */
export interface DocTopic { ru: string; en: string; about: string; subs: readonly (readonly [string, string])[]; facts: readonly string[]; russian?: boolean; genres?: readonly string[] }
export const DOC_TOPICS: readonly DocTopic[] = [
  { ru: 'Байкал', russian: true, en: 'Baikal', about: 'Байкале', subs: [['Сердце Сибири', 'Heart of Siberia'], ['Живая вода', 'Living Water']],
    facts: ['Самое глубокое озеро планеты хранит пятую часть пресной воды Земли.', 'Нерпы, подлёдные течения и люди, которые знают лёд лучше любых приборов.'] },
  { ru: 'Арктика', en: 'The Arctic', about: 'Арктике', subs: [['Люди льда', 'People of the Ice'], ['Полярная ночь', 'Polar Night']],
    facts: ['Как живут люди там, где зима длится девять месяцев в году?', 'Белые медведи, ледоколы и полярники, для которых край света — это дом.'] },
  { ru: 'Камчатка', russian: true, en: 'Kamchatka', about: 'Камчатке', subs: [['Земля вулканов', 'Land of Volcanoes'], ['Дыхание огня', 'The Breath of Fire']],
    facts: ['Три сотни вулканов, гейзеры и медведи, ловящие лосося в бурных реках.', 'Съёмочная группа провела на полуострове больше года.'] },
  { ru: 'Алтай', russian: true, en: 'Altai', about: 'Алтае', subs: [['Золотые горы', 'The Golden Mountains'], ['Тропами снежного барса', 'On the Trail of the Snow Leopard']],
    facts: ['Учёные больше десяти лет следят за самым скрытным хищником гор.', 'Древние курганы, горные реки и кочевые традиции, дожившие до наших дней.'] },
  { ru: 'Русский Север', genres: ['history'], russian: true, en: 'The Russian North', about: 'Русском Севере', subs: [['Деревянное чудо', 'Wooden Wonders'], ['Поморы', 'The Pomors']],
    facts: ['Деревянные храмы без единого гвоздя и мастера, которые умеют их спасать.', 'Поморские сёла, где до сих пор говорят на особом наречии.'] },
  { ru: 'Океан', en: 'The Ocean', about: 'океане', subs: [['Тайны глубин', 'Secrets of the Deep'], ['Голубая планета', 'The Blue Planet']],
    facts: ['Подводные камеры спускаются туда, куда не проникает солнечный свет.', 'Киты, коралловые сады и существа, о которых наука узнала совсем недавно.'] },
  { ru: 'Космос', en: 'Space', about: 'космосе', subs: [['Дорога к звёздам', 'The Road to the Stars'], ['Жизнь на орбите', 'Life in Orbit']],
    facts: ['Космонавты рассказывают о том, что не попадает в официальные репортажи.', 'От первых спутников до будущих экспедиций на Луну и Марс.'] },
  { ru: 'Волга', russian: true, en: 'The Volga', about: 'Волге', subs: [['Великая река', 'The Great River'], ['От истока до моря', 'From Source to Sea']],
    facts: ['Путешествие длиной в три с половиной тысячи километров — от родника на Валдае до Каспия.', 'Города, промыслы и люди, чья жизнь связана с главной рекой страны.'] },
  { ru: 'Кавказ', genres: ['history'], russian: true, en: 'The Caucasus', about: 'Кавказе', subs: [['Горы и люди', 'Mountains and People'], ['Башни над облаками', 'Towers Above the Clouds']],
    facts: ['Старинные сторожевые башни, аулы на отвесных склонах и законы гостеприимства.', 'Альпинисты, пастухи и мастера, хранящие традиции веками.'] },
  { ru: 'Антарктида', en: 'Antarctica', about: 'Антарктиде', subs: [['Станция на краю Земли', 'A Station at the End of the Earth'], ['Континент холода', 'The Continent of Cold']],
    facts: ['Зимовка на станции «Восток», где температура опускается ниже минус восьмидесяти.', 'Пингвины, айсберги и учёные, которые читают историю климата во льду.'] },
  { ru: 'Мегаполис', en: 'Megacity', about: 'больших городах', subs: [['Город, который не спит', 'The City That Never Sleeps'], ['Подземный мир', 'The World Below']],
    facts: ['Метро, коммунальные службы и люди, благодаря которым город работает по ночам.', 'Как устроен организм, в котором живут двенадцать миллионов человек?'] },
  { ru: 'Шахматы', genres: ['sport'], en: 'Chess', about: 'шахматах', subs: [['Партия длиной в жизнь', 'A Lifelong Game'], ['Короли и пешки', 'Kings and Pawns']],
    facts: ['Великие матчи прошлого и юные гроссмейстеры, которые готовятся их превзойти.', 'Истории побед и поражений, о которых спорят до сих пор.'] },
  { ru: 'Балет', en: 'Ballet', about: 'балете', subs: [['За кулисами', 'Behind the Curtain'], ['Сто лет на пуантах', 'A Century on Pointe']],
    facts: ['Год из жизни большой балетной труппы — от первых репетиций до премьеры.', 'Травмы, конкуренция и счастье выходить на сцену.'] },
  { ru: 'Хоккей', genres: ['sport'], russian: true, en: 'Hockey', about: 'хоккее', subs: [['Больше, чем игра', 'More Than a Game'], ['Лёд и характер', 'Ice and Character']],
    facts: ['Легенды прошлых лет и молодые игроки, мечтающие о большом льде.', 'Детские школы, дворовые коробки и путь в профессиональный спорт.'] },
  { ru: 'Сибирь', russian: true, en: 'Siberia', about: 'Сибири', subs: [['Хозяева тайги', 'Masters of the Taiga'], ['Край больших рек', 'Land of Great Rivers']],
    facts: ['Охотники-промысловики, которые проводят в тайге по полгода.', 'Бескрайние леса, где до ближайшего посёлка — сотни километров.'] },
  { ru: 'Исландия', en: 'Iceland', about: 'Исландии', subs: [['Остров огня и льда', 'Island of Fire and Ice'], ['Под северным сиянием', 'Under the Northern Lights']],
    facts: ['Ледники, вулканы и маленький народ, построивший жизнь на краю Арктики.', 'Рыбаки, фермеры и учёные — о жизни среди стихий.'] },
  { ru: 'Кухня', en: 'Kitchen', about: 'национальных кухнях', subs: [['Вкус дороги', 'The Taste of the Road'], ['Секреты шефов', 'Chefs\' Secrets']],
    facts: ['Путешествие по стране в поисках забытых рецептов.', 'Шеф-повара и домашние хозяйки делятся секретами, которые передаются из поколения в поколение.'] },
  { ru: 'Эрмитаж', genres: ['history'], russian: true, en: 'The Hermitage', about: 'Эрмитаже', subs: [['Ночь в музее', 'A Night at the Museum'], ['Хранители', 'The Keepers']],
    facts: ['Реставраторы, смотрители и учёные — люди, которые берегут три миллиона экспонатов.', 'Залы, в которые не пускают посетителей, и истории картин, переживших войны.'] },
];

/** Biography subtitles: 'Савельев. Небо без границ'. */
export const FOREIGN_DOC_TOPICS: readonly DocTopic[] = [
  { ru: 'Амазония', en: 'Amazonia', about: 'Амазонии', subs: [['Лёгкие планеты', 'The Lungs of the Planet'], ['Река-море', 'The River Sea']],
    facts: ['Крупнейший тропический лес Земли и люди, которые пытаются его сохранить.', 'Розовые дельфины, ягуары и племена, живущие так же, как столетия назад.'] },
  { ru: 'Сахара', en: 'Sahara', about: 'Сахаре', subs: [['Море песка', 'A Sea of Sand'], ['Дороги караванов', 'Caravan Roads']],
    facts: ['Кочевники-туареги ведут караваны по маршрутам, которым тысячи лет.', 'Как выжить там, где дождь идёт раз в несколько лет?'] },
  { ru: 'Гималаи', en: 'The Himalayas', about: 'Гималаях', subs: [['Крыша мира', 'The Roof of the World'], ['Путь к вершине', 'The Way to the Summit']],
    facts: ['Шерпы, альпинисты и монахи — о жизни на высоте пяти тысяч метров.', 'Экспедиция к одной из самых опасных вершин планеты.'] },
];

export const BIO_SUBTITLES: readonly (readonly [string, string, string])[] = [
  ['Небо без границ', 'Sky Without Limits', 'sky'], ['Жизнь на скорости', 'Life at Full Speed', 'sport'],
  ['Голос эпохи', 'Voice of an Era', 'music'], ['Больше, чем игра', 'More Than a Game', 'sport'],
  ['Путь наверх', 'The Way Up', 'any'], ['Последний концерт', 'The Last Concert', 'music'],
  ['Право на мечту', 'The Right to Dream', 'any'], ['Против течения', 'Against the Current', 'any'],
  ['Формула успеха', 'Formula for Success', 'science'], ['Точка опоры', 'A Place to Stand', 'science'],
  ['Высота', 'Altitude', 'sky'], ['Музыка сердца', 'Music of the Heart', 'music'],
];
/** Who biopic subjects are. */
export const BIO_PROFESSIONS: readonly { m: string; f: string; hint: string }[] = [
  { m: 'авиаконструктор', f: 'лётчица', hint: 'sky' }, { m: 'хоккеист', f: 'фигуристка', hint: 'sport' },
  { m: 'певец', f: 'певица', hint: 'music' }, { m: 'хирург', f: 'хирург', hint: 'science' },
  { m: 'шахматист', f: 'шахматистка', hint: 'sport' }, { m: 'танцовщик', f: 'балерина', hint: 'music' },
  { m: 'физик', f: 'учёная-химик', hint: 'science' }, { m: 'гонщик', f: 'гонщица', hint: 'sport' },
  { m: 'композитор', f: 'пианистка', hint: 'music' }, { m: 'полярник', f: 'альпинистка', hint: 'sky' },
];

export const TALKSHOWS: readonly string[] = [
  'Кухня без правил', 'Честно говоря', 'Слово за слово', 'Открытый микрофон', 'Без грима', 'Ночной эфир',
  'Своими словами', 'Большой завтрак', 'Разговор по душам', 'Вопрос ребром', 'Неудобные вопросы', 'Вечер пятницы',
];
export const REALITY_SHOWS: readonly string[] = [
  'Остров выживания', 'Шеф на выезде', 'Дом мечты за 30 дней', 'Переезд века', 'Ферма на краю света',
  'Свадебный переполох', 'Кулинарная битва', 'Выжить в тайге', 'Новые соседи', 'Большое путешествие',
  'Последний герой тайги', 'Мама на неделю',
];
