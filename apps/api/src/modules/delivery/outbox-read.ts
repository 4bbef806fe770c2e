// Reading the local outbox from outside the API: `npm run outbox` (apps/api/src/outbox-cli.ts).
import { ApiPath, OutboxListSchema, type OutboxMessage } from '@ekran/contracts';
import { formatPhone, looksLikeEmail, normalizePhone } from '@ekran/core';
import { createDb } from '@ekran/db';
import { existsSync } from 'node:fs';
import type { Env } from '../../env.ts';
import { createOutboxDelivery } from './delivery.ts';

/** An outbox filter as the outbox stores recipients: an address in lower case, a phone as +7 and ten digits. */
export function recipientOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (looksLikeEmail(trimmed)) return trimmed.toLowerCase();
  return normalizePhone(trimmed) ?? trimmed;
}

export interface OutboxRead {
  items: OutboxMessage[];
  /** Where the messages came from, for the reader. */
  source: string;
}

/** What stops the command, said to the person who ran it. */
export class OutboxReadError extends Error {}

/** The API's address as the web server and the scripts derive it (API_URL, else API_HOST and API_PORT). */
export function apiUrlOf(env: Pick<Env, 'API_HOST' | 'API_PORT'>, apiUrl = process.env.API_URL): string {
  if (apiUrl) return apiUrl.replace(/\/$/, '');
  const host = !env.API_HOST || env.API_HOST === '0.0.0.0' || env.API_HOST === '::' ? '127.0.0.1' : env.API_HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.API_PORT}`;
}

/** The outbox through a running API; null when nothing answers at that address. */
export async function readOutboxFromApi(apiUrl: string, apiKey: string, query: { to?: string | undefined; limit: number }): Promise<OutboxRead | null> {
  const url = new URL(ApiPath.outbox, apiUrl);
  const recipient = recipientOf(query.to);
  if (recipient) url.searchParams.set('recipient', recipient);
  url.searchParams.set('limit', String(query.limit));
  let res: Response;
  try {
    res = await fetch(url, { headers: { 'x-api-key': apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
  } catch {
    return null;
  }
  if (res.status === 404) throw new OutboxReadError(`The API at ${apiUrl} keeps no outbox: neither MAIL_DELIVERY nor SMS_DELIVERY is outbox there.`);
  if (res.status === 401) throw new OutboxReadError(`The API at ${apiUrl} refused the key WEB_API_KEY; run the command with the settings the API runs with.`);
  if (!res.ok) throw new OutboxReadError(`The API at ${apiUrl} answered ${res.status}.`);
  return { items: OutboxListSchema.parse(await res.json()).items, source: `the running API at ${apiUrl}` };
}

/** The outbox read from the database itself (PostgreSQL by DATABASE_URL, or the PGlite folder). */
export async function readOutboxFromDatabase(env: Pick<Env, 'DATABASE_URL' | 'PGLITE_DIR'>, query: { to?: string | undefined; limit: number }): Promise<OutboxRead> {
  if (!env.DATABASE_URL && !existsSync(env.PGLITE_DIR)) throw new OutboxReadError(`There is no database in ${env.PGLITE_DIR} yet: start the site once (npm start).`);
  const database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR, poolSize: 1 });
  try {
    const rows = await createOutboxDelivery(database.db).list(recipientOf(query.to), query.limit);
    return {
      items: rows.map((m) => ({ id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString() })),
      source: env.DATABASE_URL ? `the PostgreSQL database of DATABASE_URL` : `the embedded database in ${env.PGLITE_DIR}`,
    };
  } catch (err) {
    if ((err as { cause?: { code?: string }; code?: string }).code === '42P01' || (err as { cause?: { code?: string } }).cause?.code === '42P01') {
      throw new OutboxReadError('The database has no outbox table yet: start the site once (npm start) to migrate it.');
    }
    throw err;
  } finally {
    await database.close();
  }
}

/**
 * PostgreSQL is read directly (any number of readers may share it). The embedded PGlite database belongs
 * to the API process while it runs (a second process opening the folder would read stale pages and could
 * damage it), so the running API is asked first and the folder is opened only when no API answers.
 */
export async function readOutbox(env: Pick<Env, 'DATABASE_URL' | 'PGLITE_DIR' | 'API_HOST' | 'API_PORT' | 'WEB_API_KEY'>, query: { to?: string | undefined; limit: number }, apiUrl?: string): Promise<OutboxRead> {
  if (env.DATABASE_URL) return readOutboxFromDatabase(env, query);
  return (await readOutboxFromApi(apiUrl ?? apiUrlOf(env), env.WEB_API_KEY, query)) ?? readOutboxFromDatabase(env, query);
}

const TIME = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });

/** The messages as text for a terminal, newest first, each with its code. */
export function formatOutbox(read: OutboxRead, query: { to?: string | undefined }): string {
  const whom = query.to ? ` for ${query.to}` : '';
  if (!read.items.length) return `No messages${whom} (read from ${read.source}).\n`;
  const lines = [`${read.items.length} latest message${read.items.length === 1 ? '' : 's'}${whom}, newest first (read from ${read.source}):`, ''];
  for (const m of read.items) {
    const to = m.channel === 'sms' ? formatPhone(m.recipient) : m.recipient;
    const code = m.body.match(/\b\d{6}\b/)?.[0];
    lines.push(`${TIME.format(new Date(m.created_at))}  ${m.channel === 'sms' ? 'SMS  ' : 'email'}  ${to}${m.subject ? `  «${m.subject}»` : ''}${code ? `  code ${code}` : ''}`);
    for (const line of m.body.trimEnd().split('\n')) lines.push(`    ${line}`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
