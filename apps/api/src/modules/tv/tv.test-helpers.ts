import { tvChannels, tvProgrammes } from '@ekran/db';
import { seedTvChannels } from '@ekran/db/seed';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';

/** The demo channels and categories (tv-channels.ts), over the demo media slugs. */
export async function seedChannels(t: TestApp): Promise<Map<string, string>> {
  const slugs = ['aurora', 'metropolis', 'meadow', 'teaser'];
  const media = new Map<string, string>();
  for (const slug of slugs) media.set(slug, (await t.make.media(slug)).id);
  await seedTvChannels(t.db, (slug) => media.get(slug)!);
  const rows = await t.db.select({ id: tvChannels.id, alias: tvChannels.alias }).from(tvChannels);
  return new Map(rows.map((r) => [r.alias, r.id]));
}

/** Programmes of a channel, in order. */
export const programmesOf = (t: TestApp, channelId: string) => t.db.select().from(tvProgrammes).where(eq(tvProgrammes.channelId, channelId)).orderBy(tvProgrammes.startsAt);

/** A minimal XMLTV document of programmes (times as XMLTV strings). */
export function xmltv(programmes: { channel: string; start: string; stop?: string; title: string; extra?: string }[]): string {
  const body = programmes
    .map((p) => `<programme start="${p.start}"${p.stop ? ` stop="${p.stop}"` : ''} channel="${p.channel}"><title lang="ru">${p.title}</title>${p.extra ?? ''}</programme>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n${body}\n</tv>\n`;
}
