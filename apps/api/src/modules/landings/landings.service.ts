import type { Landing } from '@ekran/contracts';
import { landingState, kidsScopeOf, scopeAllows } from '@ekran/core';
import type { Deps as Handles } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toTariff } from '../billing/billing.mapper.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { posterImage } from '../images/poster-url.ts';
import { createLandingsRepo } from './landings.repo.ts';

type Deps = Pick<Handles, 'database' | 'now'>;

/** The landings of spec platform §2 (/pages/{slug}): copy, period, and what they sell while they run. */
export function createLandingsService(deps: Deps, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createLandingsRepo(deps.database.db);

  return {
    /**
     * A landing by slug (404 for an unknown one). Outside its period it still answers (the page says the offer is
     * over or not yet open) but sells nothing: no tariff, no code. A tariff that was switched off sells nothing
     * either. The featured title is left out when it is disabled or the session's kids scope may not see it.
     */
    async landing(slug: string, session: SessionContext | null): Promise<Landing> {
      const found = await repo.bySlug(slug);
      if (!found) throw notFound('Landing');
      const { landing: row, tariff, title } = found;
      const state = landingState(row, deps.now());
      const selling = state === 'active';
      const visible = title && !title.isDisabled && scopeAllows(kidsScopeOf(session), title) ? title : null;
      const sells = selling && tariff?.isActive ? tariff : null;
      const [[card], next] = await Promise.all([visible ? catalog.toCards([visible]) : Promise.resolve([]), repo.tariff(sells?.nextTariffId ?? null)]);
      return {
        slug: row.slug,
        title: row.title,
        lead: row.lead,
        sections: row.sections.map((s) => ({ heading: s.heading, text: s.text, items: s.items ?? [] })),
        // spec platform §9 banner art 1326x310 on desktop, 16:9 on phones (generated art, decision 003)
        hero: { desktop: posterImage(row.hero, 'banner'), mobile: posterImage(row.hero, 'banner-mobile') },
        seo: { title: row.seoTitle, description: row.seoDescription },
        state,
        starts_at: row.startsAt?.toISOString() ?? null,
        ends_at: row.endsAt?.toISOString() ?? null,
        cta_text: row.ctaText,
        tariff: sells ? toTariff(sells) : null,
        next_tariff: next ? toTariff(next) : null,
        promo_code: selling ? row.promoCode : null,
        code_entry: selling && row.codeEntry,
        featured: card && visible ? { ...card, description: visible.description } : null,
      };
    },
  };
}
