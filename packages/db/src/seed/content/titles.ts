// Title names. Russian titles come from grammatical patterns over curated
// vocabulary (words.ts) with gender/case agreement; foreign titles are built from
// the same bilingual patterns (English) or taken from curated lists (foreign.ts).
import { FOREIGN_NAMES, RU_FEMALE, RU_MALE } from './names.ts';
import type { Slot } from './plan.ts';
import { toneOf } from './plan.ts';
import { cap, chance, int, pick, weighted, type Rng } from './rng.ts';
import type { Lang } from './taxonomy.ts';
import {
  ADJECTIVES, BIO_PROFESSIONS, BIO_SUBTITLES, COMEDY_NOUNS, COMEDY_TAILS, DOC_TOPICS, FAIRY_ADJ, FAIRY_NOUNS, FOREIGN_DOC_TOPICS,
  FAMILY_NOUNS, HEADS, IDIOMS, KID_CHARS, KID_CREATURE_ADJ, KID_CREATURES, KID_PLACES, KID_THING_ADJ, KID_THINGS,
  KID_VERBS, NOUNS, NUMBERED, NUMBERS, PAIR_WORDS, REALITY_SHOWS, ROLES, SINGLES, SUBJECTS, TAILS, TALKSHOWS, TARGETS, UNITS,
  adjForm, fits, withPrep, type DocTopic, type KidChar, type KidNoun, type Tone,
} from './words.ts';

/** A name pair: Russian title and (for foreign titles) the English original. */
interface Pair { ru: string; en: string }

export interface BioSubject { first: string; last: string; lastOrig: string | null; g: 'm' | 'f'; prof: string }

export interface GeneratedTitle {
  title: string;
  titleOriginal: string | null;
  /** Main character of a kids title ('Кубик', 'Лисёнок Пушок'). */
  kidHero: KidChar | null;
  /** Subject of a biopic. */
  bio: BioSubject | null;
  doc: DocTopic | null;
}

function norm(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]+/g, ' ').trim();
}

/** Keeps titles (Russian and original) unique across the catalogue. */
export class TitleRegistry {
  private readonly ru = new Set<string>();
  private readonly orig = new Set<string>();
  readonly usedDocTopics = new Set<string>();
  readonly usedShows = new Set<string>();
  readonly usedBioSubtitles = new Set<string>();
  has(ru: string, orig: string | null): boolean {
    return this.ru.has(norm(ru)) || (orig !== null && this.orig.has(norm(orig)));
  }
  add(ru: string, orig: string | null): void {
    this.ru.add(norm(ru));
    if (orig !== null) this.orig.add(norm(orig));
  }
}

// ------------------------------------------------------------ patterns ----

type Pattern = (f: Rng, tone: Tone, foreign: boolean) => Pair | null;

const okRu = (foreign: boolean) => (x: { ruOnly: boolean }) => !foreign || !x.ruOnly;

const adjNoun: Pattern = (f, tone, foreign) => {
  const nouns = NOUNS.filter((n) => n.tones.includes(tone)).filter(okRu(foreign));
  if (nouns.length === 0) return null;
  const noun = pick(f, nouns);
  const adjs = ADJECTIVES.filter((a) => a.tones.includes(tone) && fits(a, noun)).filter(okRu(foreign));
  if (adjs.length === 0) return null;
  const adj = pick(f, adjs);
  return {
    ru: cap(`${adjForm(adj.m, noun.g, 'nom')} ${noun.nom}`),
    en: `${noun.art || adj.def ? 'The ' : ''}${adj.en} ${noun.en}`,
  };
};

