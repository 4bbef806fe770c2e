// Russian → Latin transliteration for URL aliases, plus a registry that keeps
// aliases unique.

const TABLE: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i',
  й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '',
  э: 'e', ю: 'yu', я: 'ya',
  // Latin letters that do not decompose under NFD
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ı: 'i', ł: 'l', đ: 'd', þ: 'th',
};

/** Transliterate Cyrillic to Latin; other characters are kept as they are. */
export function translit(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += TABLE[ch] ?? ch;
  return out;
}

/** Lowercase kebab-case ASCII slug: 'Лёд и пламя' → 'lyod-i-plamya', 'Émile Zola' → 'emile-zola'. */
export function slugify(text: string): string {
  return translit(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const ALIAS_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export class AliasRegistry {
  private readonly used = new Set<string>();

  /** Claim a unique alias for `text`; on collision try `-{hint}` (e.g. the year), then -2, -3… */
  claim(text: string, hint?: string | number, fallback = 'item'): string {
    const base = slugify(text) || fallback;
    const candidates = [base];
    if (hint !== undefined && slugify(String(hint))) candidates.push(`${base}-${slugify(String(hint))}`);
    for (const c of candidates) {
      if (!this.used.has(c)) {
        this.used.add(c);
        return c;
      }
    }
    for (let n = 2; ; n++) {
      const c = `${base}-${n}`;
      if (!this.used.has(c)) {
        this.used.add(c);
        return c;
      }
    }
  }
}
