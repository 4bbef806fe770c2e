import { z } from 'zod';
import { ApiRoute } from './api-paths.ts';

// The mobile-operator (МегаФон) customer (spec platform §1, §2 Operator partner, §3 mf_info,
// §6 Operator customer, §8) and the partner pages.

const SixDigits = z.string().trim().regex(/^\d{6}$/, 'six digits');
/** A msisdn as the operator or a person gives it; the API reads it with the platform §5 phone rules. */
const MsisdnInputSchema = z.string().trim().min(1).max(32);

/** The paths of the operator API, from the one route table (api-paths.ts). */
export const OperatorApiPath = {
  code: ApiRoute.operatorCode,
  verify: ApiRoute.operatorVerify,
  subscription: ApiRoute.operatorSubscription,
  connect: ApiRoute.operatorConnect,
  popupSeen: ApiRoute.operatorPopupSeen,
  mlk: ApiRoute.operatorMlk,
  notifications: ApiRoute.operatorNotifications,
} as const;

/** The partner name of the mobile operator's subscriptions (auth data and account subscriptions `partner`). */
export const OPERATOR_PARTNER = 'megafon';

/** spec platform §6: the app=mlk entry keeps the operator's msisdn and its suspend flag in these cookies. */
export const OPERATOR_MSISDN_COOKIE = 'msisdn';
export const OPERATOR_SUSPEND_COOKIE = 'suspend';
/** The header of the operator's notifications: hex HMAC-SHA256 of the raw body with the shared secret. */
export const OPERATOR_SIGNATURE_HEADER = 'x-operator-signature';

/** Send a one-time code by SMS to the operator number (sign-up and sign-in alike). */
export const OperatorCodeRequestSchema = z.object({ msisdn: MsisdnInputSchema }).meta({ id: 'OperatorCodeRequest' });
export type OperatorCodeRequest = z.infer<typeof OperatorCodeRequestSchema>;

/** The code from the SMS: signs in to (or registers) the account of the msisdn and marks it an operator customer. */
export const OperatorVerifyRequestSchema = z.object({ msisdn: MsisdnInputSchema, code: SixDigits }).meta({ id: 'OperatorVerifyRequest' });
export type OperatorVerifyRequest = z.infer<typeof OperatorVerifyRequestSchema>;

export const OperatorSubscriptionStatusSchema = z.enum(['active', 'suspended', 'cancelled']);
export const OperatorBalanceStateSchema = z.enum(['ok', 'low', 'no_money']);

/** The account's operator subscription as the operator last reported it. */
export const OperatorSubscriptionSchema = z
  .object({
    id: z.string(),
    /** The billed phone, +7 and ten digits. */
    msisdn: z.string(),
    status: OperatorSubscriptionStatusSchema,
    balance_state: OperatorBalanceStateSchema,
    started_at: z.string(),
    expires_at: z.string(),
    /** Plays now: active and not expired. */
    is_entitling: z.boolean(),
  })
  .meta({ id: 'OperatorSubscription' });
export type OperatorSubscription = z.infer<typeof OperatorSubscriptionSchema>;

/**
 * The informing popups a viewer can close (no_money stays until the balance is topped up); no_app
 * is closed for the country the viewer is in.
 */
export const OperatorPopupSeenRequestSchema = z.object({ popup: z.enum(['got_money', 'info', 'no_app']) }).meta({ id: 'OperatorPopupSeenRequest' });
export type OperatorPopupSeenRequest = z.infer<typeof OperatorPopupSeenRequestSchema>;

/**
 * The operator popup states of auth data mf_info.mf_pop_up (platform §3), one at a time in the precedence of
 * @ekran/core OPERATOR_POPUP_PRECEDENCE; no_app (platform §6): the operator's app is not
 * available in the viewer's country.
 */
export const OperatorPopupSchema = z.enum(['no_money', 'got_money', 'info', 'no_app']);
export type OperatorPopup = z.infer<typeof OperatorPopupSchema>;

/** spec platform §6 app=mlk: the operator's app opens the site with the msisdn and a suspend flag. */
export const OperatorMlkQuerySchema = z.object({
  msisdn: MsisdnInputSchema,
  suspend: z.enum(['0', '1', 'true', 'false', 'True', 'False']).optional().transform((v) => v === '1' || v === 'true' || v === 'True'),
});

/** What the app=mlk entry did: the caller already is this msisdn's account, or a code went to it. */
export const OperatorMlkResultSchema = z
  .object({
    state: z.enum(['signed_in', 'code_sent']),
    msisdn: z.string(),
    suspend: z.boolean(),
  })
  .meta({ id: 'OperatorMlkResult' });
export type OperatorMlkResult = z.infer<typeof OperatorMlkResultSchema>;

/** A notification from the operator (or its sandbox): each applies once by notification_id. */
export const OperatorNotificationSchema = z
  .object({
    notification_id: z.string().trim().min(1).max(128),
    msisdn: MsisdnInputSchema,
    event: z.enum(['suspended', 'resumed', 'low_balance', 'cancelled', 'renewed']),
    /** For renewed: the end of the newly billed period. */
    expires_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'OperatorNotification' });
export type OperatorNotification = z.infer<typeof OperatorNotificationSchema>;

/** Error codes of the operator API (beside ErrorCode of common.ts, kept here to keep merges simple). */
export const OperatorErrorCode = {
  /** 409: the operator says the number is not its subscriber. */
  NotOperatorSubscriber: 'NOT_OPERATOR_SUBSCRIBER',
  /** 402-like refusal as 409: the operator balance cannot pay (platform §8 «Пополните баланс и возвращайтесь»). */
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  /** 409: the subscription is suspended for lack of money; it resumes when the balance is topped up. */
  OperatorSuspended: 'OPERATOR_SUSPENDED',
  /** 409: the msisdn is billed for another account. */
  MsisdnTaken: 'MSISDN_TAKEN',
  /** 401: the notification's signature does not match. */
  InvalidSignature: 'INVALID_SIGNATURE',
} as const;
