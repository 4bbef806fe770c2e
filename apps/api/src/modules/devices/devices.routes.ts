import {
  AccountDeviceListSchema, AccountDeviceSchema, AuthDataSchema, DeviceLimitResolveRequestSchema, DeviceRegisterRequestSchema, ErrorSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession, userAgentOf } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const DeviceParams = z.object({ id: z.uuid('id must be a UUID') });

/** The account's devices (spec platform §7 account path devices) and the device-limit ticket (§8). */
export async function devicesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { devices, signIn } = app.services;

  app.get(
    ApiRoute.accountDevices,
    { config: { audience: 'holder' }, schema: { tags: ['devices'], summary: "The account's devices, the caller's own marked, and the device limit", response: { 200: AccountDeviceListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return devices.list(requireSession(request));
    },
  );

  app.post(
    ApiRoute.accountDevices,
    {
      config: { audience: 'virtual', ...limitPerMinute(10, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: {
        tags: ['devices'],
        summary: 'Register this device to the account (403 DEVICE_COUNT_EXCEEDED over the limit)',
        body: DeviceRegisterRequestSchema,
        response: { 201: AccountDeviceSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await devices.register(requireSession(request), request.body, userAgentOf(request))),
  );

  app.delete(
    ApiRoute.accountDevice,
    {
      config: { audience: 'holder', ...limitPerMinute(20, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: { tags: ['devices'], summary: 'Remove a device: its sessions end (DEVICE_REMOVED)', params: DeviceParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await devices.remove(requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.deviceLimitResolve,
    {
      // Per address and ticket: the site's server calls for all its visitors from one address.
      config: { audience: 'anonymous', ...limitPerMinute(10, (r) => `${r.ip}:${bodyField(r, 'ticket').split('.')[0]}`) },
      schema: {
        tags: ['devices'],
        summary: 'With the ticket of a sign-in stopped by the device limit: remove one device and complete that sign-in',
        body: DeviceLimitResolveRequestSchema,
        response: { 200: AuthDataSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      const data = await signIn.resolveDeviceLimit({
        ticket: request.body.ticket,
        removeDeviceId: request.body.remove_device_id,
        apiClientId: request.apiClient.id,
        current: request.session,
      });
      signIn.setCookie(reply, data);
      return data;
    },
  );
}
