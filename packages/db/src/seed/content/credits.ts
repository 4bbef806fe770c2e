// Cast & crew for one title, plus the characters the synopsis talks about.
import { FANTASY_FOREIGN, FANTASY_RU, FOREIGN_NAMES, RU_FEMALE, RU_MALE } from './names.ts';
import type { PeoplePool, PersonRec } from './people.ts';
import type { Slot } from './plan.ts';
import { chance, int, pick, sample, type Rng } from './rng.ts';
import type { Lang } from './taxonomy.ts';
import type { GeneratedTitle } from './titles.ts';
import type { SeedCredit, SeedRole } from './types.ts';
import { KID_CHARS, type KidChar } from './words.ts';

export interface Character {
  first: string;
  last: string | null;
  g: 'm' | 'f';
  /** What the credits show, e.g. 'Анна Ветрова'. */
  display: string;
  /** Declined forms, known for kids characters. */
  kid: KidChar | null;
}

export interface CastAndCrew {
  credits: SeedCredit[];
  /** Characters in billing order (lead first). */
  chars: Character[];
  actors: PersonRec[];
  directors: PersonRec[];
  people: { person: PersonRec; role: SeedRole }[];
}

const SUPPORTING_KIDS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['Тётушка Сова', 'f'], ['Дедушка Ёж', 'm'], ['Мама', 'f'], ['Папа', 'm'], ['Бабушка', 'f'], ['Почтальон Гусь', 'm'],
  ['Профессор Крот', 'm'], ['Капитан Морж', 'm'], ['Королева Улиток', 'f'], ['Волшебник Облаков', 'm'],
  ['Ворчун-барсук', 'm'], ['Светлячок Лампа', 'f'], ['Фея Капель', 'f'], ['Кот Учёный', 'm'],
];

function personName(f: Rng, lang: Lang, g: 'm' | 'f'): { first: string; last: string; display: string } {
  if (lang === 'ru') {
    const first = pick(f, g === 'm' ? RU_MALE : RU_FEMALE);
    const last = f.person.lastName(g === 'm' ? 'male' : 'female');
    return { first, last, display: `${first} ${last}` };
  }
  const bank = FOREIGN_NAMES[lang];
  const first = pick(f, g === 'm' ? bank.male : bank.female)[0];
  const last = pick(f, bank.last)[0];
  return { first, last, display: bank.lastFirst ? `${last} ${first}` : `${first} ${last}` };
}

function kidCharacter(c: KidChar): Character {
  return { first: c.nom, last: null, g: c.g, display: c.nom, kid: c };
}

interface SequelBase { directors: PersonRec[]; actors: PersonRec[]; chars: Character[] }

