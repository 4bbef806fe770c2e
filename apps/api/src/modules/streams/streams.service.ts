import { isUuid, ENTITLING_STATUSES } from '@ekran/core';
import type { HeartbeatRequest, HeartbeatResponse, LiveStream, StreamLimit } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import type { Deps as Handles } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { describeUserAgent } from '../devices/device-name.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { PlaybackGate, PlaybackService } from '../playback/playback.service.ts';
import { createStreamsRepo, type LiveStreamRow, type StreamRow } from './streams.repo.ts';
// ---- A live channel or a recording streams under the same sessions and limit as VOD
import type { TvHeartbeatGate, TvPlaybackService } from '../tv-playback/tv-playback.service.ts';
import { HEARTBEAT_INTERVAL_SECONDS, signedMedia, isTvKey, signedTv } from './media-grants.ts';

/** A VOD item's gate in the shape a TV one has: its media is one asset. */
const vodGate = (g: PlaybackGate): TvHeartbeatGate => ({ entitled: g.entitled, item: { uid: g.item.uid, title: g.item.title, slug: g.item.media.slug }, slugs: [] });

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;


/** The list view of a live stream: the device by a readable name (as the devices list names it), the item, the times. */
function toLiveStream(row: LiveStreamRow, currentDeviceId: string | null): LiveStream {
  const { stream, device } = row;
  return {
    id: stream.id,
    device_name: describeUserAgent(device.userAgent).name ?? device.deviceType,
    device_type: device.deviceType,
    title: stream.itemTitle,
    started_at: (stream.startedAt ?? stream.createdAt).toISOString(),
    last_seen_at: stream.lastSeenAt.toISOString(),
    is_current: device.id === currentDeviceId,
  };
}

const stoppedError = (stream: StreamRow) =>
  new AppError(
    410,
    ErrorCode.StreamStopped,
    stream.stoppedBy === 'other_device' ? 'This stream was stopped from another device of the account' : 'This stream has ended; check playback again',
  );

/**
 * Simultaneous streams: an account plays on at most max(max_streams) of its entitling subscriptions'
 * tariffs, an entitling operator subscription's tariff among them, (FREE_STREAM_LIMIT without one) at once, counted from heartbeats. A child profile shares the
 * account's limit. A stream starts with its first heartbeat, stays live while heartbeats keep coming
 * (STREAM_ALIVE_SECONDS), and can be stopped by its own device or by another device of the account.
 */
