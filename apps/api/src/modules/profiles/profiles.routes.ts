import {
  AvatarIdSchema, ErrorSchema, PinChangeRequestSchema, PinForgotResponseSchema, PinRequestSchema, PinResetRequestSchema, PinStateSchema,
  ProfileCreateRequestSchema, ProfileListSchema, ProfileSchema, ProfileSelectRequestSchema, ProfileSelectResponseSchema, ProfileUpdateRequestSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { avatarSvg } from './avatars.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 423: ErrorSchema, 429: ErrorSchema };
const IdParams = z.object({ id: z.uuid('id must be a UUID') });
const byAccount = (r: { ip: string; session: { userId: string } | null }) => `${r.ip}:${r.session?.userId ?? ''}`;

/** Profiles of an account, the avatars, and the parental PIN. */
export async function profilesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { pin, profiles } = app.services;
  const tags = ['profiles'];

  app.get(
    ApiRoute.profiles,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'The profiles of the account, the maximum count and the avatars', response: { 200: ProfileListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return profiles.list(requireSession(request));
    },
  );

  app.post(
    ApiRoute.profiles,
    {
      config: { audience: 'registered', ...limitPerMinute(20, byAccount) },
      schema: { tags, summary: 'A new profile (the child form for a child one); at most PROFILES_MAX', body: ProfileCreateRequestSchema, response: { 201: ProfileSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await profiles.create(requireSession(request), request.body)),
  );

  app.patch(
    ApiRoute.profile,
    {
      config: { audience: 'holder', ...limitPerMinute(30, byAccount) },
      schema: { tags, summary: 'Rename, change the avatar, the child form or the language of a profile', params: IdParams, body: ProfileUpdateRequestSchema, response: { 200: ProfileSchema, ...errors } },
    },
    async (request) => profiles.update(requireSession(request), request.params.id, request.body),
  );

  app.delete(
    ApiRoute.profile,
    {
      config: { audience: 'holder', ...limitPerMinute(20, byAccount) },
      schema: { tags, summary: 'Delete a profile (never the main one); its sessions move to the main profile', params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await profiles.remove(requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.profileSelect,
    {
      config: { audience: 'registered', ...limitPerMinute(30, byAccount) },
      schema: { tags, summary: 'Make a profile current (the PIN when leaving a child profile)', body: ProfileSelectRequestSchema, response: { 200: ProfileSelectResponseSchema, ...errors } },
    },
    async (request) => profiles.select(requireSession(request), request.body),
  );

  app.get(
    ApiRoute.avatarFile,
    {
      config: { audience: 'anonymous', public: true },
      schema: { tags, summary: 'An avatar image (SVG)', params: z.object({ file: z.string().regex(/^[ak][1-8]\.svg$/, 'an avatar id and .svg') }) },
    },
    async (request, reply) => {
      const id = AvatarIdSchema.parse(request.params.file.replace(/\.svg$/, ''));
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(avatarSvg(id));
    },
  );

  // ---------------------------------------------------------------- parental PIN

  const pinTags = ['parental control'];
  const pinLimit = limitPerMinute(20, byAccount);

  app.get(
    ApiRoute.pin,
    { config: { audience: 'virtual' }, schema: { tags: pinTags, summary: 'pin status: pin_status, whether a PIN is set, tries left, the lock', response: { 200: PinStateSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return pin.state(requireSession(request));
    },
  );

  app.post(
    ApiRoute.pin,
    { config: { audience: 'holder', ...pinLimit }, schema: { tags: pinTags, summary: 'Create the parental PIN (four digits)', body: PinRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pin.create(requireSession(request), request.body.pin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinCheck,
    { config: { audience: 'registered', ...pinLimit }, schema: { tags: pinTags, summary: 'Check the PIN; five wrong tries lock checks for 15 minutes, then an hour, then a day (a correct PIN starts over)', body: PinRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pin.check(requireSession(request), request.body.pin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinChange,
    { config: { audience: 'holder', ...pinLimit }, schema: { tags: pinTags, summary: 'Change the PIN with the old one', body: PinChangeRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pin.change(requireSession(request), request.body.old_pin, request.body.new_pin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinRemove,
    { config: { audience: 'holder', ...pinLimit }, schema: { tags: pinTags, summary: 'Remove the PIN with the PIN', body: PinRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pin.remove(requireSession(request), request.body.pin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinSkip,
    { config: { audience: 'holder', ...pinLimit }, schema: { tags: pinTags, summary: 'Decline to make a PIN (pin_status skip)', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pin.skip(requireSession(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinForgot,
    {
      config: { audience: 'registered', ...limitPerMinute(3, byAccount) },
      schema: { tags: pinTags, summary: 'Send a /pin_remove link to the account email (or SMS to its phone)', response: { 200: PinForgotResponseSchema, ...errors } },
    },
    async (request) => pin.forgot(requireSession(request)),
  );

  app.post(
    ApiRoute.pinResetVerify,
    {
      config: { audience: 'anonymous', ...limitPerMinute(20, (r) => r.ip) },
      schema: { tags: pinTags, summary: 'Whether a /pin_remove link still works', body: PinResetRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await pin.verifyResetToken(request.body.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.pinReset,
    {
      config: { audience: 'anonymous', ...limitPerMinute(10, (r) => r.ip) },
      schema: { tags: pinTags, summary: 'Remove the PIN with a /pin_remove link (single use, 30 minutes)', body: PinResetRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await pin.resetWithToken(request.body.token);
      return reply.status(204).send(null);
    },
  );
}
