import type { AccountDevice, AccountDeviceList, DeviceRegisterRequest } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { deviceCountExceeded, mayAddDevice, VIRTUAL_DEVICE_LIMIT } from '../identity/sign-in.ts';
import { toAccountDevice } from './device-name.ts';

/** The account's devices: the list, removal, registration, and the playback check's device rule. */
export function createDevicesService(
  deps: Pick<Deps, 'env' | 'now'>,
  { identity: repo }: { identity: Pick<IdentityService, 'listDevices' | 'deviceByUid' | 'registerDevice' | 'removeDevice'> },
) {
  const limit = deps.env.DEVICE_LIMIT;

  return {
    /** The devices of the caller's account, oldest first, the caller's own marked; the limit (none for virtual users). */
    async list(session: SessionContext): Promise<AccountDeviceList> {
      const rows = await repo.listDevices(session.userId);
      return { items: rows.map((d) => toAccountDevice(d, session.deviceId)), limit: session.isVirtual ? null : limit };
    },

    /**
     * Removes a device of the account; its sessions end and that browser hears DEVICE_REMOVED on its next
     * call. The caller's own device is not removed here: that is a sign-out.
     */
    async remove(session: SessionContext, deviceId: string): Promise<void> {
      if (deviceId === session.deviceId) throw new AppError(400, ErrorCode.CurrentDevice, 'This is the device you are using; sign out instead');
      if (!(await repo.removeDevice(session.userId, deviceId, deps.now()))) throw notFound(`Device ${deviceId}`);
    },

    /** Registers a device to the caller's account (obeying the limit) and moves this session onto it. */
    async register(session: SessionContext, body: DeviceRegisterRequest, userAgent: string | null): Promise<AccountDevice> {
      const result = await repo.registerDevice({
        userId: session.userId,
        sessionId: session.sessionId,
        now: deps.now(),
        device: { uid: body.device_id, type: body.device_type, userAgent },
        mayAdd: mayAddDevice(limit),
      });
      // Signed in already, the caller removes a device itself: no ticket.
      if (!result.ok) throw deviceCountExceeded(session.isVirtual ? VIRTUAL_DEVICE_LIMIT : limit, result.devices, null, session.deviceId);
      return toAccountDevice(result.device, result.device.id);
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
