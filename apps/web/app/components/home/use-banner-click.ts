import type { Banner } from '@ekran/contracts';
import { bannerClickOutcome, type BannerClickOutcome, type BannerVisitor } from '@ekran/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import { useProfiles } from '../profiles/profiles-context.tsx';

/** What the banner player plays: a title (the product loader), a playlist (the playlist loader) or a trailer. */
export type PlayRequest =
  | { kind: 'product' | 'playlist'; alias: string; bannerTitle: string }
  | { kind: 'trailer'; trailerId: string; alias: string | null; bannerTitle: string };

interface RootVisitor {
  isVirtual?: boolean;
  isChild?: boolean;
}

/** The visitor as the banner click rule sees it: virtual or not, in a child profile, with a child profile. */
export function useBannerVisitor(): BannerVisitor {
  const root = useRouteLoaderData<RootVisitor | undefined>('root');
  const ui = useProfiles();
  const isVirtual = root?.isVirtual ?? true;
  const isChild = root?.isChild ?? false;
  const hasChildProfile = isChild || (ui?.shell.profiles.some((p) => p.child) ?? false);
  return useMemo(() => ({ isVirtual, isChild, hasChildProfile }), [isVirtual, isChild, hasChildProfile]);
}

/**
 * spec platform §4 Banner click, carried out: the outcome of each banner (core bannerClickOutcome) and what
 * a press does. Navigation is a link the banner renders; this runs the rest: play (through the lazily loaded
 * player), the child-profile prompt and the child-profile switch of the profiles context.
 */
export function useBannerClick() {
  const visitor = useBannerVisitor();
  const ui = useProfiles();
  const navigate = useNavigate();
  const [playing, setPlaying] = useState<PlayRequest | null>(null);

  const outcomeOf = useCallback((banner: Pick<Banner, 'type' | 'actions'>) => bannerClickOutcome(banner, visitor), [visitor]);

  const press = useCallback(
    (banner: Banner, outcome: BannerClickOutcome) => {
      trackClick({ block_type: 'banner', element_type: outcome.kind, element_id: banner.id, element_text: banner.title });
      switch (outcome.kind) {
        case 'play-product':
          return setPlaying({ kind: 'product', alias: outcome.alias, bannerTitle: banner.title });
        case 'play-playlist':
          return setPlaying({ kind: 'playlist', alias: outcome.alias, bannerTitle: banner.title });
        case 'play-trailer':
          return setPlaying({ kind: 'trailer', trailerId: outcome.trailerId, alias: outcome.alias, bannerTitle: banner.title });
        case 'navigate':
          return void navigate(outcome.url);
        // Without the profile machinery (it is there for every registered visitor) the deeplink does the same.
        case 'child-profile-prompt':
          return ui ? ui.open({ kind: 'child-prompt', switchAfter: true }) : void navigate('/child_profile');
        case 'switch-to-child':
          return ui ? ui.switchTo(null) : void navigate('/child_profile');
        case 'none':
          return undefined;
      }
    },
    [navigate, ui],
  );

  return { outcomeOf, press, playing, stop: useCallback(() => setPlaying(null), []) };
}
