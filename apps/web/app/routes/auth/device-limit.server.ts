import { ErrorCode, type DeviceLimit } from '@ekran/contracts';
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import type { AuthFormErrors } from './auth.server.ts';

/** The devices and ticket of a sign-in stopped by the device limit (spec platform §8), or null for any other failure. */
export function deviceLimitOf(err: unknown): DeviceLimit | null {
  if (!(err instanceof ApiCallError) || err.status !== 403 || err.body?.code !== ErrorCode.DeviceCountExceeded) return null;
  return err.body.device_limit ?? null;
}

type Failure<T> = { errors: AuthFormErrors } & T;

/**
 * A sign-in action's failure, device limit included: when the limit stopped the sign-in, what the
 * device-limit popup shows (`deviceLimit`); otherwise the form's usual failure with `deviceLimit: null`.
 * Every sign-in form answers with it: `return withDeviceLimit(err, refill, formFailure)`.
 */
export function withDeviceLimit<T extends object>(
  err: unknown,
  refill: T,
  otherwise: (err: unknown, refill: T) => DataWithResponseInit<Failure<T>>,
): DataWithResponseInit<Failure<T> & { deviceLimit: DeviceLimit | null }> {
  const deviceLimit = deviceLimitOf(err);
  // The popup is an answer of the form, as every refusal is (refusalStatus).
  if (deviceLimit) return data({ ...refill, errors: {}, deviceLimit }, { status: 200 });
  const failure = otherwise(err, refill);
  return data({ ...failure.data, deviceLimit: null }, failure.init ?? undefined);
}
