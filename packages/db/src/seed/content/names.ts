// Name banks. Russian surnames come from faker's ru locale; Russian first names
// are curated (faker's ru list is full of archaic names such as «Евпраксия»).
// Foreign names are curated pairs [Russian transcription, original].
import type { Lang } from './taxonomy.ts';

export const RU_MALE: readonly string[] = [
  'Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил',
  'Никита', 'Матвей', 'Роман', 'Егор', 'Арсений', 'Иван', 'Денис', 'Евгений', 'Даниил', 'Тимофей',
  'Владислав', 'Игорь', 'Владимир', 'Павел', 'Руслан', 'Марк', 'Константин', 'Тимур', 'Олег', 'Ярослав',
  'Антон', 'Николай', 'Глеб', 'Фёдор', 'Степан', 'Григорий', 'Виктор', 'Юрий', 'Вадим', 'Борис',
  'Леонид', 'Пётр', 'Георгий', 'Лев', 'Савелий', 'Семён', 'Василий', 'Аркадий', 'Святослав', 'Всеволод',
];
export const RU_FEMALE: readonly string[] = [
  'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Татьяна', 'Ирина', 'Светлана', 'Юлия',
  'Анастасия', 'Дарья', 'Алина', 'Ксения', 'Полина', 'Виктория', 'Елизавета', 'Александра', 'Софья', 'Вероника',
  'Алиса', 'Варвара', 'Василиса', 'Ульяна', 'Кира', 'Милана', 'Арина', 'Валерия', 'Марина', 'Надежда',
  'Людмила', 'Вера', 'Любовь', 'Евгения', 'Маргарита', 'Диана', 'Яна', 'Оксана', 'Лидия', 'Зоя',
  'Галина', 'Таисия', 'Серафима', 'Ева', 'Есения', 'Злата', 'Агата', 'Нина', 'Инна', 'Алёна',
];

/** Names for fantasy characters (Russian productions). */
export const FANTASY_RU: { m: readonly string[]; f: readonly string[] } = {
  m: ['Ярополк', 'Велимир', 'Всеслав', 'Ратибор', 'Светозар', 'Добрыня', 'Мстислав', 'Радомир', 'Тихомир', 'Бранимир'],
  f: ['Мирослава', 'Любава', 'Златояра', 'Велеслава', 'Снежана', 'Ладимира', 'Огнеслава', 'Забава', 'Веселина', 'Радослава'],
};
/** Names for fantasy/anime characters in foreign productions. */
export const FANTASY_FOREIGN: { m: readonly string[]; f: readonly string[] } = {
  m: ['Каэль', 'Тарен', 'Эдрик', 'Орин', 'Дариан', 'Кассиан', 'Лоран', 'Вэйл', 'Ронан', 'Сайрус'],
  f: ['Эйра', 'Лиандра', 'Морвен', 'Элисса', 'Тэйла', 'Иса', 'Ниара', 'Сэрен', 'Аэлин', 'Кира'],
};

export type NamePair = readonly [ru: string, orig: string];
export interface NameBank {
  male: readonly NamePair[];
  female: readonly NamePair[];
  last: readonly NamePair[];
  /** Family name first (Korean). */
  lastFirst?: boolean;
}

function pairs(s: string): NamePair[] {
  return s.split(';').map((x) => x.trim()).filter(Boolean).map((x) => {
    const [ru, orig] = x.split('=');
    if (!ru || !orig) throw new Error(`bad pair ${x}`);
    return [ru.trim(), orig.trim()] as const;
  });
}

