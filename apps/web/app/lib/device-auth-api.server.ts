import { ApiPath, DeviceDecisionSchema, PendingDeviceSchema } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** The site's side of signing a TV in by a code (RFC 8628): the device behind a typed code, confirm, refuse. */
export function deviceAuthApi(call: ApiCall) {
  const post = (userCode: string) => ({ method: 'POST', body: JSON.stringify({ user_code: userCode }) });
  return {
    deviceCodeLookup: (userCode: string) => call(PendingDeviceSchema, ApiPath.deviceCodeLookup, post(userCode)),
    deviceCodeApprove: (userCode: string) => call(DeviceDecisionSchema, ApiPath.deviceCodeApprove, post(userCode)),
    deviceCodeDeny: (userCode: string) => call(DeviceDecisionSchema, ApiPath.deviceCodeDeny, post(userCode)),
  };
}
