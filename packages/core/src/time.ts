// Time units: the one definition every package reads (milliseconds, as Date and setTimeout count).

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** `at` moved by `ms` milliseconds (negative: back). */
export const addMs = (at: Date, ms: number): Date => new Date(at.getTime() + ms);
