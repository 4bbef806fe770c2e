import type { z } from 'zod';
import type * as AnswerSchemas from './resource-answers.ts';

type Answers = typeof AnswerSchemas;
/** The names of the answer schemas of lib/resource-answers.ts. */
export type AnswerName = { [K in keyof Answers]: Answers[K] extends z.ZodType ? K : never }[keyof Answers];
export type AnswerOf<K extends AnswerName> = z.infer<Answers[K]>;

/**
 * A browser call of one of the site's resource routes (routes/resources/*) that reads its JSON answer through the
 * schema of that answer, named (lib/resource-answers.ts): the HTTP status, and the answer or null when the body was
 * not JSON or not of that shape. A network failure rejects, as fetch does.
 * The schemas, and zod with them, load with the first call, beside its request: a page whose viewer never presses
 * anything does not download them.
 */
export async function callResource<K extends AnswerName>(
  answer: K,
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<{ status: number; ok: boolean; body: AnswerOf<K> | null }> {
  const [res, schemas] = await Promise.all([fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } }), import('./resource-answers.ts')]);
  const json: unknown = await res.json().catch(() => null);
  const schema: z.ZodType = schemas[answer];
  const parsed = schema.safeParse(json);
  // TypeScript cannot follow an indexed schema to its output; the parse above is what makes this true.
  return { status: res.status, ok: res.ok, body: parsed.success ? (parsed.data as AnswerOf<K>) : null };
}
