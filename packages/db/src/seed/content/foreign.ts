// Curated original titles for non-English foreign productions, with the
// Russian release title. Korean and Japanese originals are in their own script,
// Hindi ones in the customary Latin romanisation.
import type { Lang } from './taxonomy.ts';
import type { KidChar, Tone } from './words.ts';

export type CuratedTone = Tone | 'kids' | 'history';
export interface CuratedTitle {
  orig: string; ru: string; tones: readonly CuratedTone[];
  /** Named kids hero ('Приключения Пима' → Пим). */
  hero: KidChar | null;
  /** The title names its lead ('Комиссар Дельма'): fixed surname and, optionally, profession. */
  lead: { last: string; prof?: string } | null;
}

function ct(spec: string): CuratedTitle[] {
  return spec.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const [orig, ru, t, heroSpec, leadSpec] = l.split('|').map((s) => s.trim());
    if (!orig || !ru || !t) throw new Error(`bad curated title ${l}`);
    let hero: KidChar | null = null;
    let lead: CuratedTitle['lead'] = null;
    if (leadSpec) {
      const [last, prof] = leadSpec.split('/');
      if (!last) throw new Error(`bad lead ${leadSpec}`);
      lead = prof ? { last, prof } : { last };
    }
    if (heroSpec) {
      const [nom, gen, ins, g, who] = heroSpec.split('/');
      if (!nom || !gen || !ins || (g !== 'm' && g !== 'f') || !who) throw new Error(`bad hero ${heroSpec}`);
      hero = { nom, gen, ins, g, en: null, who, ru: false };
    }
    const map: Record<string, CuratedTone> = {
      c: 'crime', h: 'horror', d: 'drama', k: 'comedy', w: 'war', s: 'scifi', f: 'fantasy', a: 'action', sp: 'sport', mu: 'music', kids: 'kids', hi: 'history',
    };
    return { orig, ru, hero, lead, tones: t.split(' ').map((x) => { const v = map[x]; if (!v) throw new Error(x); return v; }) };
  });
}

