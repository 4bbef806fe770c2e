import type { z } from 'zod';

/**
 * A browser call of one of the site's resource routes (routes/resources/*) that reads its JSON answer through the
 * schema of that answer (lib/resource-answers.ts): the HTTP status, and the answer or null when the body was not
 * JSON or not of that shape. A network failure rejects, as fetch does.
 */
export async function callResource<S extends z.ZodType>(
  schema: S,
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<{ status: number; ok: boolean; body: z.infer<S> | null }> {
  const res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const json: unknown = await res.json().catch(() => null);
  const parsed = schema.safeParse(json);
  return { status: res.status, ok: res.ok, body: parsed.success ? parsed.data : null };
}
