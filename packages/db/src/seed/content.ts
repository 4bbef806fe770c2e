// The legal documents with their versions and the static pages of spec platform §2 (Legal, Static), seeded as the
// editors would write them. Upserts on natural keys (alias; document and version), so a re-run changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { legalDocuments, legalDocumentVersions, pages } from '../schema.ts';
import { LEGAL_DOCUMENTS } from './legal-texts.ts';
import { STATIC_PAGES } from './page-texts.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** A seed date is Moscow midnight of that day, when a Russian document takes effect. */
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** Writes the legal documents, their versions and the static pages; answers how many documents and pages. */
export async function seedContent(tx: Tx | Db): Promise<{ documents: number; pages: number }> {
  for (const [position, doc] of LEGAL_DOCUMENTS.entries()) {
    const [row] = await tx
      .insert(legalDocuments)
      .values({ alias: doc.alias, title: doc.title, description: doc.description, position })
      .onConflictDoUpdate({ target: legalDocuments.alias, set: { title: excluded('title'), description: excluded('description'), position: excluded('position') } })
      .returning({ id: legalDocuments.id });
    await tx
      .insert(legalDocumentVersions)
      .values(doc.versions.map((v) => ({ documentId: row!.id, version: v.version, bodyMd: v.body, summary: v.summary, effectiveFrom: moscowMidnight(v.effectiveFrom) })))
      .onConflictDoUpdate({
        target: [legalDocumentVersions.documentId, legalDocumentVersions.version],
        set: { bodyMd: excluded('body_md'), summary: excluded('summary'), effectiveFrom: excluded('effective_from') },
      });
  }
  await tx
    .insert(pages)
    .values(STATIC_PAGES.map((p) => ({ alias: p.alias, title: p.title, description: p.description, bodyMd: p.body })))
    .onConflictDoUpdate({ target: pages.alias, set: { title: excluded('title'), description: excluded('description'), bodyMd: excluded('body_md') } });
  return { documents: LEGAL_DOCUMENTS.length, pages: STATIC_PAGES.length };
}

/** For a database seeded before the legal documents and pages existed: writes them when there are none. */
export async function ensureContent(db: Db): Promise<number> {
  const [any] = await db.select({ id: legalDocuments.id }).from(legalDocuments).limit(1);
  if (any) return 0;
  return (await db.transaction((tx) => seedContent(tx))).documents;
}
