import {
  ApiPath, CouponMetaSchema, CouponRegistrationSchema, PromoActivationSchema, PromoMetaSchema, type CouponRegistrationRequest, type PromoCodeRequest,
} from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** Spec platform §7 promo and coupon calls (check, activate, meta) and the coupon registration. */
export function promoApi(call: ApiCall) {
  return {
    promoCheck: (body: PromoCodeRequest) => call(PromoMetaSchema, ApiPath.promoCheck, { method: 'POST', body: JSON.stringify(body) }),
    promoActivate: (body: PromoCodeRequest) => call(PromoActivationSchema, ApiPath.promoActivate, { method: 'POST', body: JSON.stringify(body) }),
    coupon: (alias: string) => call(CouponMetaSchema, ApiPath.coupon(alias)),
    couponRegister: (alias: string, body: CouponRegistrationRequest) =>
      call(CouponRegistrationSchema, ApiPath.couponRegistration(alias), { method: 'POST', body: JSON.stringify(body) }),
  };
}
