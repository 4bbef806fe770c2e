import { consents, legalDocuments, legalDocumentVersions, pages, type ConsentContext, type Db } from '@ekran/db';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';

/** A transaction (or the database) the consent log is written in. */
export type LegalTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type LegalVersionRow = typeof legalDocumentVersions.$inferSelect;

/** Drizzle queries of the legal documents, static pages and the consent log; no rules. */
export function createLegalRepo(db: Db) {
  return {
    /** Every document in /legal order with all its versions (oldest first). */
    async documentsWithVersions(): Promise<{ document: LegalDocumentRow; versions: LegalVersionRow[] }[]> {
      const rows = await db
        .select({ document: legalDocuments, version: legalDocumentVersions })
        .from(legalDocuments)
        .innerJoin(legalDocumentVersions, eq(legalDocumentVersions.documentId, legalDocuments.id))
        .orderBy(asc(legalDocuments.position), asc(legalDocumentVersions.version));
      const byId = new Map<string, { document: LegalDocumentRow; versions: LegalVersionRow[] }>();
      for (const { document, version } of rows) {
        const entry = byId.get(document.id) ?? { document, versions: [] };
        entry.versions.push(version);
        byId.set(document.id, entry);
      }
      return [...byId.values()];
    },

    /** A document by alias with all its versions (oldest first), or null. */
    async documentWithVersions(alias: string) {
      const [document] = await db.select().from(legalDocuments).where(eq(legalDocuments.alias, alias)).limit(1);
      if (!document) return null;
      const versions = await db.select().from(legalDocumentVersions).where(eq(legalDocumentVersions.documentId, document.id)).orderBy(asc(legalDocumentVersions.version));
      return { document, versions };
    },

    async page(alias: string) {
      const [row] = await db.select().from(pages).where(eq(pages.alias, alias)).limit(1);
      return row ?? null;
    },

    /** The consents of an account, newest first, with their documents' titles. */
    async consentsOf(userId: string) {
      return db
        .select({ consent: consents, title: legalDocuments.title })
        .from(consents)
        .leftJoin(legalDocuments, eq(legalDocuments.alias, consents.documentAlias))
        .where(eq(consents.userId, userId))
        .orderBy(desc(consents.acceptedAt), asc(consents.documentAlias));
    },
  };
}

/** The versions in force at `at` of the named documents (the newest whose effective_from has come), per alias. */
export async function versionsInForce(tx: LegalTx, aliases: readonly string[], at: Date): Promise<{ alias: string; version: number }[]> {
  if (!aliases.length) return [];
  const rows = await tx
    .selectDistinctOn([legalDocuments.alias], { alias: legalDocuments.alias, version: legalDocumentVersions.version })
    .from(legalDocuments)
    .innerJoin(legalDocumentVersions, eq(legalDocumentVersions.documentId, legalDocuments.id))
    .where(and(inArray(legalDocuments.alias, [...aliases]), lte(legalDocumentVersions.effectiveFrom, at)))
    .orderBy(asc(legalDocuments.alias), desc(legalDocumentVersions.version));
  return rows;
}

/** Adds rows to the consent log. */
export async function insertConsents(
  tx: LegalTx,
  rows: { userId: string; documentAlias: string; version: number; context: ConsentContext; acceptedAt: Date; ip: string | null; reference: string | null }[],
): Promise<void> {
  if (rows.length) await tx.insert(consents).values(rows).onConflictDoNothing();
}
