import { isUuid } from '@ekran/core';
import type { MediaMarkers, NextItem, PlaybackCheck, PlayerSlot, ProductPlayback } from '@ekran/contracts';
import { ApiPath, RatingAgeSchema } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { EntitlementService, GateResult } from '../entitlement/entitlement.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { StreamSessionsService } from '../streams/stream-sessions.service.ts';
import { createPlaybackRepo } from './playback.repo.ts';
import { HEARTBEAT_INTERVAL_SECONDS, signedMedia } from '../streams/media-grants.ts';

/** The media of a playable item: what signing, markers and thumbnails need. */
interface PlayableMedia {
  slug: string;
  durationSeconds: number;
  thumbnailsVtt: string | null;
  introStartSeconds: number | null;
  introEndSeconds: number | null;
  creditsStartSeconds: number | null;
}

/** One playable thing: a movie, an episode or an extra, with what gating needs to know. */
export interface Playable {
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
  /** An episode's place in its series (for `next`); null otherwise. */
  episode: { season: number; number: number } | null;
  media: PlayableMedia;
}

/** What the entitlement gate decided for a playable item. */
export type PlaybackGate = GateResult<Playable>;

const mediaOf = (m: PlayableMedia): PlayableMedia => ({
  slug: m.slug, durationSeconds: m.durationSeconds, thumbnailsVtt: m.thumbnailsVtt,
  introStartSeconds: m.introStartSeconds, introEndSeconds: m.introEndSeconds, creditsStartSeconds: m.creditsStartSeconds,
});

/** What playback asks other modules: may the caller play it (entitlement), and a stream session to sign for. */
export interface PlaybackUses {
  entitlement: Pick<EntitlementService, 'gate' | 'refuseOutsideKidsScope' | 'refusal'>;
  streams: Pick<StreamSessionsService, 'openForCheck'>;
  /** The catalogue's revision: what an item is comes from the catalogue and is kept until it moves. */
  catalog?: { revision?: CacheRevision };
}

