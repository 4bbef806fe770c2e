import { API_KEY_HEADER, ErrorCode } from '@ekran/contracts';
import { apiClients } from '@ekran/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

export interface ApiClient {
  id: string;
  name: string;
  platform: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
  interface FastifyContextConfig {
    /** Routes a browser loads without headers (media, images) or probes call: no API key. */
    public?: boolean;
  }
}

const CACHE_MS = 60_000;

/** Every call carries the client's API key (header x-api-key or query apikey); unknown keys are refused. */
export const apiKeyPlugin = fp(async (app: FastifyInstance) => {
  const cache = new Map<string, { client: ApiClient | null; at: number }>();

  async function lookup(key: string): Promise<ApiClient | null> {
    const hit = cache.get(key);
    const now = Date.now();
    if (hit && now - hit.at < CACHE_MS) return hit.client;
    const [row] = await app.deps.database.db
      .select({ id: apiClients.id, name: apiClients.name, platform: apiClients.platform, isActive: apiClients.isActive })
      .from(apiClients)
      .where(eq(apiClients.key, key))
      .limit(1);
    const client = row?.isActive ? { id: row.id, name: row.name, platform: row.platform } : null;
    if (cache.size > 1000) cache.clear();
    cache.set(key, { client, at: now });
    return client;
  }

  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    const header = request.headers[API_KEY_HEADER];
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.apikey;
    const key = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
    if (!key) throw new AppError(401, ErrorCode.InvalidApiKey, 'API key required (x-api-key header or apikey query)');
    if (key.length > 128) throw new AppError(401, ErrorCode.InvalidApiKey, 'Unknown API key');
    const client = await lookup(key);
    if (!client) throw new AppError(401, ErrorCode.InvalidApiKey, 'Unknown API key');
    request.apiClient = client;
  });
});