const headOf: Pattern = (f, tone, foreign) => {
  const heads = HEADS.filter((h) => h.tones.includes(tone));
  if (heads.length === 0) return null;
  const head = pick(f, heads);
  const deps = NOUNS.filter((n) => (head.only ? head.only.includes(n.nom) : !n.noDep && head.deps.includes(n.kind) && n.tones.some((t) => head.tones.includes(t))))
    .filter(okRu(foreign))
    .filter((n) => !head.ru.toLowerCase().includes(n.nom) && !head.en.toLowerCase().includes(n.en.toLowerCase()));
  // prefer dependents that share the genre's tone ('Возвращение дракона' is fantasy, not war)
  const toned = deps.filter((n) => n.tones.includes(tone));
  if (deps.length === 0 || (head.only && toned.length === 0)) return null;
  const dep = pick(f, toned.length > 0 ? toned : deps);
  const adjs = ADJECTIVES.filter((a) => fits(a, dep) && a.tones.includes(tone) && !a.def)
    .filter((a) => !(dep.kind === 'person' && ['мёртвый', 'пропавший'].includes(a.m) && ['Убийство', 'Исчезновение', 'Дело'].includes(head.ru)))
    .filter(okRu(foreign));
  if (head.needsAdj && adjs.length === 0) return null;
  const adj = adjs.length > 0 && (head.needsAdj || chance(f, 0.5)) ? pick(f, adjs) : null;
  const art = dep.art || (adj?.def ?? false) ? 'the ' : '';
  return {
    ru: `${head.ru} ${adj ? `${adjForm(adj.m, dep.g, 'gen')} ` : ''}${dep.gen}`,
    en: `${head.en} of ${art}${adj ? `${adj.en} ` : ''}${dep.en}`,
  };
};

const pair: Pattern = (f, tone) => {
  const words = PAIR_WORDS.filter((w) => w.tones.includes(tone));
  if (words.length < 2) return null;
  const a = pick(f, words);
  const b = pick(f, words.filter((w) => w !== a));
  return { ru: `${cap(a.ru)} и ${b.ru}`, en: `${a.en} and ${b.en}` };
};

const subjectTail: Pattern = (f, tone, foreign) => {
  const subjects = SUBJECTS.filter((s) => s.tones.includes(tone));
  const tails = TAILS.filter((t) => t.tones.includes(tone)).filter(okRu(foreign));
  if (subjects.length === 0 || tails.length === 0) return null;
  const s = pick(f, subjects);
  const t = pick(f, tails);
  return { ru: `${cap(s.ru)} ${t.ru}`, en: `${s.art ? 'The ' : ''}${s.en} ${t.en}` };
};

const counted: Pattern = (f, tone, foreign) => {
  const units = UNITS.filter((u) => u.tones.includes(tone));
  if (units.length === 0) return null;
  const unit = pick(f, units);
  const num = pick(f, NUMBERS);
  const targets = TARGETS.filter((t) => t.tones.includes(tone)).filter(okRu(foreign));
  const target = targets.length > 0 && !unit.solo && chance(f, 0.75) ? pick(f, targets) : null;
  const form = num.n >= 2 && num.n <= 4 ? unit.gsg : unit.gpl;
  return {
    ru: `${num.ru} ${form}${target ? ` ${target.ru}` : ''}`,
    en: `${num.en} ${unit.en}${target ? ` ${target.en}` : ''}`,
  };
};

const single: Pattern = (f, tone) => {
  const list = SINGLES.filter((s) => s.tones.includes(tone));
  return list.length === 0 ? null : pick(f, list);
};

const idiom: Pattern = (f, tone) => {
  const list = IDIOMS.filter((s) => s.tones.includes(tone));
  return list.length === 0 ? null : pick(f, list);
};

const numbered: Pattern = (f, tone) => {
  const list = NUMBERED.filter((s) => s.tones.includes(tone));
  if (list.length === 0) return null;
  const w = pick(f, list);
  const n = int(f, 2, 20) * (chance(f, 0.6) ? int(f, 7, 19) : 1) + int(f, 0, 9);
  return { ru: `${w.ru} ${n}`, en: `${w.en} ${n}` };
};

const KID_VIEW = new Set(['папа', 'мама', 'брат', 'сестра', 'бабушка', 'дедушка', 'няня', 'учитель', 'сосед', 'соседка']);
const myFamilyKid: Pattern = (f) => {
  const who = pick(f, FAMILY_NOUNS.filter((n) => KID_VIEW.has(n.ru)));
  const role = pick(f, ROLES);
  return { ru: `${who.g === 'm' ? 'Мой' : 'Моя'} ${who.ru} — ${role.ru}`, en: `My ${who.en} Is ${role.en}` };
};
const myFamily: Pattern = (f) => {
  const who = pick(f, FAMILY_NOUNS);
  const role = pick(f, ROLES);
  return { ru: `${who.g === 'm' ? 'Мой' : 'Моя'} ${who.ru} — ${role.ru}`, en: `My ${who.en} Is ${role.en}` };
};