export function createStreamsService(deps: Deps, { playback, tv }: { playback: Pick<PlaybackService, 'gate'>; tv: Pick<TvPlaybackService, 'gateForHeartbeat'> }) {
  const repo = createStreamsRepo(deps.database.db);
  const aliveSince = (now: Date) => new Date(now.getTime() - deps.env.STREAM_ALIVE_SECONDS * 1000);

  async function limitOf(userId: string, now: Date): Promise<number> {
    return (await repo.tariffLimit(userId, now, ENTITLING_STATUSES)) ?? deps.env.FREE_STREAM_LIMIT;
  }

  return {
    /**
     * A heartbeat of the caller's own stream (same account and device, else 404). The item is gated again
     * (kids scope, address, entitlement: a subscription may end mid-stream, and the answer renews the URL).
     * The first heartbeat, or the first after the stream went silent, starts it under the limit: 403
     * STREAM_LIMIT_EXCEEDED with the account's live streams. A stream stopped meanwhile answers 410.
     */
    async heartbeat(session: SessionContext, id: string, body: HeartbeatRequest, ip: string): Promise<HeartbeatResponse> {
      if (!session.deviceId) throw notFound(`Stream ${id}`);
      const own = await repo.ofAccount(id, session.userId);
      if (!own || own.deviceId !== session.deviceId) throw notFound(`Stream ${id}`);
      if (own.state === 'stopped') throw stoppedError(own);

      // The stream of a TV check (its key says so) gates its channel or recording as TV, geo
      // included; anything else as VOD.
      const tvGated = isTvKey(own.mediaSlug) ? await tv.gateForHeartbeat(body.uid, session, ip) : null;
      const gated: TvHeartbeatGate = tvGated ?? vodGate(await playback.gate(body.uid, session, ip));
      const now = deps.now();
      if (!gated.entitled) {
        await repo.stop(id, session.userId, 'server', now);
        throw new AppError(403, ErrorCode.SubscriptionRequired, 'This item needs a subscription; check playback again');
      }
      const item = gated.item;
      const position = body.position === undefined ? null : Math.round(body.position);
      const common = { id, userId: session.userId, deviceId: session.deviceId, item, position, now, aliveSince: aliveSince(now) };

      let stream = await repo.beat(common);
      if (!stream) {
        const started = await repo.start({ ...common, statuses: ENTITLING_STATUSES, freeLimit: deps.env.FREE_STREAM_LIMIT });
        if (!started.ok) {
          if (started.reason === 'missing') throw notFound(`Stream ${id}`);
          if (started.reason === 'stopped') throw stoppedError(started.stream);
          const streamLimit: StreamLimit = { limit: started.limit, items: started.live.map((row) => toLiveStream(row, session.deviceId)) };
          throw new AppError(
            403,
            ErrorCode.StreamLimitExceeded,
            `The account already plays ${started.live.length} of ${started.limit} simultaneous streams`,
            { stream_limit: streamLimit },
          );
        }
        stream = started.stream;
      }
      const signed = isTvKey(stream.mediaSlug) ? signedTv(deps.env, now, stream.mediaSlug, stream.id) : signedMedia(deps.env, now, stream.mediaSlug, stream.id);
      // A TV stream's segments come from the channel's assets, each under its own grant: all of them are renewed.
      const mediaPrefixes = gated.slugs.map((slug) => signedMedia(deps.env, now, slug, stream.id).prefix);
      return { url: signed.url, media_prefix: signed.prefix, media_prefixes: mediaPrefixes, expires_at: signed.expiresAt.toISOString(), heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS };
    },

    /**
     * Stops a stream of the caller's account: its own (closed) or another device's (to make room). Stopping a
     * stopped stream changes nothing; another account's stream is 404.
     */
    /**
     * Stops a stream. On its own device a stop is late, and changes nothing, when `uid` (the item the caller
     * played) is not the session's item any more (the previous episode's player closing after the next one's
     * check), or when the session was checked again after the caller's grant (`grantExp`) was signed.
     */
    async stop(session: SessionContext, id: string, uid?: string, grantExp?: number): Promise<void> {
      const row = await repo.ofAccount(id, session.userId);
      if (!row) throw notFound(`Stream ${id}`);
      if (row.state === 'stopped') return;
      if (row.deviceId === session.deviceId) {
        if (uid && row.itemUid !== uid.toLowerCase()) return;
        // `grantExp`: the expiry of the grant the stopping player started with. A check on this device after that
        // grant was signed (the same title reloaded: the old page's beacon lands after the new page's check) is
        // a newer player's; the late stop changes nothing.
        if (grantExp !== undefined && row.checkedAt.getTime() > (grantExp - deps.env.MEDIA_TOKEN_TTL_SECONDS) * 1000 + 1000) return;
      }
      await repo.stop(id, session.userId, row.deviceId === session.deviceId ? 'self' : 'other_device', deps.now());
    },

    /** The account's live streams (the caller's marked) and its limit. */
    async list(session: SessionContext): Promise<StreamLimit> {
      const now = deps.now();
      const [live, limit] = await Promise.all([repo.liveStreams(session.userId, aliveSince(now)), limitOf(session.userId, now)]);
      return { limit, items: live.map((row) => toLiveStream(row, session.deviceId)) };
    },
  };
}
export type StreamsService = ReturnType<typeof createStreamsService>;

/**
 * For the media route (wired at merge): whether media of a stream session must be refused: the session is
 * missing, stopped (closed, or stopped from another device), or silent for longer than STREAM_ALIVE_SECONDS
 * (a check's pending session gets that long for its first heartbeat). Answers are cached for a few seconds,
 * so segment requests cost no query each.
 */
export function createStreamGuard(deps: Deps, options: { cacheMs?: number } = {}) {
  const repo = createStreamsRepo(deps.database.db);
  const cache = createTtlCache<boolean>({ name: 'stream-guard', ttlMs: options.cacheMs ?? 5_000, maxEntries: 50_000, now: () => deps.now().getTime() });
  return {
    async isRevoked(sid: string): Promise<boolean> {
      if (!isUuid(sid)) return true;
      const key = sid.toLowerCase();
      const revoked = await cache.get(key, async () => {
        const row = await repo.stateOf(sid);
        if (!row || row.state === 'stopped') return true;
        // A pending stream (a page's check, play not pressed yet) keeps its grant until the grant expires: the
        // page may have prefetched under it, and the first heartbeat comes with the first requests.
        if (row.state === 'pending') return false;
        return row.lastSeenAt.getTime() <= deps.now().getTime() - deps.env.STREAM_ALIVE_SECONDS * 1000;
      });
      // Only a live answer is kept: a stopped stream revived by a new check (the same device plays again) must
      // get its media at once, and refusals are rare enough to ask each time.
      if (revoked) cache.delete(key);
      return revoked;
    },
  };
}
export type StreamGuard = ReturnType<typeof createStreamGuard>;
