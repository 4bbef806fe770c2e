import {
  AccountDeleteCodeRequestSchema, AccountDeleteCodeSchema, AccountDeleteRequestSchema, AccountPersonSchema, AccountSubscriptionsSchema,
  BirthdayRequestSchema, ErrorSchema, GenderRequestSchema, PersonNameRequestSchema, SESSION_COOKIE,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const perAccount = (max: number) => limitPerMinute(max, (r) => `${r.ip}:${r.session?.userId ?? ''}`);
const tags = ['account'];

/** The account page's API: the holder's details, subscriptions, and deleting the account (spec platform §7 account paths). */
export async function accountRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { account } = app.services;
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    ApiRoute.accountPerson,
    { config: { audience: 'holder' }, schema: { tags, summary: "The holder's name, birthday, gender and contacts", response: { 200: AccountPersonSchema, ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await account.person(requireSession(request))),
  );

  app.put(
    ApiRoute.accountPersonName,
    { config: { audience: 'holder', ...perAccount(30) }, schema: { tags, summary: "Set the holder's name (null clears it)", body: PersonNameRequestSchema, response: { 200: AccountPersonSchema, ...errors } } },
    async (request) => account.setName(requireSession(request), request.body.name),
  );

  app.put(
    ApiRoute.accountBirthday,
    { config: { audience: 'holder', ...perAccount(30) }, schema: { tags, summary: "Set the holder's birthday (null clears it)", body: BirthdayRequestSchema, response: { 200: AccountPersonSchema, ...errors } } },
    async (request) => account.setBirthday(requireSession(request), request.body.birthday),
  );

  app.put(
    ApiRoute.accountGender,
    { config: { audience: 'holder', ...perAccount(30) }, schema: { tags, summary: "Set the holder's gender (null clears it)", body: GenderRequestSchema, response: { 200: AccountPersonSchema, ...errors } } },
    async (request) => account.setGender(requireSession(request), request.body.gender),
  );

  app.get(
    ApiRoute.accountSubscriptions,
    { config: { audience: 'holder' }, schema: { tags, summary: 'The subscriptions the account holds, with their tariffs', response: { 200: AccountSubscriptionsSchema, ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await account.subscriptions(requireSession(request))),
  );

  app.post(
    ApiRoute.accountDeleteCode,
    {
      config: { audience: 'holder', ...perAccount(3) },
      schema: { tags, summary: "Send a code that confirms deleting the account to its email or phone", body: AccountDeleteCodeRequestSchema, response: { 200: AccountDeleteCodeSchema, ...errors } },
    },
    async (request) => account.sendDeleteCode(requireSession(request), request.body.channel),
  );

  app.post(
    ApiRoute.accountDelete,
    {
      config: { audience: 'holder', ...perAccount(5) },
      schema: { tags, summary: 'Delete the account and its data, with the password or the mailed code; signs out', body: AccountDeleteRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await account.deleteAccount(requireSession(request), request.body);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}
