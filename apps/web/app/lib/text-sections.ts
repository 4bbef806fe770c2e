/**
 * Which top-level sections of the translation files a source module names (decision 046). A browser loads the
 * Russian texts section by section: the client build gives every module an import of the sections it names
 * (vite.config.ts), so a page downloads the texts of the modules it runs, and a lazy chunk brings its own.
 *
 * A key is named by a string literal that starts with its section: 'profiles.menu.open', `genres.${kind}`, and a
 * literal equal to a section (t('brand')). A key the code builds from something that is not such a literal (a
 * variable from props or loader data) must be declared in DYNAMIC_TEXT_SECTIONS (text-sections.test.ts enforces it).
 */
export function textSectionsOf(source: string, sections: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(['"`])([A-Za-z][A-Za-z0-9_]*)(?=\.[A-Za-z0-9_$]|\1)/g)) {
    const section = m[2]!;
    if (sections.has(section)) found.add(section);
  }
  return [...found].sort();
}

/**
 * Modules whose translate calls take a key that is not a literal of the module, with the sections those keys are
 * in (paths from apps/web). Each is also named by a literal in its module today; the table keeps that true.
 */
export const DYNAMIC_TEXT_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  'app/components/home/banner-content.tsx': ['banners'],
  'app/components/devices/format.ts': ['devices'],
  'app/components/watch/subscription-dialog.tsx': ['offers'],
  'app/routes/watch/watch.tsx': ['meta'],
  'app/routes/partners/partner.tsx': ['partnersInfo'],
};
