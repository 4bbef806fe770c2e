import type { DeviceLimit, PlaybackCheck, StreamLimit } from '@ekran/contracts';
import type { GatingUser } from '@ekran/core';
import type { z } from 'zod';
import type { PaymentLinkAnswerSchema, StopStreamAnswerSchema, TariffsAnswerSchema } from './resource-answers.ts';

/**
 * The viewer as playback gating reads it (spec platform §3 Auth data: the fields core's gating rules use, and
 * whether a trial is still available). Never the session token: this goes to the browser.
 */
export interface PlaybackViewer extends GatingUser {
  trial_is_available: boolean;
}

/** A refused or failed playback check as the page sees it (spec platform §8), with what its popup needs. */
export interface PlaybackError {
  /** The HTTP status; 0 when no answer came. */
  status: number;
  code: string;
  message: string;
  stream_limit?: StreamLimit | undefined;
  device_limit?: DeviceLimit | undefined;
}

/** What /resources/playback/:uid answers: the check, or its failure, with the viewer of the refreshed session. */
export type PlaybackAnswer = { check: PlaybackCheck; viewer: PlaybackViewer } | { error: PlaybackError; viewer: PlaybackViewer | null };

export type TariffsAnswer = z.infer<typeof TariffsAnswerSchema>;
export type PaymentLinkAnswer = z.infer<typeof PaymentLinkAnswerSchema>;
export type StopStreamAnswer = z.infer<typeof StopStreamAnswerSchema>;
