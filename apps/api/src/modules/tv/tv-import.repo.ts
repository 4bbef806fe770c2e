import { titles, tvChannels, tvImports, type Db } from '@ekran/db';
import { eq } from 'drizzle-orm';

/** What the importer matches programmes against. */
export interface CatalogueTitle {
  id: string;
  alias: string;
  kind: 'movie' | 'series';
  title: string;
  titleOriginal: string | null;
  year: number;
}

/** The queries of the XMLTV import. */
export function createTvImportRepo(db: Db) {
  return {
    /** Records an import as running; answers its id. */
    async start(source: string): Promise<string> {
      const [row] = await db.insert(tvImports).values({ source: source.slice(0, 1000) }).returning({ id: tvImports.id });
      return row!.id;
    },

    async fail(id: string, problems: string[]): Promise<void> {
      await db.update(tvImports).set({ status: 'failed', finishedAt: new Date(), problems }).where(eq(tvImports.id, id));
    },

    /** Channel ids by their XMLTV id. */
    async channelsByXmltvId(): Promise<Map<string, string>> {
      const rows = await db.select({ id: tvChannels.id, xmltvId: tvChannels.xmltvId }).from(tvChannels);
      return new Map(rows.map((r) => [r.xmltvId, r.id]));
    },

    /** The catalogue's titles that may go on air (not disabled). */
    catalogueTitles(): Promise<CatalogueTitle[]> {
      return db
        .select({ id: titles.id, alias: titles.alias, kind: titles.kind, title: titles.title, titleOriginal: titles.titleOriginal, year: titles.year })
        .from(titles)
        .where(eq(titles.isDisabled, false));
    },
  };
}