const comedyTail: Pattern = (f, _tone, foreign) => {
  const noun = pick(f, COMEDY_NOUNS);
  const tail = pick(f, COMEDY_TAILS.filter((t) => !foreign || !t.ruOnly));
  return { ru: `${noun.ru} ${tail.ru}`, en: `${noun.en} ${tail.en}` };
};

const KID_COMEDY = new Set(['Бабушка', 'Папа', 'Няня', 'Каникулы', 'Семья', 'Новый год', 'Отпуск', 'Дача']);
const kidsComedyTail: Pattern = (f, _tone, foreign) => {
  const noun = pick(f, COMEDY_NOUNS.filter((n) => KID_COMEDY.has(n.ru) && (!foreign || n.ru !== 'Дача')));
  const tail = pick(f, COMEDY_TAILS.filter((t) => (!foreign || !t.ruOnly) && !['строгого режима', 'в кредит', 'для чайников'].includes(t.ru)));
  return { ru: `${noun.ru} ${tail.ru}`, en: `${noun.en} ${tail.en}` };
};

/** War films (as opposed to costume history) avoid courtly and fantasy words: no «Падение северной империи». */
const NOT_WAR = ['импер', 'корон', 'меч', 'граф', 'посол', 'княжн', 'фаворит', 'экспедици', 'королев'];
const warOnly = (p: Pattern): Pattern => (f, tone, foreign) => {
  const r = p(f, tone, foreign);
  return r && !NOT_WAR.some((w) => r.ru.toLowerCase().includes(w)) ? r : null;
};
const WAR_PATTERNS: readonly (readonly [Pattern, number])[] = [
  [warOnly(adjNoun), 2.5], [single, 2.5], [counted, 1.5], [numbered, 1.5], [idiom, 1],
];

const PATTERNS_BY_TONE: Readonly<Record<Tone, readonly (readonly [Pattern, number])[]>> = {
  crime: [[adjNoun, 3], [headOf, 3], [single, 2], [subjectTail, 1], [counted, 1], [idiom, 1.5], [numbered, 0.3]],
  horror: [[adjNoun, 3], [headOf, 2], [single, 2], [subjectTail, 2], [idiom, 1.5], [numbered, 0.5]],
  drama: [[adjNoun, 3], [headOf, 1], [pair, 1.5], [subjectTail, 2], [counted, 2], [single, 1], [idiom, 1]],
  comedy: [[myFamily, 2], [comedyTail, 3], [adjNoun, 1.5], [counted, 1], [subjectTail, 1], [idiom, 1], [single, 0.5]],
  war: [[adjNoun, 2.5], [single, 2], [headOf, 2], [counted, 1], [numbered, 1], [idiom, 0.5]],
  scifi: [[adjNoun, 2], [single, 2.5], [headOf, 2], [numbered, 1], [idiom, 0.5]],
  fantasy: [[headOf, 3.5], [adjNoun, 2], [pair, 1], [single, 0.5]],
  action: [[adjNoun, 2], [single, 2], [idiom, 2], [headOf, 1], [pair, 0.5], [subjectTail, 0.5]],
  sport: [[adjNoun, 2], [single, 2], [idiom, 1]],
  music: [[subjectTail, 2.5], [adjNoun, 1.5], [headOf, 1.5], [idiom, 1.5]],
};

// -------------------------------------------------------------- kids ------

function kidsCounted(f: Rng): Pair {
  const [num, numEn, small] = pick(f, [['Три', 'Three', true], ['Пять', 'Five', false], ['Семь', 'Seven', false], ['Десять', 'Ten', false], ['Сто', 'One Hundred', false]] as const);
  const [sg, pl, en] = pick(f, [['дня', 'дней', 'Days'], ['вопроса', 'вопросов', 'Questions'], ['желания', 'желаний', 'Wishes']] as const);
  const [tr, te] = pick(f, [['до Нового года', 'Until New Year'], ['до каникул', 'Before the Holidays'], ['у моря', 'by the Sea'], ['в деревне', 'in the Village']] as const);
  return { ru: `${num} ${small ? sg : pl} ${tr}`, en: `${numEn} ${en} ${te}` };
}

