import type { ResumePoint, TitleCard } from '@ekran/contracts';
import type { ListStatus } from '@ekran/core';
import { toCardView, type CardView } from './card-view.ts';

/** The personal lists of spec platform §3 (profile: favorites, continue watching, history, rated content). */
export const LIST_KINDS = ['favorites', 'continue', 'history', 'rated'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const isListKind = (v: unknown): v is ListKind => typeof v === 'string' && (LIST_KINDS as readonly string[]).includes(v);

/** Where to go on with a title: the film or episode and the second to start from. */
export interface ResumeView {
  episodeId: string | null;
  season: number | null;
  episode: number | null;
  position: number;
  /** Seconds in all (0 for the start of a next episode, not yet known). */
  duration: number;
  percent: number;
  /** The start of the episode after a finished one. */
  next: boolean;
  finished: boolean;
}

/** A card of a personal list: the card and what the list adds to it. */
export interface PersonalCardView extends CardView {
  /** The horizontal art, for the wide cards of continue watching. */
  art: TitleCard['horizontal_poster'];
  resume?: ResumeView;
  /** ISO time of the last watch (history). */
  watchedAt?: string;
  /** The profile's own rating (rated). */
  userRating?: number;
}

/** One loaded page of a list, as loaders and the list resource send it. */
export interface ListPageView {
  kind: ListKind;
  items: PersonalCardView[];
  itemsTotal: number;
  skip: number;
  limit: number;
}

/** A list as a page shows it: loaded with its first page, or failed (spec platform §8: the error is kept in state). */
export type ListView = ({ status: Extract<ListStatus, 'loaded'>; page: ListPageView } | { status: Extract<ListStatus, 'error'>; page: null }) & {
  kind: ListKind;
  /** Only kids titles (the kids home). */
  forKids?: boolean;
};

export function toResumeView(p: ResumePoint): ResumeView {
  return { episodeId: p.episode_id, season: p.season_number, episode: p.episode_number, position: p.position, duration: p.duration, percent: p.percent, next: p.next, finished: p.is_finished };
}

/** A card of the API with the fields of a personal list. */
export function toPersonalCard(card: TitleCard & { progress?: ResumePoint; watched_at?: string; user_rating?: number }): PersonalCardView {
  const view: PersonalCardView = { ...toCardView(card), art: card.horizontal_poster };
  if (card.progress) view.resume = toResumeView(card.progress);
  if (card.watched_at) view.watchedAt = card.watched_at;
  if (card.user_rating !== undefined) view.userRating = card.user_rating;
  return view;
}
