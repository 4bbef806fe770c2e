import type { socialIdentities } from '@ekran/db';

/** A linked social identity, as `social_identities` keeps it. */
export type IdentityRow = typeof socialIdentities.$inferSelect;
