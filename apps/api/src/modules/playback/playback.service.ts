import type { PlaybackCheck, ProductPlayback } from '@ekran/contracts';
import { ApiPath, RatingAgeSchema } from '@ekran/contracts';
import type { AppDeps } from '../../app.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../identity/identity.service.ts';
import { createIdentityService } from '../identity/identity.service.ts';
import { kidsScopeOf, scopeAllows } from '../profiles/kids-scope.ts';
import { signMediaToken } from './media-token.ts';
import { createPlaybackRepo } from './playback.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One playable thing: a movie, an episode or an extra, with what gating needs to know. */
interface Playable {
  uid: string;
  cls: ProductPlayback['cls'];
  title: string;
  alias: string;
  ratingAge: string;
  forKids: boolean;
  /** Plays for anyone: a free title, a preview episode, a trailer or extra (spec platform §4). */
  isOpen: boolean;
  isPreview: boolean;
  titleId: string;
  media: { slug: string; durationSeconds: number };
}

/** Playback: what an item is, whether the caller may play it, and signed stream URLs. */
export function createPlaybackService(deps: Required<Pick<AppDeps, 'env' | 'database' | 'now'>>) {
  const repo = createPlaybackRepo(deps.database.db);
  const identity = createIdentityService(deps);

  async function resolve(uid: string): Promise<Playable> {
    if (!UUID.test(uid)) throw notFound(`Item ${uid}`);
    const main = await repo.movieOrSeries(uid);
    if (main) {
      const t = main.title;
      if (t.kind === 'series') {
        const first = await repo.firstEpisode(t.id);
        if (!first) throw notFound(`Episodes of ${t.alias}`);
        return resolve(first.episode.id);
      }
      if (!main.media) throw notFound(`Video of ${t.alias}`);
      return {
        uid: t.id, cls: 'Movie', title: t.title, alias: t.alias, ratingAge: t.ratingAge, forKids: t.forKids,
        isOpen: t.isFree, isPreview: false, titleId: t.id,
        media: { slug: main.media.slug, durationSeconds: main.media.durationSeconds },
      };
    }
    const ep = await repo.episode(uid);
    if (ep) {
      return {
        uid: ep.episode.id, cls: 'Episode',
        title: `${ep.title.title}. Сезон ${ep.season.number}, серия ${ep.episode.number}. ${ep.episode.title}`,
        alias: ep.title.alias, ratingAge: ep.title.ratingAge, forKids: ep.title.forKids,
        isOpen: ep.title.isFree || ep.episode.isPreview, isPreview: ep.episode.isPreview, titleId: ep.title.id,
        media: { slug: ep.media.slug, durationSeconds: ep.media.durationSeconds },
      };
    }
    const ex = await repo.extra(uid);
    if (ex) {
      return {
        uid: ex.extra.id, cls: 'Trailer', title: `${ex.title.title}. ${ex.extra.title}`, alias: ex.title.alias,
        ratingAge: ex.title.ratingAge, forKids: ex.title.forKids, isOpen: true, isPreview: true, titleId: ex.title.id,
        media: { slug: ex.media.slug, durationSeconds: ex.media.durationSeconds },
      };
    }
    throw notFound(`Item ${uid}`);
  }

  /** A child session plays only kids titles within its age cap (issue 3 profiles): 403 KIDS_PROFILE_RESTRICTED. */
  function refuseOutsideKidsScope(item: Playable, session: SessionContext | null) {
    if (!scopeAllows(kidsScopeOf(session), item)) throw forbidden('This title is not available in a kids profile', 'KIDS_PROFILE_RESTRICTED');
  }

  return {
    /** spec platform §3 Product playback response. */
    async product(uid: string, session: SessionContext | null = null): Promise<ProductPlayback> {
      const item = await resolve(uid);
      refuseOutsideKidsScope(item, session);
      const trailer = item.cls === 'Trailer' ? null : await repo.firstTrailer(item.titleId);
      return {
        _id: item.uid,
        uid: item.uid,
        cls: item.cls,
        title: item.title,
        alias: item.alias,
        playback_options: { url: ApiPath.playbackCheck(item.uid) },
        trailer_src: trailer ? ApiPath.playbackCheck(trailer.id) : null,
        rating_age: RatingAgeSchema.parse(item.ratingAge),
        is_preview: item.isPreview,
        additional_content: trailer ? [{ uid: trailer.id, video_src: ApiPath.playbackCheck(trailer.id) }] : [],
      };
    },

    /**
     * spec platform §3 Playback-check response. Open items play for anyone; everything else needs an
     * active subscription. A child profile plays only kids titles. Not entitled: empty playlists plus
     * the tariffs that would unlock it, so the client can follow the gating order of platform §4.
     */
    async check(uid: string, session: SessionContext): Promise<PlaybackCheck> {
      const item = await resolve(uid);
      refuseOutsideKidsScope(item, session);
      const entitled = item.isOpen || (await identity.hasActiveSubscription(session.userId));
      if (!entitled) {
        const tariffs = await repo.activeTariffs();
        return {
          playlists: [],
          reason: 'subscription_required',
          upgrade_options: tariffs.map((t) => ({
            tariff_id: t.id, title: t.title, price: t.price, currency: t.currency, duration_days: t.durationDays,
            allow_trial: t.allowTrial, trial_days: t.trialDays,
          })),
        };
      }
      const expiresAt = new Date(deps.now().getTime() + deps.env.MEDIA_TOKEN_TTL_SECONDS * 1000);
      const token = signMediaToken(deps.env.MEDIA_TOKEN_SECRET, item.media.slug, expiresAt);
      return {
        playlists: [
          {
            url: `${ApiPath.media}/${item.media.slug}/master.m3u8?token=${encodeURIComponent(token)}`,
            type: 'hls',
            expires_at: expiresAt.toISOString(),
            duration_seconds: item.media.durationSeconds,
          },
        ],
        upgrade_options: [],
        reason: 'ok',
      };
    },
  };
}
