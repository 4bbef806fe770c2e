import type { KidsAgeCap } from '@ekran/core';

// Sessions sit low in the module graph (docs/decisions/040-api-composition-root.md): every module that knows its
// caller reads this shape; identity resolves it (plugins/session.ts), nothing here reads another module.

/** What a route knows about its caller. */
export interface SessionContext {
  sessionId: string;
  userId: string;
  profileId: string;
  deviceId: string | null;
  isVirtual: boolean;
  isChild: boolean;
  /** The child profile's age cap; null for an adult profile or a child one without a cap. */
  ageCap: KidsAgeCap | null;
  countryCode: string;
  token: string;
  /**
   * The version of the account's data (the account_state row its triggers bump, decision 047): answers made of
   * that data may be kept under it, since any change of it moves the version.
   */
  accountVersion: number;
  /** The account's back-office roles (`support`); staff routes need one (plugins/audience.ts). */
  roles: readonly string[];
}