function kidChars(foreign: boolean): readonly KidChar[] {
  return foreign ? KID_CHARS.filter((c) => c.en !== null) : KID_CHARS;
}

function enName(c: KidChar): string {
  return c.en ?? c.nom;
}
function enPossessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function insOf(noun: KidNoun): string {
  const w = noun.nom;
  if (w.endsWith('ок')) return `${w.slice(0, -2)}ком`;
  if (w.endsWith('а')) return `${w.slice(0, -1)}ой`;
  if (w.endsWith('я')) return `${w.slice(0, -1)}ей`;
  return `${w}ом`;
}

const PET_NAMES: readonly (readonly [string, string, string, 'm' | 'f'])[] = [
  ['Пушок', 'Пушка', 'Пушком', 'm'], ['Уголёк', 'Уголька', 'Угольком', 'm'], ['Листик', 'Листика', 'Листиком', 'm'],
  ['Фантик', 'Фантика', 'Фантиком', 'm'], ['Тишка', 'Тишки', 'Тишкой', 'm'], ['Ромашка', 'Ромашки', 'Ромашкой', 'f'],
  ['Искорка', 'Искорки', 'Искоркой', 'f'], ['Веснушка', 'Веснушки', 'Веснушкой', 'f'], ['Крошка', 'Крошки', 'Крошкой', 'f'],
];

/** A named creature hero for 'Храбрый лисёнок' → 'Лисёнок Пушок'. */
function creatureHero(f: Rng, creature: KidNoun): KidChar {
  const g = creature.g === 'f' ? 'f' : 'm';
  const [nom, gen, ins] = pick(f, PET_NAMES.filter((p) => p[3] === g));
  return {
    nom: `${cap(creature.nom)} ${nom}`, gen: `${creature.gen} ${gen}`, ins: `${insOf(creature)} ${ins}`,
    g, en: null, who: creature.nom, ru: true,
  };
}

interface KidTitle { pair: Pair; hero: KidChar }

