import { DeviceLimitSchema, OfferSchema, PlaybackCheckSchema, StreamLimitSchema, TariffSchema } from '@ekran/contracts';
import { z } from 'zod';
import type { ListPageView } from './lists-view.ts';

// What the site's resource routes (routes/resources/*) answer the browser: the routes build these answers, the
// components read them, and a browser call parses them with these schemas (lib/resource-client.ts).

/** What the popups' calls of /resources/offer answer: done, the payment host to go to, a page of the site to go to, or why not. */
export const OfferActionAnswerSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ url: z.string() }),
  z.object({ next: z.string() }),
  z.object({ error: z.enum(['auth', 'not-running', 'payment-link', 'failed']) }),
]);
export type OfferActionAnswer = z.infer<typeof OfferActionAnswerSchema>;

/** The subscriptions popup's offer screen (GET /resources/offer). */
export const OfferScreenAnswerSchema = z.object({ offer: OfferSchema.nullable() });
export type OfferScreenAnswer = z.infer<typeof OfferScreenAnswerSchema>;

/**
 * What «Продлить» answers: paid (or being paid), the payment host's page when no card is bound, or a failure.
 * processing: the bank has not answered the charge yet; it may still go through, so it is never shown as a failure.
 */
export type ExtendAnswer =
  | { status: 'succeeded' | 'pending'; order_id: string }
  | { status: 'processing'; order_id: string | null }
  | { status: 'redirect'; url: string }
  | { status: 'failed'; reason: string | null }
  | { error: 'auth' | 'bad-request' | 'failed' };

/** A page of a personal list, or why not: auth (an anonymous visitor has no such list), invalid, failed. */
export type ListPageResult = ({ ok: true } & ListPageView) | { ok: false; error: 'auth' | 'invalid' | 'failed' };

/** The answer of removing from the history (one title, or all of it). */
export type HistoryResult = { ok: true; intent: 'remove' | 'clear'; alias: string | null } | { ok: false; intent: string; alias: string | null; error: 'auth' | 'invalid' | 'not_found' | 'failed' };

/** The answer of rating a title: its rating now, or why not (auth: an anonymous visitor; not_found; invalid; failed). */
export type RatingResult = { ok: true; alias: string; rating: number | null } | { ok: false; alias: string; error: 'auth' | 'not_found' | 'invalid' | 'failed' };

export const FavoriteErrorSchema = z.enum(['auth', 'not_found', 'invalid', 'failed']);
export type FavoriteError = z.infer<typeof FavoriteErrorSchema>;

/**
 * The answer of /resources/favorites. The contract other parts of the site rely on (the favorite button,
 * the banner action add_to_favorites): POST form fields `intent=add|remove` and `alias`.
 * - ok: the title is now (not) a favorite;
 * - auth: an anonymous visitor (show the no-auth favorites popup, spec platform §2);
 * - not_found: no such title for this profile (a child profile sees only its kids titles);
 * - invalid: a bad intent or alias;
 * - failed: the API did not answer; nothing changed (spec platform §8: the error is kept in state).
 */
export const FavoriteResultSchema = z.union([
  z.object({ ok: z.literal(true), alias: z.string(), isFavorite: z.boolean() }),
  z.object({ ok: z.literal(false), alias: z.string(), error: FavoriteErrorSchema }),
]);
export type FavoriteResult = z.infer<typeof FavoriteResultSchema>;

/** One item a banner plays: the uid its playback check is asked for, what the player says is playing, and its title's alias. */
export const QueueItemSchema = z.object({ uid: z.string(), title: z.string(), alias: z.string() });
export type QueueItem = z.infer<typeof QueueItemSchema>;

export const BannerQueueSchema = z.union([z.object({ items: z.array(QueueItemSchema) }), z.object({ error: z.object({ code: z.string() }) })]);
export type BannerQueue = z.infer<typeof BannerQueueSchema>;

/** What /resources/tariffs answers: the tariff list, or null when the call failed (spec platform §7, §8). */
export const TariffsAnswerSchema = z.object({ tariffs: z.array(TariffSchema).nullable() });

/** What /resources/payment-link answers: the payment host's address, or why there is none. */
export const PaymentLinkAnswerSchema = z.union([z.object({ url: z.string() }), z.object({ error: z.enum(['auth', 'unknown-tariff', 'payment-link']) })]);

/** What /resources/streams answers to «Остановить». */
export const StopStreamAnswerSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ error: z.enum(['not-found', 'failed']) })]);

/** The viewer of playback gating as /resources/playback answers it (lib/playback-types.ts PlaybackViewer). */
const PlaybackViewerSchema = z.looseObject({
  virtual: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profile_for_child: z.boolean(),
  partner: z.looseObject({ name: z.string().nullable() }),
  externals: z.array(z.looseObject({ name: z.string() })),
  subscriptions: z.array(
    z.looseObject({ status: z.string(), googleplay_id: z.string().nullish(), itunes_product_id: z.string().nullish(), huawei_id: z.string().nullish() }),
  ),
  mf_info: z.looseObject({ is_mf: z.boolean(), mf_pop_up: z.string().nullable() }),
  trial_is_available: z.boolean(),
});

const PlaybackErrorSchema = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  stream_limit: StreamLimitSchema.optional(),
  device_limit: DeviceLimitSchema.optional(),
});

/** What /resources/playback/:uid (and the TV resources) answer: the check, or its failure, with the viewer of the refreshed session. */
export const PlaybackAnswerSchema = z.union([
  z.object({ check: PlaybackCheckSchema, viewer: PlaybackViewerSchema }),
  z.object({ error: PlaybackErrorSchema, viewer: PlaybackViewerSchema.nullable() }),
]);

/** GET /resources/favorites: the aliases of the profile's favorites. */
export const FavoriteAliasesSchema = z.object({ aliases: z.array(z.unknown()) });