export const FOREIGN_NAMES: Readonly<Record<Exclude<Lang, 'ru'>, NameBank>> = {
  en: {
    male: pairs('Джеймс=James;Джон=John;Роберт=Robert;Майкл=Michael;Уильям=William;Дэвид=David;Ричард=Richard;Томас=Thomas;Кристофер=Christopher;Дэниел=Daniel;Мэттью=Matthew;Эндрю=Andrew;Джошуа=Joshua;Райан=Ryan;Натан=Nathan;Итан=Ethan;Адам=Adam;Бенджамин=Benjamin;Сэмюэл=Samuel;Джек=Jack;Оливер=Oliver;Гарри=Harry;Чарли=Charlie;Джордж=George;Генри=Henry;Патрик=Patrick;Шон=Sean;Лиам=Liam;Оуэн=Owen;Люк=Luke;Тайлер=Tyler;Коннор=Connor;Эдвард=Edward;Питер=Peter;Марк=Mark;Пол=Paul;Стивен=Steven;Кевин=Kevin;Брайан=Brian;Гэри=Gary'),
    female: pairs('Эмили=Emily;Эмма=Emma;Оливия=Olivia;Софи=Sophie;Грейс=Grace;Хлоя=Chloe;Ханна=Hannah;Эбигейл=Abigail;Мэдисон=Madison;Элизабет=Elizabeth;Шарлотта=Charlotte;Амелия=Amelia;Джессика=Jessica;Сара=Sarah;Лора=Laura;Рейчел=Rachel;Кейт=Kate;Джулия=Julia;Николь=Nicole;Меган=Megan;Эшли=Ashley;Саманта=Samantha;Кэтрин=Catherine;Элис=Alice;Люси=Lucy;Эмбер=Amber;Клэр=Claire;Натали=Natalie;Ребекка=Rebecca;Дженнифер=Jennifer;Мия=Mia;Зои=Zoe;Мэри=Mary;Хелен=Helen;Сьюзан=Susan;Кэрол=Carol;Вивиан=Vivian;Руби=Ruby;Холли=Holly;Айрис=Iris'),
    last: pairs('Смит=Smith;Джонсон=Johnson;Уильямс=Williams;Браун=Brown;Джонс=Jones;Миллер=Miller;Дэвис=Davis;Уилсон=Wilson;Андерсон=Anderson;Тейлор=Taylor;Мур=Moore;Мартин=Martin;Джексон=Jackson;Томпсон=Thompson;Уайт=White;Харрис=Harris;Кларк=Clark;Льюис=Lewis;Робинсон=Robinson;Уокер=Walker;Холл=Hall;Аллен=Allen;Янг=Young;Кинг=King;Райт=Wright;Скотт=Scott;Грин=Green;Бейкер=Baker;Адамс=Adams;Нельсон=Nelson;Хилл=Hill;Кэмпбелл=Campbell;Митчелл=Mitchell;Картер=Carter;Робертс=Roberts;Филлипс=Phillips;Эванс=Evans;Тёрнер=Turner;Паркер=Parker;Коллинз=Collins;Эдвардс=Edwards;Стюарт=Stewart;Моррис=Morris;Мёрфи=Murphy;Кук=Cook;Роджерс=Rogers;Морган=Morgan;Купер=Cooper;Пирсон=Pearson;Беннетт=Bennett;Грей=Grey;Хьюз=Hughes;Прайс=Price;Фостер=Foster;Сандерс=Sanders;Росс=Ross;Хейз=Hayes;Фишер=Fisher;Эллис=Ellis;Хардинг=Harding;Уоллес=Wallace;Каллахан=Callahan;Уорд=Ward;Блэк=Black;Флетчер=Fletcher;Рид=Reed;Доусон=Dawson;Гамильтон=Hamilton;Квинн=Quinn;Саттон=Sutton'),
  },
  fr: {
    male: pairs('Жан=Jean;Пьер=Pierre;Луи=Louis;Антуан=Antoine;Николя=Nicolas;Жюльен=Julien;Матьё=Mathieu;Франсуа=François;Филипп=Philippe;Оливье=Olivier;Венсан=Vincent;Люк=Luc;Гийом=Guillaume;Эмиль=Émile;Лоран=Laurent;Бенуа=Benoît;Рафаэль=Raphaël;Ален=Alain;Жерар=Gérard;Тибо=Thibault'),
    female: pairs('Мари=Marie;Софи=Sophie;Камилла=Camille;Жюли=Julie;Клэр=Claire;Изабель=Isabelle;Натали=Nathalie;Селин=Céline;Амели=Amélie;Эмма=Emma;Леа=Léa;Манон=Manon;Элоди=Élodie;Катрин=Catherine;Одри=Audrey;Сесиль=Cécile;Анаис=Anaïs;Жанна=Jeanne;Марго=Margot;Луиза=Louise'),
    last: pairs('Мартен=Martin;Бернар=Bernard;Дюбуа=Dubois;Робер=Robert;Ришар=Richard;Пети=Petit;Дюран=Durand;Лефевр=Lefebvre;Моро=Moreau;Симон=Simon;Мишель=Michel;Фонтен=Fontaine;Руссо=Rousseau;Бланшар=Blanchard;Жирар=Girard;Бонне=Bonnet;Дюпон=Dupont;Ламбер=Lambert;Мерсье=Mercier;Шевалье=Chevalier;Леруа=Leroy;Гарнье=Garnier;Фабр=Fabre;Марешаль=Maréchal;Руссель=Roussel;Дельма=Delmas'),
  },
  ko: {
    lastFirst: true,
    male: pairs('Мин Хо=Min-ho;Джи Хун=Ji-hoon;Хён У=Hyun-woo;Сын Хо=Seung-ho;До Хён=Do-hyun;Джун Со=Jun-seo;Тэ Ян=Tae-yang;Сан У=Sang-woo;Ён Джун=Young-jun;Джэ Сок=Jae-seok;У Бин=Woo-bin;Со Джун=Seo-joon'),
    female: pairs('Джи Су=Ji-soo;Со Ён=So-yeon;Ха Ын=Ha-eun;Мин Джи=Min-ji;Ю На=Yu-na;Со Хи=So-hee;Е Джин=Ye-jin;Су Бин=Su-bin;Да Хе=Da-hye;Ын Би=Eun-bi;Джи Ын=Ji-eun;Хе Вон=Hye-won'),
    last: pairs('Ким=Kim;Ли=Lee;Пак=Park;Чхве=Choi;Чон=Jung;Кан=Kang;Хан=Han;Юн=Yoon;Сон=Song;Лим=Lim;Шин=Shin;Бэ=Bae;Ю=Yoo;Хван=Hwang;Ан=Ahn;О=Oh'),
  },
  ja: {
    male: pairs('Хироси=Hiroshi;Кэнтаро=Kentaro;Такэси=Takeshi;Юто=Yuto;Харуто=Haruto;Рэн=Ren;Сота=Sota;Дайки=Daiki;Кэндзи=Kenji;Масао=Masao;Сатоси=Satoshi;Рёта=Ryota;Ютака=Yutaka;Кадзуо=Kazuo;Акира=Akira'),
    female: pairs('Юки=Yuki;Аой=Aoi;Сакура=Sakura;Хана=Hana;Мисаки=Misaki;Юи=Yui;Рин=Rin;Мэй=Mei;Харука=Haruka;Нацуки=Natsuki;Акико=Akiko;Кэйко=Keiko;Томоко=Tomoko;Юко=Yuko;Аюми=Ayumi'),
    last: pairs('Сато=Sato;Судзуки=Suzuki;Такахаси=Takahashi;Танака=Tanaka;Ватанабэ=Watanabe;Ито=Ito;Ямамото=Yamamoto;Накамура=Nakamura;Кобаяси=Kobayashi;Като=Kato;Ёсида=Yoshida;Ямада=Yamada;Сасаки=Sasaki;Мацумото=Matsumoto;Иноуэ=Inoue;Кимура=Kimura;Хаяси=Hayashi;Симидзу=Shimizu;Мори=Mori;Огава=Ogawa'),
  },
  es: {
    male: pairs('Хавьер=Javier;Карлос=Carlos;Мигель=Miguel;Алехандро=Alejandro;Пабло=Pablo;Диего=Diego;Серхио=Sergio;Адриан=Adrián;Хорхе=Jorge;Мануэль=Manuel;Альваро=Álvaro;Рауль=Raúl;Хосе=José;Луис=Luis;Андрес=Andrés'),
    female: pairs('Лусия=Lucía;Мария=María;Кармен=Carmen;Ана=Ana;Элена=Elena;Паула=Paula;Лаура=Laura;Марта=Marta;Инес=Inés;Сара=Sara;Кристина=Cristina;Росио=Rocío;Бланка=Blanca;Альба=Alba;Нурия=Nuria'),
    last: pairs('Гарсия=García;Мартинес=Martínez;Лопес=López;Санчес=Sánchez;Перес=Pérez;Гомес=Gómez;Фернандес=Fernández;Руис=Ruiz;Диас=Díaz;Морено=Moreno;Муньос=Muñoz;Алонсо=Alonso;Наварро=Navarro;Торрес=Torres;Рамос=Ramos;Хиль=Gil;Серрано=Serrano;Ортега=Ortega;Кастро=Castro;Монтеро=Montero'),
  },
  it: {
    male: pairs('Марко=Marco;Лука=Luca;Алессандро=Alessandro;Андреа=Andrea;Франческо=Francesco;Маттео=Matteo;Лоренцо=Lorenzo;Джованни=Giovanni;Паоло=Paolo;Стефано=Stefano;Риккардо=Riccardo;Федерико=Federico;Пьетро=Pietro;Томмазо=Tommaso;Симоне=Simone'),
    female: pairs('Джулия=Giulia;Франческа=Francesca;Кьяра=Chiara;Сара=Sara;Алессия=Alessia;Валентина=Valentina;Элиза=Elisa;Мартина=Martina;Федерика=Federica;Сильвия=Silvia;Паола=Paola;Лаура=Laura;Бьянка=Bianca;Изабелла=Isabella;Анна=Anna'),
    last: pairs('Росси=Rossi;Руссо=Russo;Феррари=Ferrari;Эспозито=Esposito;Бьянки=Bianchi;Романо=Romano;Коломбо=Colombo;Риччи=Ricci;Марино=Marino;Греко=Greco;Бруно=Bruno;Галло=Gallo;Конти=Conti;Де Лука=De Luca;Манчини=Mancini;Коста=Costa;Джордано=Giordano;Ломбарди=Lombardi;Моретти=Moretti;Феррара=Ferrara;Нери=Neri'),
  },
  de: {
    male: pairs('Томас=Thomas;Михаэль=Michael;Андреас=Andreas;Штефан=Stefan;Кристиан=Christian;Маркус=Markus;Тобиас=Tobias;Йонас=Jonas;Лукас=Lukas;Феликс=Felix;Себастьян=Sebastian;Маттиас=Matthias;Юрген=Jürgen;Клаус=Klaus;Франк=Frank'),
    female: pairs('Анна=Anna;Лена=Lena;Ханна=Hannah;Лаура=Laura;Юлия=Julia;Катрин=Katrin;Сабина=Sabine;Клаудия=Claudia;Петра=Petra;Леони=Leonie;Мириам=Miriam;Йоханна=Johanna;Грета=Greta;Фрида=Frieda;Марлен=Marlene'),
    last: pairs('Мюллер=Müller;Шмидт=Schmidt;Шнайдер=Schneider;Фишер=Fischer;Вебер=Weber;Майер=Meyer;Вагнер=Wagner;Беккер=Becker;Шульц=Schulz;Хоффман=Hoffmann;Кох=Koch;Рихтер=Richter;Кляйн=Klein;Вольф=Wolf;Шрёдер=Schröder;Нойман=Neumann;Браун=Braun;Циммерман=Zimmermann;Хартман=Hartmann;Кёниг=König;Брандт=Brandt'),
  },
  tr: {
    male: pairs('Мехмет=Mehmet;Мустафа=Mustafa;Ахмет=Ahmet;Эмре=Emre;Бурак=Burak;Джан=Can;Мурат=Murat;Озан=Ozan;Керем=Kerem;Хакан=Hakan;Барыш=Barış;Энгин=Engin'),
    female: pairs('Айше=Ayşe;Элиф=Elif;Зейнеп=Zeynep;Мерве=Merve;Дениз=Deniz;Селин=Selin;Эбру=Ebru;Бурджу=Burcu;Хазал=Hazal;Пынар=Pınar;Дерья=Derya;Туба=Tuba'),
    last: pairs('Йылмаз=Yılmaz;Кая=Kaya;Демир=Demir;Шахин=Şahin;Челик=Çelik;Йылдыз=Yıldız;Айдын=Aydın;Озтюрк=Öztürk;Арслан=Arslan;Доган=Doğan;Кылыч=Kılıç;Курт=Kurt;Озкан=Özkan;Коч=Koç;Полат=Polat'),
  },
  hi: {
    male: pairs('Радж=Raj;Арджун=Arjun;Викрам=Vikram;Рахул=Rahul;Амит=Amit;Санджай=Sanjay;Ришабх=Rishabh;Кабир=Kabir;Аджай=Ajay;Ранвир=Ranveer;Сунил=Sunil;Дев=Dev'),
    female: pairs('Прия=Priya;Ананья=Ananya;Дия=Diya;Кавья=Kavya;Анджали=Anjali;Пуджа=Pooja;Нита=Nita;Мира=Meera;Ишита=Ishita;Шрея=Shreya;Радха=Radha;Сона=Sona'),
    last: pairs('Шарма=Sharma;Капур=Kapoor;Кханна=Khanna;Малхотра=Malhotra;Сингх=Singh;Патель=Patel;Мехта=Mehta;Чопра=Chopra;Верма=Verma;Гупта=Gupta;Редди=Reddy;Наир=Nair;Джоши=Joshi;Бхатт=Bhatt'),
  },
};