function kidsTitle(f: Rng, slot: Slot, foreign: boolean): KidTitle {
  const c = pick(f, kidChars(foreign));
  const en = enName(c);
  const thing = (): KidTitle => {
    const t = pick(f, KID_THINGS);
    const a = pick(f, KID_THING_ADJ);
    return { pair: { ru: `${c.nom} и ${adjForm(a.m, t.g, 'nom')} ${t.nom}`, en: `${en} and the ${a.en} ${t.en}` }, hero: c };
  };
  const creature = (): KidTitle => {
    const cr = pick(f, KID_CREATURES);
    const a = pick(f, KID_CREATURE_ADJ);
    return { pair: { ru: cap(`${adjForm(a.m, cr.g, 'nom')} ${cr.nom}`), en: `The ${a.en} ${cr.en}` }, hero: creatureHero(f, cr) };
  };
  const fairy = (): KidTitle => {
    const tales = chance(f, 0.45);
    const noun = pick(f, FAIRY_NOUNS.filter((n) => (!foreign || n.nom !== 'царевна') && (!tales || n.place)));
    const a = pick(f, FAIRY_ADJ.filter((x) => (!foreign || x.m !== 'тридевятый') && (!x.only || x.only.includes(noun.nom))));
    if (!tales) return { pair: { ru: cap(`${adjForm(a.m, noun.g, 'nom')} ${noun.nom}`), en: `The ${a.en} ${noun.en}` }, hero: c };
    return { pair: { ru: `Сказки ${adjForm(a.m, noun.g, 'gen')} ${noun.gen}`, en: `Tales of the ${a.en} ${noun.en}` }, hero: c };
  };
  switch (slot.primary) {
    case 'education':
      return {
        hero: c,
        pair: weighted(f, [
          [{ ru: `Азбука ${c.gen}`, en: `${enPossessive(en)} ABC` }, 2],
          [{ ru: `Считаем ${withPrep(c.ins)}`, en: `Counting with ${en}` }, 2],
          [{ ru: `Уроки ${c.gen}`, en: `${enPossessive(en)} Lessons` }, 1],
          [{ ru: `Лаборатория ${c.gen}`, en: `${enPossessive(en)} Lab` }, 1],
          [{ ru: `Учим цвета ${withPrep(c.ins)}`, en: `Colors with ${en}` }, 1],
          [{ ru: `Английский ${withPrep(c.ins)}`, en: `English with ${en}` }, 1],
        ]),
      };
    case 'nurseryrhymes':
      return {
        hero: c,
        pair: weighted(f, [
          [{ ru: `Песенки ${c.gen}`, en: `${enPossessive(en)} Songs` }, 2],
          [{ ru: `Поём ${withPrep(c.ins)}`, en: `Sing Along with ${en}` }, 2],
          [{ ru: `Колыбельные ${c.gen}`, en: `${enPossessive(en)} Lullabies` }, 1],
          [{ ru: `Танцуем и поём ${withPrep(c.ins)}`, en: `Dance and Sing with ${en}` }, 1],
        ]),
      };
    case 'entertainment':
      return {
        hero: c,
        pair: weighted(f, [
          [{ ru: `Шоу ${c.gen}`, en: `The ${en} Show` }, 2],
          [{ ru: `Мастерская ${c.gen}`, en: `${enPossessive(en)} Workshop` }, 2],
          [{ ru: `Зарядка ${withPrep(c.ins)}`, en: `Morning Moves with ${en}` }, 1],
          [{ ru: `Кухня ${c.gen}`, en: `${enPossessive(en)} Kitchen` }, 1],
        ]),
      };
    case 'fairytale':
      return fairy();
    default:
      break;
  }
  if (slot.category === 'kids-live-movie') {
    return weighted<() => KidTitle>(f, [
      [() => ({ pair: myFamilyKid(f, 'comedy', foreign) as Pair, hero: c }), 2],
      [creature, 2],
      [() => ({ pair: kidsCounted(f), hero: c }), 1],
      [() => ({ pair: kidsComedyTail(f, 'comedy', foreign) as Pair, hero: c }), 1],
    ])();
  }
  const place = pick(f, KID_PLACES);
  const verb = pick(f, KID_VERBS);
  const options: [() => KidTitle, number][] = [
    [() => ({ pair: { ru: `Приключения ${c.gen}`, en: `The Adventures of ${en}` }, hero: c }), 2],
    [thing, 3],
    [creature, 2],
    [() => ({ pair: { ru: `Как ${c.nom} ${c.g === 'm' ? verb.m : verb.f}`, en: `How ${en} ${verb.en}` }, hero: c }), 2],
    [() => ({ pair: { ru: `${c.nom} ${place.ru}`, en: `${en} ${place.en}` }, hero: c }), 2],
  ];
  if (slot.kind === 'series') options.push([() => ({ pair: { ru: `${c.nom} и друзья`, en: `${en} and Friends` }, hero: c }), 1.5]);
  if (slot.primary === 'fantasy') options.push([fairy, 2]);
  return weighted(f, options)();
}

// ---------------------------------------------------------- specials ------

function docTitle(f: Rng, reg: TitleRegistry, foreign: boolean): { pair: Pair; topic: DocTopic } {
  const all = foreign ? [...DOC_TOPICS.filter((t) => !t.russian), ...FOREIGN_DOC_TOPICS] : DOC_TOPICS;
  const fresh = all.filter((t) => !reg.usedDocTopics.has(t.ru));
  const topic = pick(f, fresh.length > 0 ? fresh : all);
  reg.usedDocTopics.add(topic.ru);
  const [ru, en] = pick(f, topic.subs);
  return { pair: { ru: `${topic.ru}. ${ru}`, en: `${topic.en}: ${en}` }, topic };
}

