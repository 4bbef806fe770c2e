import type { AuthData, LinkedIdentity } from '@ekran/contracts';
import type { IdentityRow } from './social.repo.ts';

/** A linked identity as the account page shows it. */
export const toLinkedIdentity = (row: IdentityRow): LinkedIdentity => ({
  provider: row.provider,
  email: row.email,
  phone: row.phone,
  name: row.name,
  linked_at: row.linkedAt.toISOString(),
});

/** spec platform §3 Auth data: apple_id, google_id, apple_info.email, vk_info.email and phone from the linked identities. */
export function socialAuthFields(rows: Pick<IdentityRow, 'provider' | 'subject' | 'email' | 'phone'>[]): Pick<AuthData, 'apple_id' | 'google_id' | 'apple_info' | 'vk_info'> {
  const of = (provider: IdentityRow['provider']) => rows.find((r) => r.provider === provider);
  const apple = of('apple');
  const vk = of('vk');
  return {
    apple_id: apple?.subject ?? null,
    google_id: of('google')?.subject ?? null,
    apple_info: { email: apple?.email ?? null },
    vk_info: { email: vk?.email ?? null, phone: vk?.phone ?? null },
  };
}