export function buildCredits(f: Rng, pool: PeoplePool, slot: Slot, gen: GeneratedTitle, sequel: SequelBase | null): CastAndCrew {
  const lang = slot.lang;
  const used = new Set<PersonRec>();
  const people: { person: PersonRec; role: SeedRole }[] = [];
  const add = (list: PersonRec[], role: SeedRole): PersonRec[] => {
    for (const p of list) {
      used.add(p);
      people.push({ person: p, role });
    }
    return list;
  };

  // ---- characters
  const show = slot.primary === 'talkshow' || slot.primary === 'reality';
  const doc = slot.primary === 'documentary';
  const nActors = slot.forKids || show || doc ? int(f, 4, 7) : int(f, 5, 10);
  const chars: Character[] = [];
  const seen = new Set<string>();
  const firsts = new Set<string>();
  const push = (c: Character): void => {
    if (!show && !doc && (seen.has(c.display) || (c.last !== null && firsts.has(c.first)))) return;
    seen.add(c.display);
    firsts.add(c.first);
    chars.push(c);
  };

  if (sequel) for (const c of sequel.chars.slice(0, 3)) push(c);

  const label = (i: number, g: 'm' | 'f'): Character => {
    let text: string;
    if (i === 0) text = doc ? 'Закадровый текст' : g === 'm' ? 'Ведущий' : 'Ведущая';
    else if (doc) text = g === 'm' ? 'В роли самого себя' : 'В роли самой себя';
    else if (slot.primary === 'talkshow') text = g === 'm' ? 'Гость' : 'Гостья';
    else text = g === 'm' ? 'Участник' : 'Участница';
    return { first: text, last: null, g, display: text, kid: null };
  };
  const fantasy = slot.primary === 'fantasy';
  const childLead = slot.primary === 'family' || slot.category === 'kids-live-movie';
  /** A fresh character of the given gender for billing position idx (live action / adult animation). */
  const person = (idx: number, g: 'm' | 'f'): Character => {
    for (let k = 0; k < 20; k++) {
      let c: Character;
      if (fantasy) {
        // invented names for Western fantasy; Japanese and Korean fantasy keeps native given names
        const native = lang === 'ja' || lang === 'ko' ? FOREIGN_NAMES[lang] : null;
        const bank = slot.lang === 'ru' ? FANTASY_RU : FANTASY_FOREIGN;
        const first = native ? pick(f, g === 'm' ? native.male : native.female)[0] : pick(f, g === 'm' ? bank.m : bank.f);
        c = { first, last: null, g, display: first, kid: null };
      } else {
        const n = personName(f, lang, g);
        const short = idx === 0 && childLead ? true : idx >= 2 && chance(f, 0.25);
        c = { first: n.first, last: short ? null : n.last, g, display: short ? n.first : n.display, kid: null };
      }
      if (!seen.has(c.display) && !firsts.has(c.first)) return c;
    }
    const n = personName(f, lang, g);
    return { first: n.first, last: n.last, g, display: n.display, kid: null };
  };

  if (show || doc) {
    for (let i = 0; i < nActors; i++) chars.push(label(i, chance(f, 0.5) ? 'm' : 'f'));
  } else if (slot.isAnimation && slot.forKids) {
    const hero = gen.kidHero ?? pick(f, KID_CHARS.filter((c) => lang === 'ru' || c.en !== null));
    if (chars.length === 0) push(kidCharacter(hero));
    const friends = sample(f, KID_CHARS.filter((c) => c.nom !== hero.nom && (lang === 'ru' || c.en !== null)), 3);
    for (const c of friends) if (chars.length < nActors) push(kidCharacter(c));
    for (const [name, g] of sample(f, SUPPORTING_KIDS, nActors)) {
      if (chars.length >= nActors) break;
      push({ first: name, last: null, g, display: name, kid: null });
    }
  } else {
    const romance = slot.primary === 'melodrama' ? 1 : slot.primary === 'comedy' ? 0.85 : 0.6;
    const leadG: 'm' | 'f' = gen.bio ? gen.bio.g : chars[0]?.g ?? (chance(f, 0.5) ? 'm' : 'f');
    for (let i = 0; chars.length < nActors && i < nActors * 4; i++) {
      const idx = chars.length;
      let g: 'm' | 'f' = chance(f, 0.5) ? 'm' : 'f';
      if (idx === 0) g = leadG;
      if (idx === 1) g = chance(f, romance) ? (leadG === 'm' ? 'f' : 'm') : leadG;
      if (idx === 0 && gen.bio) {
        push({ first: gen.bio.first, last: gen.bio.last, g, display: `${gen.bio.first} ${gen.bio.last}`, kid: null });
        continue;
      }
      const lead = slot.curated?.lead;
      if (idx === 0 && lead) {
        const c = person(0, g);
        push({ ...c, last: lead.last, display: `${c.first} ${lead.last}` });
        continue;
      }
      push(person(idx, g));
    }
  }

  // ---- actors (matching character gender where possible)
  const actors: PersonRec[] = [];
  chars.forEach((c, i) => {
    const fromSequel = sequel && i < 3 ? sequel.actors[i] : undefined;
    const p = fromSequel && !used.has(fromSequel) ? fromSequel : pool.pick(lang, 'actor', 1, used, c.g)[0];
    if (p) {
      add([p], 'actor');
      actors.push(p);
    }
  });
  // If a small pool ran out of actors of one gender, re-cast the character instead
  // (voice roles in cartoons and the biopic subject stay as they are).
  actors.forEach((p, i) => {
    const c = chars[i];
    if (!c || c.g === p.g || c.kid || (i === 0 && (gen.bio || slot.curated?.lead)) || (slot.isAnimation && slot.forKids)) return;
    if (sequel && i < 3) return;
    chars[i] = show || doc ? label(i, p.g) : person(i, p.g);
    seen.add(chars[i]?.display ?? '');
    firsts.add(chars[i]?.first ?? '');
  });
  // crew
  const directors = sequel && sequel.directors.length > 0
    ? add(sequel.directors.filter((d) => !used.has(d)).slice(0, 2), 'director')
    : add(pool.pick(lang, 'director', chance(f, 0.12) ? 2 : 1, used), 'director');
  const writers: PersonRec[] = [];
  const nWriters = chance(f, 0.45) ? 2 : 1;
  const lead = directors[0];
  if (lead && chance(f, 0.35)) writers.push(lead);
  writers.push(...pool.pick(lang, 'writer', nWriters - writers.length, new Set([...used, ...writers])));
  for (const w of writers) people.push({ person: w, role: 'writer' });
  writers.forEach((w) => used.add(w));
  add(pool.pick(lang, 'producer', int(f, 1, 3), used), 'producer');
  add(pool.pick(lang, 'composer', 1, used), 'composer');
  add(pool.pick(lang, 'operator', 1, used), 'operator');

  const order: { person: PersonRec; role: SeedRole; characterName: string | null }[] = [];
  for (const d of directors) order.push({ person: d, role: 'director', characterName: null });
  actors.forEach((a, i) => order.push({ person: a, role: 'actor', characterName: chars[i]?.display ?? null }));
  for (const x of people) if (x.role !== 'director' && x.role !== 'actor') order.push({ person: x.person, role: x.role, characterName: null });
  // personAlias is a placeholder until aliases are assigned (see index.ts)
  const credits: SeedCredit[] = [];
  for (const o of order) credits.push({ personAlias: `#${o.person.id}`, role: o.role, characterName: o.characterName });

  return { credits, chars: chars.slice(0, Math.max(actors.length, 1)), actors, directors, people };
}
