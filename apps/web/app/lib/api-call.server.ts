import type { ApiError } from '@ekran/contracts';
import type { z } from 'zod';

/** A failed API call; loaders turn it into a response status. */
export class ApiCallError extends Error {
  constructor(readonly status: number, readonly body: ApiError | null) {
    super(body?.message ?? `API answered ${status}`);
  }
}

/**
 * An API refusal that means there is nothing at the address a loader asked for: not found (404), a malformed
 * address (400), or one too long for the API to route (414, an alias over 100 characters). Loaders answer these
 * with their not-found page, never a 500.
 */
export function isNothingThere(err: unknown): boolean {
  return err instanceof ApiCallError && (err.status === 404 || err.status === 400 || err.status === 414);
}

/** A typed call of the API: query, body and the contract schema that parses the answer. */
export type ApiCall = <S extends z.ZodType>(
  schema: S,
  path: string,
  init?: RequestInit & { query?: Record<string, string | number | boolean | undefined>; cookies?: Record<string, string | null> },
) => Promise<z.infer<S>>;
