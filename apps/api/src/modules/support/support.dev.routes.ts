// Development only, never registered in production (as the outbox and the billing shortcuts): a back office does not
// exist in a local try or a browser journey, so this makes the caller's account support staff and answers the key of a
// staff client. In production the role is granted in the database (docs/decisions/051-help-centre-and-tickets.md).
import { ApiRoute, ErrorSchema, SupportDevStaffSchema } from '@ekran/contracts';
import { apiClients, users } from '@ekran/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_PLATFORM } from '../../plugins/audience.ts';
import { requireSession } from '../../plugins/session.ts';

/** The development staff client's key. */
export const DEV_STAFF_API_KEY = 'ekran-dev-staff-key';

export async function supportDevRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    ApiRoute.devSupportStaff,
    {
      config: { audience: 'holder' },
      schema: {
        tags: ['development'],
        summary: 'Development: the caller’s account gets the support role; answers the development staff client’s key',
        response: { 200: SupportDevStaffSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await db
        .update(users)
        .set({ roles: sql`(select array_agg(distinct r) from unnest(array_append(${users.roles}, 'support')) as r)` })
        .where(eq(users.id, session.userId));
      await db.insert(apiClients).values({ key: DEV_STAFF_API_KEY, name: 'Ekran back office (development)', platform: STAFF_PLATFORM }).onConflictDoNothing();
      return { api_key: DEV_STAFF_API_KEY, user_id: session.userId };
    },
  );
}
