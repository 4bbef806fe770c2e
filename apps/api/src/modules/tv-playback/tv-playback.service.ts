import { isUuid } from '@ekran/core';
import { LRUCache } from 'lru-cache';
import type { PlaybackCheck, TvPlaybackCheck, TvRecording } from '@ekran/contracts';
import { ApiPath, ErrorCode } from '@ekran/contracts';
import type { Deps as Handles } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { EntitlementService, Gateable } from '../entitlement/entitlement.service.ts';
import type { StreamSessionsService } from '../streams/stream-sessions.service.ts';
import { assetReaderFor, readAssetLayout, type AssetFileReader, type AssetLayout } from './asset-layout.ts';
import { ChannelPlanError, planChannel, type ChannelPlan } from './channel-plan.ts';
import { channelMasterPlaylist, liveMediaPlaylist, NotOnAirError, rangeSeconds, recordingMediaPlaylist, type UrlOf } from './live-playlist.ts';
import { liveGrantExpiry } from './tv-media.ts';
import { toChannelBrief, toProgrammeBrief } from './tv-playback.mapper.ts';
import { createTvPlaybackRepo, type ChannelWithLoop, type ProgrammeRow } from './tv-playback.repo.ts';
import { signMediaPrefix, HEARTBEAT_INTERVAL_SECONDS, mediaBaseOf, liveKey, parseTvKey, recordingKey, signedTv } from '../streams/media-grants.ts';

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;

/** spec platform §6: TV channels play in country RU only. */
export const TV_COUNTRY = 'RU';

/** A live channel or a recording, as gating, stream sessions and playlists need it. */
export interface TvItem extends Gateable {
  kind: 'live' | 'recording';
  /** The stream session's item: the channel's id, or the programme's. */
  uid: string;
  title: string;
  /** The stream's key (tv-media.ts): live.{alias} or rec.{id}. */
  key: string;
  channel: ChannelWithLoop;
  programme: ProgrammeRow | null;
}

/** What a heartbeat of a TV stream needs: whether it may go on, its item, and the assets its segments come from. */
export interface TvHeartbeatGate {
  entitled: boolean;
  item: { uid: string; title: string; slug: string };
  slugs: string[];
}

/** spec platform §6: outside RU a channel page reports geo_error with attribute tvchannels_{channel} (403). */
export function refuseOutsideRu(alias: string) {
  return (session: Pick<SessionContext, 'countryCode'>) => {
    if (session.countryCode.toUpperCase() !== TV_COUNTRY) {
      throw new AppError(403, ErrorCode.GeoError, 'TV channels are available in Russia only', { attribute: `tvchannels_${alias}` });
    }
  };
}

/**
 * Live TV and recordings: the gate of platform §4 for a channel or a recording, stream sessions
 * shared with VOD (the same per-account limit), and the signed playlists computed from the wall clock.
 */
