// Loader and action helpers of the linked social accounts block (components/account/linked-accounts.tsx).
// The account page mounts it like this:
//   loader:  linked: await loadLinkedAccounts(api)
//   action:  const handled = await linkedAccountsAction(api, form); if (handled) return handled;
//   page:    <LinkedAccounts data={loaderData.linked} back="/account" />
import { SocialProviderSchema } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { socialError } from '../../lib/social-errors.server.ts';
import { UNLINK_INTENT, type LinkedAccountsActionData, type LinkedAccountsData } from './linked-accounts.tsx';

/** What the block shows: offered providers and the linked identities of the signed-in account. */
export async function loadLinkedAccounts(api: Api): Promise<LinkedAccountsData> {
  const [offered, linked] = await Promise.all([api.socialProviders(), api.linkedIdentities()]);
  return { providers: offered.items.map((p) => p.id), items: linked.items, hasPasswordOrPhone: linked.has_password_or_phone };
}

const UnlinkIntentForm = z.object({ intent: z.literal(UNLINK_INTENT) });
const UnlinkForm = z.object({ provider: SocialProviderSchema });

/** Handles the block's unlink form; null for any other form of the page. */
export async function linkedAccountsAction(api: Api, form: FormData) {
  if (!parseFormData(form, UnlinkIntentForm).success) return null;
  const parsed = parseFormData(form, UnlinkForm);
  if (!parsed.success) return data<LinkedAccountsActionData>({ unlinked: null, error: 'generic' }, { status: 400 });
  const { provider } = parsed.data;
  try {
    await api.unlinkIdentity(provider);
    return data<LinkedAccountsActionData>({ unlinked: provider, error: null });
  } catch (err) {
    if (err instanceof ApiCallError && err.body?.code === 'LAST_SIGN_IN_METHOD') return data<LinkedAccountsActionData>({ unlinked: null, error: 'last' }, { status: 409 });
    if (err instanceof ApiCallError && err.status === 404) return data<LinkedAccountsActionData>({ unlinked: null, error: 'notLinked' }, { status: 404 });
    const failure = socialError(err);
    return data<LinkedAccountsActionData>({ unlinked: null, error: failure.error }, { status: failure.status });
  }
}
