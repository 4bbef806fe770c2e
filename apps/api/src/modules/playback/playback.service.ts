import { isUuid } from '@ekran/core';
import type { MediaMarkers, NextItem, PlaybackCheck, PlayerSlot, ProductPlayback } from '@ekran/contracts';
import { ApiPath, ErrorCode, RatingAgeSchema } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createIpRanges } from '../../lib/ip-ranges.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { kidsScopeOf, scopeAllows } from '../profiles/kids-scope.ts';
import type { StreamSessionsService } from '../streams/stream-sessions.service.ts';
import { createPlaybackRepo } from './playback.repo.ts';
import { HEARTBEAT_INTERVAL_SECONDS, signedMedia } from './signed-media.ts';


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

/** What gating reads of an item: a title's, or a TV channel's or a recording's. */
export interface Gateable {
  forKids: boolean;
  ratingAge: string;
  /** Plays for anyone (an open title; a free channel live). */
  isOpen: boolean;
}

/** What the gate decided for an item that passed every refusal. */
export interface GateResult<T extends Gateable = Playable> {
  item: T;
  /** May play it now. */
  entitled: boolean;
  /** Holds an entitling subscription (slots for non-subscribers are not shown to subscribers). */
  subscribed: boolean;
  /** An operator customer out of balance (mf_pop_up no_money). */
  operatorBlocked: boolean;
}

const mediaOf = (m: PlayableMedia): PlayableMedia => ({
  slug: m.slug, durationSeconds: m.durationSeconds, thumbnailsVtt: m.thumbnailsVtt,
  introStartSeconds: m.introStartSeconds, introEndSeconds: m.introEndSeconds, creditsStartSeconds: m.creditsStartSeconds,
});

/** What playback asks other modules: whether the account is entitled, whether its device is registered. */
export interface PlaybackUses {
  identity: Pick<IdentityService, 'hasActiveSubscription'>;
  devices: Pick<DevicesService, 'assertRegistered'>;
  streams: Pick<StreamSessionsService, 'openForCheck'>;
}

/** Playback: what an item is, whether the caller may play it, and signed stream URLs bound to a stream session. */
export function createPlaybackService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity, devices, streams }: PlaybackUses) {
  const repo = createPlaybackRepo(deps.database.db);
  // Parsed once at start (env.ts has validated every entry).
  const anonymizers = createIpRanges(deps.env.ANONYMIZER_IP_RANGES);
  const blocked = createIpRanges(deps.env.BLOCKED_IP_RANGES);

  async function resolve(uid: string): Promise<Playable> {
    if (!isUuid(uid)) throw notFound(`Item ${uid}`);
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

  /** A child session plays only kids titles within its age cap: 403 KIDS_PROFILE_RESTRICTED. */
  function refuseOutsideKidsScope(item: Gateable, session: SessionContext | null) {
    if (!scopeAllows(kidsScopeOf(session), item)) throw forbidden('This title is not available in a kids profile', 'KIDS_PROFILE_RESTRICTED');
  }

  /** spec platform §8: 400 whose code and message are USER_USE_ANONYMIZER or FORBIDEN_IP (the client matches the message). */
  function refuseAddress(ip: string) {
    if (anonymizers.has(ip)) throw new AppError(400, ErrorCode.UserUseAnonymizer, ErrorCode.UserUseAnonymizer);
    if (blocked.has(ip)) throw new AppError(400, ErrorCode.ForbiddenIp, ErrorCode.ForbiddenIp);
  }

  /**
   * The server side of spec platform §4 "Playback gating", in order: an unknown item 404; a child profile and
   * a title outside its scope 403 KIDS_PROFILE_RESTRICTED; an anonymizer or a blocked address 400; (the check
   * only) an unregistered device 403 DEVICE_NOT_REGISTERED; then entitlement: open items play for anyone,
   * the rest need an entitling subscription, and an operator customer whose balance ran out (mf_pop_up
   * no_money, the blocking popup state of platform §4) plays only open items.
   */
  async function gate(uid: string, session: SessionContext, ip: string, device?: { uid: string | undefined }): Promise<GateResult> {
    return gateItem(await resolve(uid), session, ip, device);
  }

  /**
   * The gate for an item found already (a TV channel or a recording, whose 404s are their own):
   * the refusals of gate() after the 404, in the same order; `refuseRegion` (TV's geo rule, spec platform §6)
   * comes between the kids scope and the address.
   */
  async function gateItem<T extends Gateable>(
    item: T,
    session: SessionContext,
    ip: string,
    device?: { uid: string | undefined },
    options: { refuseRegion?: (session: SessionContext) => void } = {},
  ): Promise<GateResult<T>> {
    refuseOutsideKidsScope(item, session);
    options.refuseRegion?.(session);
    refuseAddress(ip);
    if (device) {
      await devices.assertRegistered(session, device.uid);
      // The stream session belongs to the session's device: a session without one cannot hold a stream.
      if (!session.deviceId) throw forbidden('This device is not registered to the account', ErrorCode.DeviceNotRegistered);
    }
    const [subscribed, operator] = await Promise.all([identity.hasActiveSubscription(session.userId), repo.operatorState(session.userId)]);
    const operatorBlocked = operator.isOperator && operator.popup === 'no_money';
    return { item, entitled: item.isOpen || (subscribed && !operatorBlocked), subscribed, operatorBlocked };
  }

  /** spec platform §3 Playback-check response when not entitled: no playlists, the tariffs that would unlock it. */
  async function notEntitled(): Promise<PlaybackCheck> {
    const tariffs = await repo.activeTariffs();
    return {
      playlists: [],
      reason: 'subscription_required',
      stream: null, markers: null, prerolls: [], postrolls: [], next: null,
      upgrade_options: tariffs.map((t) => ({
        tariff_id: t.id, title: t.title, price: t.price, currency: t.currency, duration_days: t.durationDays,
        allow_trial: t.allowTrial, trial_days: t.trialDays,
      })),
    };
  }

  /**
   * Spec platform §8: an operator customer whose balance ran out gets «Пополните баланс и
   * возвращайтесь», not tariffs: the operator already bills for the subscription.
   */
  function insufficientBalance(): PlaybackCheck {
    return { playlists: [], reason: 'insufficient_balance', stream: null, markers: null, prerolls: [], postrolls: [], next: null, upgrade_options: [] };
  }

  /**
   * Our promos around the item: active, in their window, for kids or adult profiles as the session is, those
   * for non-subscribers only to viewers without a subscription; none around trailers and extras, and none that
   * promotes the title being watched. Each is signed under the same stream session.
   */
  async function slotsFor(gated: GateResult, session: SessionContext, sid: string, now: Date) {
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
    // ---- TV playback gates its channels and recordings the same way and answers the same refusals
    gateItem,
    notEntitled,
    insufficientBalance,

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
     * spec platform §3 Playback-check response, after the gate (see gate()). Not entitled: empty playlists plus
     * the tariffs that would unlock it, so the client can follow the rest of platform §4. Entitled: the stream
     * session of this account and device (pending: a check, e.g. a page view, never starts a stream; the
     * player's first heartbeat does), the master playlist signed for it, and what the player shows around it.
     */
    async check(uid: string, session: SessionContext, request: { ip: string; deviceUid: string | undefined }): Promise<PlaybackCheck> {
      const gated = await gate(uid, session, request.ip, { uid: request.deviceUid });
      if (!gated.entitled) return gated.operatorBlocked ? insufficientBalance() : notEntitled();
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
