import type { SocialProviders } from '@ekran/contracts';
import { ApiCallError, type Api } from '../../lib/api.server.ts';

/** The providers to show buttons for; none when the API cannot say (the form still works without them). */
export async function socialProvidersFor(api: Api): Promise<SocialProviders['items']> {
  try {
    return (await api.socialProviders()).items;
  } catch (err) {
    if (err instanceof ApiCallError) return [];
    throw err;
  }
}
