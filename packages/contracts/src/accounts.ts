import { z } from 'zod';

// Accounts: sign-in and sign-up by an SMS code, and email confirmation from the letter's link.

const SixDigits = z.string().trim().regex(/^\d{6}$/, 'six digits');

/**
 * A phone as a person typed it; the API reads it with the spec platform §5 rules (core parsePhoneInput) and
 * answers INVALID_PHONE or PHONE_NOT_MOBILE when it is not a Russian mobile number.
 */
const PhoneInputSchema = z.string().trim().min(1).max(32);

/** Send a one-time code by SMS: the same answer whether or not an account has the number. */
export const PhoneCodeRequestSchema = z.object({ phone: PhoneInputSchema }).meta({ id: 'PhoneCodeRequest' });
export type PhoneCodeRequest = z.infer<typeof PhoneCodeRequestSchema>;

/**
 * The code from the SMS: signs in to the account with that phone, or registers the caller's virtual user
 * with it, or adds it to the caller's registered account that has no phone yet.
 */
export const PhoneVerifyRequestSchema = z.object({ phone: PhoneInputSchema, code: SixDigits }).meta({ id: 'PhoneVerifyRequest' });
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequestSchema>;

/** The address and the code of a confirmation letter's link; no session is needed. */
export const EmailConfirmLinkRequestSchema = z
  .object({ email: z.string().trim().toLowerCase().min(3).max(254), code: SixDigits })
  .meta({ id: 'EmailConfirmLinkRequest' });
export type EmailConfirmLinkRequest = z.infer<typeof EmailConfirmLinkRequestSchema>;

/** A new confirmation letter for an address that waits for it (the same answer for any address). */
export const EmailResendLinkRequestSchema = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) }).meta({ id: 'EmailResendLinkRequest' });
