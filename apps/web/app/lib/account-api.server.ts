import {
  AccountDeleteCodeSchema, AccountDeviceListSchema, AccountDeviceSchema, AccountPersonSchema, AccountSubscriptionsSchema, ApiPath, AuthDataSchema,
  NotifyStatusResponseSchema, NotifySubscriptionSchema, type AccountDeleteRequest, type DeviceLimitResolveRequest, type DeviceRegisterRequest,
  type NotifyChannel,
} from '@ekran/contracts';
import { z } from 'zod';
import type { ApiCall } from './api-call.server.ts';

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** The API calls of devices, the account page, notifications and the signed links. */
export function accountApi(call: ApiCall) {
  return {
    devices: () => call(AccountDeviceListSchema, ApiPath.accountDevices),
    registerDevice: (body: DeviceRegisterRequest) => call(AccountDeviceSchema, ApiPath.accountDevices, json('POST', body)),
    removeDevice: (id: string) => call(z.null(), ApiPath.accountDevice(id), { method: 'DELETE' }),
    resolveDeviceLimit: (body: DeviceLimitResolveRequest) => call(AuthDataSchema, ApiPath.deviceLimitResolve, json('POST', body)),
    person: () => call(AccountPersonSchema, ApiPath.accountPerson),
    setPersonName: (name: string | null) => call(AccountPersonSchema, ApiPath.accountPersonName, json('PUT', { name })),
    setBirthday: (birthday: string | null) => call(AccountPersonSchema, ApiPath.accountBirthday, json('PUT', { birthday })),
    setGender: (gender: 'male' | 'female' | null) => call(AccountPersonSchema, ApiPath.accountGender, json('PUT', { gender })),
    subscriptions: () => call(AccountSubscriptionsSchema, ApiPath.accountSubscriptions),
    notifications: () => call(NotifyStatusResponseSchema, ApiPath.subscribeStatusAll),
    setNotification: (channel: NotifyChannel, subscribed: boolean) => call(NotifySubscriptionSchema, ApiPath.subscribe(channel), json('PUT', { subscribed })),
    confirmDoi: (token: string) => call(NotifySubscriptionSchema, ApiPath.doiConfirm, json('POST', { token })),
    unsubscribeStatus: (accountId: string, sig: string) => call(NotifySubscriptionSchema, ApiPath.unsubscribe(accountId), { query: { sig } }),
    setUnsubscribed: (accountId: string, sig: string, subscribed: boolean) => call(NotifySubscriptionSchema, ApiPath.unsubscribe(accountId), json('POST', { sig, subscribed })),
    sendDeleteCode: (channel: 'email' | 'sms') => call(AccountDeleteCodeSchema, ApiPath.accountDeleteCode, json('POST', { channel })),
    deleteAccount: (body: AccountDeleteRequest) => call(z.null(), ApiPath.accountDelete, json('POST', body)),
  };
}