function bioTitle(f: Rng, lang: Lang, usedSubs: Set<string>): { pair: Pair; bio: BioSubject } {
  const g: 'm' | 'f' = chance(f, 0.55) ? 'm' : 'f';
  const prof = pick(f, BIO_PROFESSIONS);
  let first: string; let last: string; let lastOrig: string | null = null;
  if (lang === 'ru') {
    first = pick(f, g === 'm' ? RU_MALE : RU_FEMALE);
    last = f.person.lastName(g === 'm' ? 'male' : 'female');
  } else {
    const bank = FOREIGN_NAMES[lang];
    first = pick(f, g === 'm' ? bank.male : bank.female)[0];
    const l = pick(f, bank.last);
    last = l[0];
    lastOrig = l[1];
  }
  const freshSubs = BIO_SUBTITLES.filter((x) => !usedSubs.has(x[0]) && (x[2] === 'any' || x[2] === prof.hint));
  const sub = chance(f, 0.55) && freshSubs.length > 0 ? pick(f, freshSubs) : null;
  if (sub) usedSubs.add(sub[0]);
  return {
    bio: { first, last, lastOrig, g, prof: g === 'm' ? prof.m : prof.f },
    pair: { ru: sub ? `${last}. ${sub[0]}` : last, en: sub ? `${lastOrig ?? last}: ${sub[1]}` : lastOrig ?? last },
  };
}

// -------------------------------------------------------------- entry -----

export function generateTitle(f: Rng, slot: Slot, reg: TitleRegistry): GeneratedTitle {
  const foreign = slot.lang !== 'ru';
  if (slot.curated) {
    const c = slot.curated;
    let hero: KidChar | null = null;
    if (slot.forKids) hero = c.hero ?? pick(f, kidChars(true));
    reg.add(c.ru, c.orig);
    return { title: c.ru, titleOriginal: c.orig, kidHero: hero, bio: null, doc: null };
  }

  for (let attempt = 0; attempt < 80; attempt++) {
    let pair: Pair | null = null;
    let kidHero: KidChar | null = null;
    let bio: BioSubject | null = null;
    let doc: DocTopic | null = null;

    if (slot.primary === 'talkshow' || slot.primary === 'reality') {
      const list = (slot.primary === 'talkshow' ? TALKSHOWS : REALITY_SHOWS).filter((t) => !reg.usedShows.has(t));
      if (list.length > 0) {
        const name = pick(f, list);
        reg.usedShows.add(name);
        pair = { ru: name, en: name };
      } else {
        pair = adjNoun(f, 'comedy', foreign);
      }
    } else if (slot.primary === 'documentary') {
      const d = docTitle(f, reg, foreign);
      pair = d.pair;
      doc = d.topic;
    } else if (slot.primary === 'biography') {
      const b = bioTitle(f, slot.lang, reg.usedBioSubtitles);
      pair = b.pair;
      bio = b.bio;
    } else if (slot.forKids) {
      const k = kidsTitle(f, slot, foreign);
      pair = k.pair;
      kidHero = k.hero;
    } else if (slot.primary === 'family') {
      pair = weighted(f, [[myFamilyKid, 2], [kidsComedyTail, 2], [() => kidsCounted(f), 1], [subjectTail, 1]] as const)(f, 'comedy', foreign);
    } else {
      const tone = toneOf(slot.primary) ?? 'drama';
      // after many collisions widen the search to neighbouring tones
      const useTone = attempt < 40 ? tone : pick(f, ['drama', 'crime', 'action', 'fantasy'] as const);
      const patterns = slot.primary === 'war' && useTone === 'war' ? WAR_PATTERNS : PATTERNS_BY_TONE[useTone];
      pair = weighted(f, patterns)(f, useTone, foreign);
    }
    if (!pair) continue;
    const orig = foreign ? pair.en : null;
    if (reg.has(pair.ru, orig)) continue;
    reg.add(pair.ru, orig);
    return { title: pair.ru, titleOriginal: orig, kidHero, bio, doc };
  }
  // Practically unreachable: fall back to a numbered variant of a fresh pattern.
  for (let n = 2; ; n++) {
    const base = adjNoun(f, 'drama', foreign) ?? { ru: 'Новая история', en: 'A New Story' };
    const ru = `${base.ru} ${n}`;
    const orig = foreign ? `${base.en} ${n}` : null;
    if (!reg.has(ru, orig)) {
      reg.add(ru, orig);
      return { title: ru, titleOriginal: orig, kidHero: null, bio: null, doc: null };
    }
  }
}

/** Reserve curated Russian titles up front so generated ones never collide with them. */
export function reserveCurated(slots: readonly Slot[], reg: TitleRegistry): void {
  for (const s of slots) if (s.curated) reg.add(s.curated.ru, s.curated.orig);
}