export function createTvPlaybackService(deps: Deps, { entitlement, streams }: { entitlement: Pick<EntitlementService, 'gate' | 'refusal' | 'refuseOutsideKidsScope'>; streams: Pick<StreamSessionsService, 'openForCheck'> }, options: { read?: AssetFileReader } = {}) {
  const repo = createTvPlaybackRepo(deps.database.db);
  const read = options.read ?? assetReaderFor(deps.env);
  // Packaged playlists change only when an asset is ingested again; a minute is soon enough to notice.
  const layouts = createTtlCache<AssetLayout>({ name: 'tv-layouts', ttlMs: 60_000, maxEntries: 200, now: () => deps.now().getTime() });
  const plans = createTtlCache<ChannelPlan>({ name: 'tv-plans', ttlMs: 60_000, maxEntries: 200, now: () => deps.now().getTime() });
  // A viewer's player reloads a live playlist every segment and five of its six segments' signed prefixes are the
  // same as last time (each segment's grant follows from the segment, tv-media.ts liveGrantExpiry): an MD5 each saved.
  const signedPrefixes = new LRUCache<string, string>({ max: 50_000 });
  const mediaBase = mediaBaseOf(deps.env);
  // Players reload a live playlist every few seconds: the channel row is read at most every 5 s per channel.
  const channelsByAlias = createTtlCache<ChannelWithLoop | null>({ name: 'tv-channels', ttlMs: 5_000, maxEntries: 200, now: () => deps.now().getTime() });

  /** The channel's stream plan; a loop that cannot be one stream is 503 (logged by the error handler). */
  async function planOf(c: ChannelWithLoop): Promise<ChannelPlan> {
    try {
      return await plans.get(`${c.channel.id}:${c.loop.join(',')}`, async () =>
        planChannel(await Promise.all(c.loop.map((slug) => layouts.get(slug, () => readAssetLayout(slug, read))))),
      );
    } catch (err) {
      if (err instanceof ChannelPlanError) throw new AppError(503, ErrorCode.Unavailable, `Channel ${c.channel.alias} cannot be played: ${err.message}`);
      throw err;
    }
  }

  async function liveChannel(alias: string): Promise<ChannelWithLoop> {
    const c = await repo.channelByAlias(alias);
    if (!c || c.loop.length === 0) throw notFound(`Channel ${alias}`);
    return c;
  }

  const liveItem = (c: ChannelWithLoop): TvItem => ({
    kind: 'live', uid: c.channel.id, title: c.channel.title, key: liveKey(c.channel.alias), channel: c, programme: null,
    forKids: c.channel.forKids, ratingAge: c.channel.ratingAge,
    // Free channels play live for anyone, the others with a subscription.
    isOpen: c.channel.isFree,
  });

  /**
   * A recording that is offered now: a programme that has ended, has an expired_at still ahead, and aired after its
   * channel's loop began (there is no stream before it). Anything else is 404: not recorded, not ended, expired.
   */
  async function recordingItem(id: string, now: Date): Promise<TvItem> {
    if (!isUuid(id)) throw notFound(`Recording ${id}`);
    const row = await repo.programme(id);
    const p = row?.programme;
    if (!row || !p) throw notFound(`Recording ${id}`);
    if (!p.expiredAt) throw notFound(`Recording ${id} (not recorded)`);
    if (p.endsAt > now) throw notFound(`Recording ${id} (the programme has not ended)`);
    if (p.expiredAt <= now) throw notFound(`Recording ${id} (expired)`);
    const c = await repo.channelById(p.channelId);
    if (!c || c.loop.length === 0 || p.startsAt < c.channel.loopEpoch) throw notFound(`Recording ${id}`);
    return {
      kind: 'recording', uid: p.id, title: p.title, key: recordingKey(p.id), channel: c, programme: row,
      // A child profile plays kids titles only: the aired title's own flags, else its channel's.
      forKids: row.title?.forKids ?? c.channel.forKids,
      ratingAge: row.title?.ratingAge ?? p.ratingAge ?? c.channel.ratingAge,
      // Recordings need a subscription.
      isOpen: false,
    };
  }

  /** A recording's offer: its programme, channel, expiry and how long it plays (whole segments of the channel). */
  function recordingOf(c: ChannelWithLoop, row: ProgrammeRow, plan: ChannelPlan): TvRecording {
    const p = row.programme;
    const reference = plan.tracks.get(plan.variants[0]!.track)!;
    return {
      id: p.id,
      channel: toChannelBrief(c.channel),
      programme: toProgrammeBrief(row),
      expired_at: p.expiredAt!.toISOString(),
      duration_seconds: rangeSeconds(reference, c.channel.loopEpoch.getTime(), p.startsAt.getTime(), p.endsAt.getTime()),
    };
  }

  /** What a page of the item shows nobody outside it: a child profile's scope (403), then the region (403 geo_error). */
  function refuseScopeAndRegion(item: TvItem, session: SessionContext | null) {
    entitlement.refuseOutsideKidsScope(item, session);
    refuseOutsideRu(item.channel.channel.alias)({ countryCode: session?.countryCode ?? deps.env.DEFAULT_COUNTRY_CODE });
  }

  /** What the page of a check shows: the kind, the channel and, for a recording, its offer (on air: the tv module's). */
  async function tvPart(item: TvItem, now: Date): Promise<TvPlaybackCheck['tv']> {
    const channel = toChannelBrief(item.channel.channel);
    const recording = item.kind === 'recording' ? recordingOf(item.channel, item.programme!, await planOf(item.channel)) : null;
    return { kind: item.kind, channel, recording, server_time: now.toISOString() };
  }

  /**
   * The check of platform §4 for a TV item, in the VOD check's order and with its answers (entitlement.service.ts
   * gate): kids scope 403, geo 403 geo_error, address 400, device 403, then entitlement. Entitled: the
   * account's stream session on this device (pending until the player's first heartbeat, the same limit as VOD)
   * and the signed master playlist of the stream.
   */
  async function check(item: TvItem, session: SessionContext, request: { ip: string; deviceUid: string | undefined }): Promise<TvPlaybackCheck> {
    const gated = await entitlement.gate(item, session, request.ip, { uid: request.deviceUid }, { refuseRegion: refuseOutsideRu(item.channel.channel.alias) });
    const now = deps.now();
    const tv = await tvPart(item, now);
    if (!gated.entitled) {
      const refused: PlaybackCheck = await entitlement.refusal(gated);
      return { ...refused, tv };
    }
    await planOf(item.channel); // a channel that cannot play answers 503 before a stream is opened
    const stream = await streams.openForCheck({
      userId: session.userId,
      deviceId: session.deviceId!,
      profileId: session.profileId,
      item: { uid: item.uid, title: item.kind === 'live' ? item.title : `${item.title} (${item.channel.channel.title})`, slug: item.key },
      now,
      aliveSince: new Date(now.getTime() - deps.env.STREAM_ALIVE_SECONDS * 1000),
    });
    const signed = signedTv(deps.env, now, item.key, stream.id);
    return {
      playlists: [{ url: signed.url, type: 'hls', expires_at: signed.expiresAt.toISOString(), duration_seconds: tv.recording?.duration_seconds ?? 0, thumbnails_url: null }],
      upgrade_options: [],
      reason: 'ok',
      stream: { id: stream.id, heartbeat_url: ApiPath.streamHeartbeat(stream.id), stop_url: ApiPath.stream(stream.id), heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS },
      markers: null,
      prerolls: [],
      postrolls: [],
      next: null,
      tv,
    };
  }

  /**
   * The playlists' segment URLs: each asset's files under its own grant for the stream session, as VOD. A live
   * playlist's grants follow from the segment they name (the same URL on every reload, tv-media.ts
   * liveGrantExpiry); a recording's playlist is loaded once, so its grants run from now (heartbeats renew them).
   */
  function segmentUrls(sid: string, now: Date, live: boolean): UrlOf {
    const ttl = deps.env.MEDIA_TOKEN_TTL_SECONDS;
    return (slug, uri, anchor) => {
      const exp = live ? liveGrantExpiry(anchor, now.getTime(), ttl) : Math.floor(now.getTime() / 1000) + ttl;
      const key = `${exp}/${sid}/${slug}`;
      let prefix = signedPrefixes.get(key);
      if (!prefix) {
        prefix = signMediaPrefix(deps.env.MEDIA_TOKEN_SECRET, mediaBase, { slug, sid, expiresAt: new Date(exp * 1000) });
        signedPrefixes.set(key, prefix);
      }
      return `${prefix}${uri}`;
    };
  }

  /** The item behind a playlist's key; a recording gone since the check is 404 here too. */
  async function itemOfKey(key: string, now: Date): Promise<TvItem> {
    const parsed = parseTvKey(key);
    if (!parsed) throw notFound('Playlist');
    if (parsed.kind === 'recording') return recordingItem(parsed.id, now);
    const c = await channelsByAlias.get(parsed.alias, () => repo.channelByAlias(parsed.alias));
    if (!c || c.loop.length === 0) throw notFound(`Channel ${parsed.alias}`);
    return liveItem(c);
  }

  return {
    /** GET the live check of a channel by alias. */
    async liveCheck(alias: string, session: SessionContext, request: { ip: string; deviceUid: string | undefined }): Promise<TvPlaybackCheck> {
      return check(liveItem(await liveChannel(alias)), session, request);
    },

    /** GET the check of a recording (a programme id). */
    async recordingCheck(id: string, session: SessionContext, request: { ip: string; deviceUid: string | undefined }): Promise<TvPlaybackCheck> {
      return check(await recordingItem(id, deps.now()), session, request);
    },

    /** A recording on offer (its page): 404 when not, geo_error outside RU, KIDS_PROFILE_RESTRICTED outside a child's scope. */
    async recording(id: string, session: SessionContext | null): Promise<TvRecording> {
      const item = await recordingItem(id, deps.now());
      refuseScopeAndRegion(item, session);
      return recordingOf(item.channel, item.programme!, await planOf(item.channel));
    },

    /** The master playlist of a stream key. */
    async master(key: string): Promise<string> {
      const item = await itemOfKey(key, deps.now());
      return channelMasterPlaylist(await planOf(item.channel));
    },

    /**
     * A media playlist of a stream key: live, the sliding window at this moment; a recording, its whole VOD.
     * Segment URLs are signed for the same stream session. Unknown tracks are 404; a channel whose loop has not
     * begun is 404 too (nothing on air).
     */
    async media(key: string, track: string, sid: string): Promise<{ text: string; live: boolean }> {
      const now = deps.now();
      const item = await itemOfKey(key, now);
      const plan = await planOf(item.channel);
      const compiled = plan.tracks.get(track);
      if (!compiled) throw notFound(`Track ${track}`);
      const epoch = item.channel.channel.loopEpoch.getTime();
      const urls = segmentUrls(sid, now, item.kind === 'live');
      try {
        if (item.kind === 'live') return { text: liveMediaPlaylist(compiled, epoch, now.getTime(), urls), live: true };
        const p = item.programme!.programme;
        return { text: recordingMediaPlaylist(compiled, epoch, p.startsAt.getTime(), p.endsAt.getTime(), urls), live: false };
      } catch (err) {
        if (err instanceof NotOnAirError) throw notFound(`Channel ${item.channel.channel.alias} on air`);
        throw err;
      }
    },

    /**
     * A heartbeat's item when it is a TV one (null otherwise): gated again (kids scope, geo, address, entitlement;
     * a recording that expired meanwhile is 404), with its key and the assets whose prefixes the heartbeat renews.
     */
    async gateForHeartbeat(uid: string, session: SessionContext, ip: string): Promise<TvHeartbeatGate | null> {
      if (!isUuid(uid)) return null;
      const now = deps.now();
      const channel = await repo.channelById(uid);
      let item: TvItem;
      if (channel) {
        if (channel.loop.length === 0) throw notFound(`Channel ${channel.channel.alias}`);
        item = liveItem(channel);
      } else {
        if (!(await repo.programme(uid))) return null;
        item = await recordingItem(uid, now);
      }
      const gated = await entitlement.gate(item, session, ip, undefined, { refuseRegion: refuseOutsideRu(item.channel.channel.alias) });
      const plan = await planOf(item.channel);
      return {
        entitled: gated.entitled,
        item: { uid: item.uid, title: item.kind === 'live' ? item.title : `${item.title} (${item.channel.channel.title})`, slug: item.key },
        slugs: plan.slugs,
      };
    },
  };
}
export type TvPlaybackService = ReturnType<typeof createTvPlaybackService>;

