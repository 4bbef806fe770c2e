// Russian hashtags (without '#'), chosen from genre pools plus a few facts about
// the title (where it is set, a female lead, a sequel, a true story).
import type { Family } from './descriptions.ts';
import { chance, sample, weighted, type Rng } from './rng.ts';

const POOLS: Readonly<Record<Family, readonly string[]>> = {
  crime: ['расследование', 'провинциальный_детектив', 'по_мотивам_книги', 'маньяк', 'полиция', 'криминальная_драма'],
  thriller: ['психологический_триллер', 'саспенс', 'выживание', 'паранойя', 'заговор'],
  horror: ['мистика', 'проклятие', 'дом_с_привидениями', 'страшно_интересно', 'хоррор', 'фольклор'],
  drama: ['про_семью', 'жизненно', 'по_мотивам_книги', 'фестивальное_кино', 'отцы_и_дети', 'малая_родина'],
  melodrama: ['про_любовь', 'романтика', 'для_вечера_вдвоём', 'второй_шанс', 'курортный_роман'],
  comedy: ['смешно', 'для_хорошего_настроения', 'новогоднее', 'комедия_положений', 'про_семью', 'свадьба'],
  family: ['для_всей_семьи', 'про_животных', 'каникулы', 'про_дружбу', 'детство'],
  action: ['погони', 'спецназ', 'адреналин', 'трюки', 'месть'],
  scifi: ['космос', 'будущее', 'искусственный_интеллект', 'антиутопия', 'путешествия_во_времени'],
  fantasy: ['магия', 'драконы', 'другие_миры', 'по_мотивам_книги', 'славянское_фэнтези'],
  adventure: ['путешествия', 'клад', 'экспедиция', 'выживание', 'дикая_природа'],
  war: ['подвиг', 'военная_драма', 'великая_отечественная', 'фронтовое_братство'],
  history: ['костюмное', 'эпоха', 'дворцовые_интриги', 'по_мотивам_романа'],
  biography: ['байопик', 'история_успеха', 'великие_люди'],
  documentary: ['природа', 'путешествия', 'наука', 'история', 'россия_без_туристов'],
  sport: ['спорт', 'путь_к_победе', 'мотивация', 'командный_дух'],
  musical: ['музыка', 'танцы', 'песни', 'сцена'],
  talkshow: ['интервью', 'звёзды', 'разговоры', 'вечернее_шоу'],
  reality: ['реалити', 'соревнование', 'испытания', 'на_выживание'],
  kids: ['добрые_мультики', 'про_дружбу', 'про_животных', 'сказка', 'для_всей_семьи'],
  education: ['развивающее', 'для_малышей', 'учимся_играя'],
  nurseryrhymes: ['песенки', 'для_малышей', 'колыбельные'],
  entertainment: ['для_малышей', 'своими_руками', 'игры'],
};

const TRUE_STORY: Partial<Record<Family, number>> = { biography: 1, war: 0.6, history: 0.4, crime: 0.12, drama: 0.1, sport: 0.4 };

export interface HashtagInput {
  family: Family;
  russian: boolean;
  femaleLead: boolean;
  placeTag: string | undefined;
  sequel: boolean;
  novelty: boolean;
  anime: boolean;
}

export function hashtagsFor(f: Rng, x: HashtagInput): string[] {
  const forced: string[] = [];
  const p = TRUE_STORY[x.family] ?? 0;
  if (p > 0 && chance(f, p)) forced.push('основано_на_реальных_событиях');
  if ((x.family === 'crime' || x.family === 'thriller') && chance(f, 0.4)) forced.push('неожиданный_финал');
  if (x.sequel) forced.push('продолжение');
  if (x.placeTag && chance(f, 0.6)) forced.push(x.placeTag);
  if (x.novelty && x.russian && chance(f, 0.6)) forced.push('эксклюзив_экрана');
  if (x.anime) forced.push('аниме');
  const extra: string[] = [];
  if (x.femaleLead && ['crime', 'thriller', 'action', 'scifi', 'sport'].includes(x.family)) extra.push('сильная_героиня');
  const pool = (POOLS[x.family] ?? []).filter((t) => x.russian || (t !== 'великая_отечественная' && t !== 'россия_без_туристов' && t !== 'славянское_фэнтези'));
  const n = weighted(f, [[0, 15], [1, 25], [2, 30], [3, 20], [4, 10]] as const);
  const out = [...new Set([...forced, ...sample(f, [...extra, ...pool], n)])];
  return out.slice(0, 4);
}
