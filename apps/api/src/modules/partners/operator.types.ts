import type { operatorSubscriptions, tariffs } from '@ekran/db';

/** A row of `operator_subscriptions`. */
export type OperatorSubscriptionRow = typeof operatorSubscriptions.$inferSelect;
/** The tariff an operator subscription is on. */
export type OperatorTariffRow = typeof tariffs.$inferSelect;
