// The cast & crew pool: ~400 people grouped by production language and main
// profession. Picks are weighted (a few popular actors and directors get many
// credits) with a boost for people who have no credits yet, so nearly everyone
// ends up with a filmography; anyone still unused is dropped at the end.
import { FOREIGN_NAMES, RU_FEMALE, RU_MALE } from './names.ts';
import { PLACES } from './places.ts';
import { cap, chance, cmp, dayOfYearStart, int, isoOf, pick, shuffle, unit, weighted, type Rng } from './rng.ts';
import { HOME_COUNTRY, NATIONALITY, type Lang } from './taxonomy.ts';
import { AliasRegistry } from './translit.ts';
import type { SeedPerson, SeedRole } from './types.ts';

export interface CreditNote {
  title: string;
  kind: 'movie' | 'series';
  isAnimation: boolean;
  year: number;
  popularity: number;
  role: SeedRole;
}

export interface PersonRec {
  id: number;
  g: 'm' | 'f';
  lang: Lang;
  country: string;
  role: SeedRole;
  name: string;
  nameOriginal: string | null;
  weight: number;
  uses: number;
  notes: CreditNote[];
  alias: string;
}

const ROLE_SHARE: readonly (readonly [SeedRole, number, number])[] = [
  // role, share of the language's title count, minimum
  ['actor', 0.58, 7],
  ['director', 0.19, 1],
  ['writer', 0.15, 1],
  ['producer', 0.11, 1],
  ['composer', 0.06, 1],
  ['operator', 0.06, 1],
];
/** Russian productions get a larger, less recycled pool. */
const LANG_FACTOR: Partial<Record<Lang, number>> = { ru: 1.05, en: 0.8 };

const COUNTRY_MIX: Readonly<Partial<Record<Lang, readonly (readonly [string, number])[]>>> = {
  ru: [['ru', 88], ['by', 5], ['kz', 4], ['am', 3]],
  en: [['us', 65], ['gb', 30], ['ca', 5]],
  fr: [['fr', 90], ['be', 10]],
  de: [['de', 88], ['at', 12]],
};

export class PeoplePool {
  private readonly byKey = new Map<string, PersonRec[]>();
  private readonly all: PersonRec[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly f: Rng, demand: ReadonlyMap<Lang, number>) {
    for (const [lang, titles] of demand) {
      if (titles <= 0) continue;
      for (const [role, share, min] of ROLE_SHARE) {
        const count = Math.max(min, Math.round(titles * share * (LANG_FACTOR[lang] ?? 1)));
        const list: PersonRec[] = [];
        for (let i = 0; i < count; i++) list.push(this.create(lang, role, role === 'actor' ? (i % 2 === 0 ? 'm' : 'f') : chance(f, 0.7) ? 'm' : 'f'));
        // popularity: Zipf-like weights over a shuffled order
        shuffle(f, list).forEach((p, rank) => { p.weight = 1 / Math.pow(rank + 1, 0.4); });
        this.byKey.set(`${lang}:${role}`, list);
      }
    }
  }

