import type { Api } from '../../lib/api.server.ts';
import { isNothingThere } from '../../lib/api.server.ts';
import { notFound } from '../../lib/not-found.ts';

/** A static page of the API, or the not-found screen while it has none (a database not yet seeded). */
export async function loadPage(api: Pick<Api, 'staticPage'>, alias: string) {
  try {
    return await api.staticPage(alias);
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}