export const CURATED: Readonly<Partial<Record<Lang, readonly CuratedTitle[]>>> = {
  fr: ct(`
    La Dernière Vague|Последняя волна|d a
    Le Secret de la maison bleue|Тайна синего дома|c
    Un été à Marseille|Лето в Марселе|d k
    Les Enfants du vent|Дети ветра|d
    L'Inconnue du train de nuit|Незнакомка из ночного поезда|c
    Les Voisins du dessus|Соседи сверху|k
    La Nuit des loups|Ночь волков|c a h
    Le Bal des souvenirs|Бал воспоминаний|d mu
    Mariage à l'essai|Пробный брак|k
    Le Commissaire Delmas|Комиссар Дельма|c||Дельма/комиссар полиции
    Trois jours à Lyon|Три дня в Лионе|d k
    La Forteresse|Крепость|w
    Les Oubliés|Забытые|h d
    Le Goût du bonheur|Вкус счастья|k d
    Sous la glace|Подо льдом|c h
    La Reine d'hiver|Зимняя королева|f
    Les Mondes de Kaël|Миры Каэля|s f
    Le Petit Renard et la Lune|Лисёнок и Луна|kids|Лисёнок/Лисёнка/Лисёнком/m/рыжий лисёнок-мечтатель
    Les Aventures de Pim|Приключения Пима|kids|Пим/Пима/Пимом/m/маленький пингвин
    L'Île aux oiseaux|Птичий остров|kids|Чайка Мари/Чайки Мари/Чайкой Мари/f/юная чайка
    Lulu et le nuage magique|Лулу и волшебное облако|kids|Лулу/Лулу/Лулу/f/маленькая коала
  `),
  ko: ct(`
    마지막 여름|Последнее лето|d
    서울의 밤|Сеульские ночи|c d
    검은 비|Чёрный дождь|c
    조용한 이웃|Тихий сосед|c h
    한밤의 택시|Полуночное такси|c a
    늑대의 시간|Время волка|c a
    유령 호텔|Отель с привидениями|h k
    마지막 편지|Последнее письмо|d
    첫사랑 레시피|Рецепт первой любви|d k
    검사의 비밀|Тайна прокурора|c
    붉은 달|Красная луна|h f
    왕의 그림자|Тень короля|hi
    별의 노래|Песня звёзд|d mu
    괴물의 섬|Остров чудовищ|h a s
    무사의 길|Путь воина|a hi
    내일의 기억|Воспоминания о завтра|s d
  `),
  ja: ct(`
    星の旅人|Звёздный странник|s f
    鋼の森|Стальной лес|s a
    東京の夜|Токийская ночь|c d
    影の剣|Меч теней|f a
    夏の終わりに|На исходе лета|d
    雪の記憶|Память снега|d
    空の果て|Край неба|s f d
    鬼の村|Деревня демонов|h
    桜の約束|Обещание сакуры|d k
    機械の心|Механическое сердце|s
    海の声|Голос моря|d f
    夜明けの街|Город на рассвете|d c
    月下の剣士|Мечник под луной|a f hi
    猫の探偵|Кот-детектив|kids|Кот Мару/Кота Мару/Котом Мару/m/кот-сыщик
    小さな竜|Маленький дракон|kids|Дракончик Рю/Дракончика Рю/Дракончиком Рю/m/дракончик
    ロボットのポコ|Робот Поко|kids|Робот Поко/Робота Поко/Роботом Поко/m/маленький робот
  `),
  es: ct(`
    La casa del acantilado|Дом на утёсе|c h
    Noches de Madrid|Мадридские ночи|d
    El silencio del río|Молчание реки|c
    La herencia de los Montero|Наследство Монтеро|c d||Монтеро
    Verano en Valencia|Лето в Валенсии|d k
    El faro|Маяк|h c
    Los hijos del mar|Дети моря|d
    La profesora|Учительница|d
    Atraco en Barcelona|Ограбление в Барселоне|a c
    Mi abuela es un peligro|Моя бабушка опасна|k
    El último baile|Последний танец|d mu
    Al otro lado de la frontera|По ту сторону границы|c a
    El dragón de papel|Бумажный дракон|kids|Лусия/Лусии/Лусией/f/девочка-художница
    Pepa y la estrella perdida|Пепа и потерянная звезда|kids|Пепа/Пепы/Пепой/f/девочка-астроном
  `),
  it: ct(`
    L'estate dei limoni|Лимонное лето|d k
    La famiglia Ferraro|Семья Ферраро|d||Ферраро
    Il silenzio di Venezia|Молчание Венеции|c
    Ultima notte a Roma|Последняя ночь в Риме|d
    Il commissario Neri|Комиссар Нери|c||Нери/комиссар полиции
    La donna del porto|Женщина из порта|c d
    Una vacanza da sogno|Отпуск мечты|k
    Il re del mercato|Король рынка|k c
    Le sorelle Bellini|Сёстры Беллини|d k||Беллини
    Il segreto del vulcano|Тайна вулкана|a f
    La bottega dei miracoli|Лавка чудес|f d
    Sangue e vino|Кровь и вино|c
    Il piccolo gondoliere|Маленький гондольер|kids|Нино/Нино/Нино/m/сын венецианского лодочника
  `),
  de: ct(`
    Das Haus am See|Дом у озера|d c
    Die letzte Grenze|Последняя граница|w a
    Nachtzug nach Berlin|Ночной поезд в Берлин|c
    Der Schatten|Тень|c h
    Winterkinder|Дети зимы|d
    Kommissar Brandt|Комиссар Брандт|c||Брандт/комиссар полиции
    Die Erfindung|Изобретение|d s
    Sturm über Hamburg|Шторм над Гамбургом|a
    Das Erbe|Наследие|c d
    Im Schwarzwald|В Шварцвальде|h
    Meine verrückte Familie|Моя безумная семья|k
    Die Mauer|Стена|hi d
    Der kleine Drache Fips|Дракончик Фипс|kids|Дракончик Фипс/Дракончика Фипса/Дракончиком Фипсом/m/дракончик
    Die Waldbande|Лесная банда|kids|Барсук Бруно/Барсука Бруно/Барсуком Бруно/m/барсук
  `),
  tr: ct(`
    Kayıp Şehir|Потерянный город|a f
    İstanbul Geceleri|Стамбульские ночи|d
    Rüzgarın Kızı|Дочь ветра|d
    Yalı|Особняк у Босфора|d
    Kardeşler|Братья|d c
    Son Kale|Последняя крепость|w hi
    Sultanın Sırrı|Тайна султана|hi
    Sessiz Tanık|Безмолвный свидетель|c
    Gelin|Невеста|d
    Aşk Yeniden|Снова любовь|d k
    Karadeniz|Чёрное море|d a
    Gece Yarısı|Полночь|c h
  `),
  hi: ct(`
    Dil Ki Awaaz|Голос сердца|d mu
    Mumbai Ki Raatein|Ночи Мумбаи|c d
    Pehla Pyaar|Первая любовь|d
    Aakhri Safar|Последнее путешествие|d a
    Do Dil|Два сердца|d mu
    Shaadi Mubarak|Счастливой свадьбы|k
    Sapnon Ka Shehar|Город мечты|d mu
    Khoon Ka Rishta|Кровные узы|c a
    Veer Yoddha|Отважный воин|hi a
    Chor Police|Вор и полицейский|k c
    Jungle Ki Rani|Королева джунглей|f a
    Baarish Ke Baad|После дождя|d
  `),
};