  private create(lang: Lang, role: SeedRole, g: 'm' | 'f'): PersonRec {
    const f = this.f;
    let name = '';
    let nameOriginal: string | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (lang === 'ru') {
        name = `${pick(f, g === 'm' ? RU_MALE : RU_FEMALE)} ${f.person.lastName(g === 'm' ? 'male' : 'female')}`;
        nameOriginal = null;
      } else {
        const bank = FOREIGN_NAMES[lang];
        const [fr, fo] = pick(f, g === 'm' ? bank.male : bank.female);
        const [lr, lo] = pick(f, bank.last);
        name = bank.lastFirst ? `${lr} ${fr}` : `${fr} ${lr}`;
        nameOriginal = bank.lastFirst ? `${lo} ${fo}` : `${fo} ${lo}`;
      }
      if (!this.names.has(name)) break;
    }
    this.names.add(name);
    const mix = COUNTRY_MIX[lang];
    const rec: PersonRec = {
      id: this.all.length, g, lang, role, name, nameOriginal,
      country: mix ? weighted(f, mix) : HOME_COUNTRY[lang],
      weight: 1, uses: 0, notes: [], alias: '',
    };
    this.all.push(rec);
    return rec;
  }

  /** n distinct people of a language and profession, optionally of a gender. */
  pick(lang: Lang, role: SeedRole, n: number, exclude: ReadonlySet<PersonRec>, g?: 'm' | 'f'): PersonRec[] {
    const base = this.byKey.get(`${lang}:${role}`) ?? this.byKey.get(`en:${role}`) ?? [];
    const out: PersonRec[] = [];
    for (let k = 0; k < n; k++) {
      let cands = base.filter((p) => !exclude.has(p) && !out.includes(p));
      if (g) {
        const same = cands.filter((p) => p.g === g);
        if (same.length > 0) cands = same;
      }
      if (cands.length === 0) break;
      const chosen = weighted(this.f, cands.map((p) => [p, p.weight * (p.uses === 0 ? 6 : 1)] as const));
      chosen.uses++;
      out.push(chosen);
    }
    return out;
  }

  /** Everyone of a language and profession (e.g. talk-show guests). */
  list(lang: Lang, role: SeedRole): readonly PersonRec[] {
    return this.byKey.get(`${lang}:${role}`) ?? [];
  }

  note(p: PersonRec, n: CreditNote): void {
    p.notes.push(n);
  }

  /** Drop unused people, write biographies and birth dates, assign unique aliases. */
  finalize(refYear: number): { people: SeedPerson[]; used: PersonRec[] } {
    const f = this.f;
    const aliases = new AliasRegistry();
    const used = this.all.filter((p) => p.notes.length > 0);
    const people: SeedPerson[] = [];
    for (const p of used) {
      const minYear = Math.min(...p.notes.map((n) => n.year));
      let birthDate: string | null = null;
      if (!chance(f, 0.08)) {
        const span = p.role === 'actor' ? int(f, 17, 52) : int(f, 24, 50);
        const y = Math.max(1938, Math.min(refYear - 12, minYear - span));
        birthDate = isoOf(dayOfYearStart(y) + int(f, 0, 364));
      }
      p.alias = aliases.claim(p.nameOriginal ?? p.name, birthDate?.slice(0, 4), 'person');
      people.push({ alias: p.alias, name: p.name, nameOriginal: p.nameOriginal, biography: biography(f, p, minYear), birthDate });
    }
    return { people, used };
  }
}

// -------------------------------------------------------- biographies -----

const SCHOOLS: readonly (readonly [nom: string, gen: string])[] = [
  ['Школу-студию МХАТ', 'Школы-студии МХАТ'], ['Щукинское училище', 'Щукинского училища'], ['ГИТИС', 'ГИТИСа'],
  ['Щепкинское училище', 'Щепкинского училища'], ['ВГИК', 'ВГИКа'], ['РГИСИ в Петербурге', 'РГИСИ в Петербурге'],
  ['Ярославский театральный институт', 'Ярославского театрального института'],
  ['Новосибирское театральное училище', 'Новосибирского театрального училища'],
];

const COMPANIES: Readonly<Record<Lang, readonly string[]>> = {
  ru: ['Северный ветер', 'Первый кадр', 'Точка зрения', 'Горизонт Фильм', 'Белый квадрат', 'Медведь Продакшн', 'Синема Лаб', 'Студия 24', 'Большая река', 'Кинопорт'],
  en: ['Blue Harbor Pictures', 'Northlight Films', 'Silver Pine Entertainment', 'Redwood Lane', 'Ironbridge Films', 'Lantern House'],
  fr: ['Les Films du Phare', 'Mistral Productions', 'Atelier Lumière'],
  ko: ['Hanbit Pictures', 'Moonlight Studio Seoul'],
  ja: ['Studio Kaze', 'Hoshizora Pictures'],
  es: ['Faro Films', 'Sol y Sombra Producciones'],
  it: ['Lucciola Film', 'Via Appia Produzioni'],
  de: ['Nordlicht Filmproduktion', 'Elbe Film'],
  tr: ['Boğaz Yapım', 'Lale Film'],
  hi: ['Sapna Films', 'Monsoon Pictures'],
};

