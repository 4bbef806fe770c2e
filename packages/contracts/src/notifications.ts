import { z } from 'zod';

/** Notification channels (spec platform §1 notification subscriptions: email, push, SMS). */
export const NotifyChannelSchema = z.enum(['email', 'push', 'sms']);
export type NotifyChannel = z.infer<typeof NotifyChannelSchema>;

/** active, off, or pending: an email subscription waiting for its double opt-in link (spec platform §6). */
export const NotifyStatusSchema = z.enum(['active', 'pending', 'off']);
export type NotifyStatus = z.infer<typeof NotifyStatusSchema>;

export const NotifySubscriptionSchema = z.object({
  channel: NotifyChannelSchema,
  status: NotifyStatusSchema,
  /** The address or number it goes to (masked for the unsubscribe page), or null. */
  destination: z.string().nullable(),
  /** Whether the account has what the channel needs (an email, a phone). */
  available: z.boolean(),
  updated_at: z.string().nullable(),
});
export type NotifySubscription = z.infer<typeof NotifySubscriptionSchema>;

/** spec platform §7 GET subscribe email / push / SMS status: data.items. */
export const NotifyStatusResponseSchema = z
  .object({ data: z.object({ items: z.array(NotifySubscriptionSchema) }) })
  .meta({ id: 'NotifyStatusResponse' });
export type NotifyStatusResponse = z.infer<typeof NotifyStatusResponseSchema>;

export const NotifyToggleRequestSchema = z.object({ subscribed: z.boolean() }).meta({ id: 'NotifyToggleRequest' });

/** The double opt-in link's token (/doi-confirm?token=…). */
export const DoiConfirmRequestSchema = z.object({ token: z.string().min(20).max(200) }).meta({ id: 'DoiConfirmRequest' });

/** The signed one-click unsubscribe link (/auth/unsubscribe/{account_id}?sig=…). */
export const UnsubscribeQuerySchema = z.object({ sig: z.string().min(20).max(200) });
export const UnsubscribeRequestSchema = z.object({ sig: z.string().min(20).max(200), subscribed: z.boolean() }).meta({ id: 'UnsubscribeRequest' });