/** Playback: what an item is, whether the caller may play it, and signed stream URLs bound to a stream session. */
export function createPlaybackService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { entitlement, streams, catalog = {} }: PlaybackUses) {
  const repo = createPlaybackRepo(deps.database.db);
  // What an item is, as the catalogue's answers are kept (CATALOG_CACHE_SECONDS, and the catalogue's revision). An
  // unknown uid is not kept (a failed load never is), so made-up uids cannot fill it with anything but misses.
  const catalogTtlMs = deps.env.CATALOG_CACHE_SECONDS * 1000;
  const items = createTtlCache<Playable>({ ttlMs: catalogTtlMs, maxEntries: 2_000, revision: catalog.revision, name: 'catalog' });
  const resolve = (uid: string): Promise<Playable> => items.get(uid, () => lookUp(uid));

  async function lookUp(uid: string): Promise<Playable> {
    if (!isUuid(uid)) throw notFound(`Item ${uid}`);
    const main = await repo.movieOrSeries(uid);
    if (main) {
      const t = main.title;
      if (t.kind === 'series') {
        const first = await repo.firstEpisode(t.id);
        if (!first) throw notFound(`Episodes of ${t.alias}`);
        return lookUp(first.episode.id);
      }
      if (!main.media) throw notFound(`Video of ${t.alias}`);
      return {
        uid: t.id, cls: 'Movie', title: t.title, alias: t.alias, ratingAge: t.ratingAge, forKids: t.forKids,
        isOpen: t.isFree, isPreview: false, titleId: t.id, episode: null, media: mediaOf(main.media),
      };
    }
    const ep = await repo.episode(uid);
    if (ep) {
      return {
        uid: ep.episode.id, cls: 'Episode',
        title: `${ep.title.title}. Сезон ${ep.season.number}, серия ${ep.episode.number}. ${ep.episode.title}`,
        alias: ep.title.alias, ratingAge: ep.title.ratingAge, forKids: ep.title.forKids,
        isOpen: ep.title.isFree || ep.episode.isPreview, isPreview: ep.episode.isPreview, titleId: ep.title.id,
        episode: { season: ep.season.number, number: ep.episode.number }, media: mediaOf(ep.media),
      };
    }
    const ex = await repo.extra(uid);
    if (ex) {
      return {
        uid: ex.extra.id, cls: 'Trailer', title: `${ex.title.title}. ${ex.extra.title}`, alias: ex.title.alias,
        ratingAge: ex.title.ratingAge, forKids: ex.title.forKids, isOpen: true, isPreview: true, titleId: ex.title.id,
        episode: null, media: mediaOf(ex.media),
      };
    }
    throw notFound(`Item ${uid}`);
  }

  /** The gate of spec platform §4 for an item by its uid: an unknown one 404, then entitlement's refusals. */
  async function gate(uid: string, session: SessionContext, ip: string, device?: { uid: string | undefined }): Promise<PlaybackGate> {
    return entitlement.gate(await resolve(uid), session, ip, device);
  }

  /**
   * Our promos around the item: active, in their window, for kids or adult profiles as the session is, those
   * for non-subscribers only to viewers without a subscription; none around trailers and extras, and none that
   * promotes the title being watched. Each is signed under the same stream session.
   */
  async function slotsFor(gated: PlaybackGate, session: SessionContext, sid: string, now: Date) {
    if (gated.item.cls === 'Trailer') return { prerolls: [], postrolls: [] };
    const rows = await repo.playerSlots(now, session.isChild);
    const slots = rows
      .filter(({ slot }) => slot.audience === 'all' || (slot.audience === 'non_subscribers' && !gated.subscribed))
      .filter(({ slot }) => slot.titleId !== gated.item.titleId)
      .map(({ slot, media, titleAlias }): PlayerSlot => ({
        uid: slot.id,
        position: slot.position,
        title: slot.title,
        url: signedMedia(deps.env, now, media.slug, sid).url,
        duration_seconds: media.durationSeconds,
        skip_after_seconds: slot.skipAfterSeconds,
        link: titleAlias ? `/watch/${titleAlias}` : null,
      }));
    return { prerolls: slots.filter((s) => s.position === 'preroll'), postrolls: slots.filter((s) => s.position === 'postroll') };
  }

  async function nextOf(item: Playable): Promise<NextItem | null> {
    if (!item.episode) return null;
    const next = await repo.nextEpisode(item.titleId, item.episode.season, item.episode.number);
    return next ? { uid: next.id, title: next.title, season: next.season, episode: next.episode } : null;
  }

  // null when the media has no mark at all (the contract: "null: not marked").
  const markersOf = (m: PlayableMedia): MediaMarkers | null =>
    m.introStartSeconds === null && m.introEndSeconds === null && m.creditsStartSeconds === null
      ? null
      : { intro_start: m.introStartSeconds, intro_end: m.introEndSeconds, credits_start: m.creditsStartSeconds };

  return {
    resolve,
    gate,

    /** spec platform §3 Product playback response. */
    async product(uid: string, session: SessionContext | null = null): Promise<ProductPlayback> {
      const item = await resolve(uid);
      entitlement.refuseOutsideKidsScope(item, session);
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
     * spec platform §3 Playback-check response, after the gate (entitlement.gate). Not entitled: empty playlists plus
     * the tariffs that would unlock it, so the client can follow the rest of platform §4. Entitled: the stream
     * session of this account and device (pending: a check, e.g. a page view, never starts a stream; the
     * player's first heartbeat does), the master playlist signed for it, and what the player shows around it.
     */
    async check(uid: string, session: SessionContext, request: { ip: string; deviceUid: string | undefined }): Promise<PlaybackCheck> {
      const gated = await gate(uid, session, request.ip, { uid: request.deviceUid });
      if (!gated.entitled) return entitlement.refusal(gated);
      const { item } = gated;
      const now = deps.now();
      const stream = await streams.openForCheck({
        userId: session.userId,
        deviceId: session.deviceId!,
        profileId: session.profileId,
        item: { uid: item.uid, title: item.title, slug: item.media.slug },
        now,
        aliveSince: new Date(now.getTime() - deps.env.STREAM_ALIVE_SECONDS * 1000),
      });
      const signed = signedMedia(deps.env, now, item.media.slug, stream.id);
      const [slots, next] = await Promise.all([slotsFor(gated, session, stream.id, now), nextOf(item)]);
      return {
        playlists: [
          {
            url: signed.url,
            type: 'hls',
            expires_at: signed.expiresAt.toISOString(),
            duration_seconds: item.media.durationSeconds,
            thumbnails_url: item.media.thumbnailsVtt ? `${signed.prefix}${item.media.thumbnailsVtt.replace(/^\/+/, '')}` : null,
          },
        ],
        upgrade_options: [],
        reason: 'ok',
        stream: {
          id: stream.id,
          heartbeat_url: ApiPath.streamHeartbeat(stream.id),
          stop_url: ApiPath.stream(stream.id),
          heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS,
        },
        markers: markersOf(item.media),
        ...slots,
        next,
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