function kindWords(n: CreditNote): { prep: string; dat: string; datPl: string; nom: string } {
  if (n.isAnimation) return n.kind === 'movie'
    ? { prep: 'мультфильме', dat: 'мультфильму', datPl: 'мультфильмам', nom: 'мультфильм' }
    : { prep: 'мультсериале', dat: 'мультсериалу', datPl: 'мультсериалам', nom: 'мультсериал' };
  return n.kind === 'movie'
    ? { prep: 'фильме', dat: 'фильму', datPl: 'фильмам', nom: 'фильм' }
    : { prep: 'сериале', dat: 'сериалу', datPl: 'сериалам', nom: 'сериал' };
}

/** 'фильму «X»', 'фильмам «X» и «Y»', 'фильму «X» и сериалу «Y»'. */
function worksDat(a: CreditNote, b: CreditNote | null): string {
  const ka = kindWords(a);
  if (!b) return `${ka.dat} «${a.title}»`;
  const kb = kindWords(b);
  return ka.dat === kb.dat ? `${ka.datPl} «${a.title}» и «${b.title}»` : `${ka.dat} «${a.title}» и ${kb.dat} «${b.title}»`;
}

function biography(f: Rng, p: PersonRec, minYear: number): string {
  const g = (m: string, w: string): string => (p.g === 'm' ? m : w);
  // 'российская актриса', but 'британский продюсер Хлоя Фишер' (the noun is masculine)
  const feminineNoun = p.role === 'actor' || p.role === 'writer';
  const nat = (NATIONALITY[p.country] ?? ['', ''])[p.g === 'f' && feminineNoun ? 1 : 0];
  const byPop = p.notes.slice().sort((a, b) => b.popularity - a.popularity || cmp(a.title, b.title));
  const top = byPop[0] as CreditNote;
  const second = byPop.find((n) => n.title !== top.title) ?? null;
  const first = p.notes.slice().sort((a, b) => a.year - b.year || cmp(a.title, b.title))[0] as CreditNote;
  const two = second ? `«${top.title}» и «${second.title}»` : `«${top.title}»`;
  const home = p.lang === 'ru';
  const kw = kindWords(top);

  switch (p.role) {
    case 'actor': {
      const school = pick(f, SCHOOLS);
      const who = `${g('актёр', 'актриса')}${unit(f) < 0.7 ? ' театра и кино' : ''}`;
      if (home) {
        const birthplaces = PLACES.ru.filter((x) => (x.country ?? 'ru') === p.country && !x.in.includes(' на ') && !/посёлке|деревне|селе|городке|закрытом|острове/.test(x.in));
        const born = pick(f, birthplaces.length > 0 ? birthplaces : PLACES.ru.filter((x) => !x.country));
        const intro = weighted(f, [
          [`${cap(nat)} ${who}, ${g('выпускник', 'выпускница')} ${school[1]}.`, 3],
          [`${cap(nat)} ${who}. ${g('Родился', 'Родилась')} ${born.in}, ${g('окончил', 'окончила')} ${school[0]}.`, 2],
          [`${cap(nat)} ${who}; на сцене с детства, в кино — с ${minYear} года.`, 1],
        ]);
        const known = top.isAnimation
          ? `Много работает в озвучании: ${g('его', 'её')} голосом говорят герои ${kw.nom === 'мультфильм' ? 'мультфильма' : 'мультсериала'} «${top.title}».`
          : second
            ? `Зрители знают ${g('его', 'её')} по проектам ${two}.`
            : `Широкую известность ${g('ему', 'ей')} принесла роль в ${kw.prep} «${top.title}».`;
        return `${intro} ${known}`;
      }
      const works = worksDat(top, second);
      return pick(f, [
        () => `${cap(nat)} ${g('актёр', 'актриса')}. Российским зрителям ${g('знаком', 'знакома')} по ${works}. ${pick(f, [`Снимается с ${minYear} года.`, `${g('Начинал', 'Начинала')} карьеру в театре.`, `${g('Начинал', 'Начинала')} с рекламы и эпизодических ролей в сериалах.`])}`,
        () => `${cap(nat)} ${g('актёр', 'актриса')} театра и кино, в профессии с ${minYear} года. Главные работы — роли в ${second ? `проектах «${top.title}» и «${second.title}»` : `${kw.prep} «${top.title}»`}.`,
        () => `${cap(nat)} ${g('актёр', 'актриса')}, ${g('один из самых востребованных', 'одна из самых востребованных')} в своём поколении. В России ${g('его', 'её')} знают по ${works}.`,
        () => `${cap(nat)} ${g('актёр', 'актриса')}. ${g('Дебютировал', 'Дебютировала')} в кино в ${minYear} году; зрителям ${g('знаком', 'знакома')} по ${works}.`,
      ])();
    }
    case 'director': {
      const intro = home
        ? pick(f, [
          `${cap(nat)} режиссёр, ${g('выпускник', 'выпускница')} режиссёрского факультета ВГИКа.`,
          `${cap(nat)} режиссёр; ${g('пришёл', 'пришла')} в кино из рекламы и музыкальных клипов.`,
          `${cap(nat)} режиссёр и сценарист, ${g('начинал', 'начинала')} на телевидении.`,
        ])
        : pick(f, [`${cap(nat)} режиссёр.`, `${cap(nat)} режиссёр и сценарист.`, `${cap(nat)} режиссёр, ${g('выпускник', 'выпускница')} национальной киношколы.`]);
      const debut = `Первая работа — ${kindWords(first).nom} «${first.title}» (${first.year}).`;
      const other = byPop.find((n) => n.title !== first.title);
      return `${intro} ${debut}${other ? ` Среди других проектов — «${other.title}».` : ''}`;
    }
    case 'writer': {
      const also = pick(f, [g('драматург', 'драматург'), g('писатель', 'писательница'), g('бывший журналист', 'бывшая журналистка'), g('сценарный редактор', 'сценарный редактор')]);
      return `${cap(nat)} ${g('сценарист', 'сценаристка')} и ${also}. Автор сценариев к ${second ? 'проектам' : 'проекту'} ${two}.`;
    }
    case 'producer': {
      const company = pick(f, COMPANIES[p.lang]);
      return `${cap(nat)} продюсер, ${g('основатель', 'основательница')} кинокомпании «${company}». Среди ${g('его', 'её')} проектов — ${two}.`;
    }
    case 'composer': {
      const extra = pick(f, [
        'Работает на стыке академической и электронной музыки.',
        'Пишет музыку для кино, театра и видеоигр.',
        `${g('Окончил', 'Окончила')} консерваторию по классу композиции.`,
      ]);
      return `${cap(nat)} композитор, автор музыки к ${worksDat(top, second)}. ${extra}`;
    }
    case 'operator': {
      const school = home ? `, ${g('выпускник', 'выпускница')} операторского факультета ВГИКа` : '';
      const extra = pick(f, [
        `${g('Известен', 'Известна')} работой с естественным светом.`,
        'Предпочитает снимать на плёнку.',
        `${g('Начинал', 'Начинала')} с документального кино.`,
      ]);
      return `${cap(nat)} оператор-постановщик${school}. ${g('Снимал', 'Снимала')} ${two}. ${extra}`;
    }
  }
}
