import { tFor } from '../../lib/i18n.ts';

/** The meta of every sign-in and account page: one title, never indexed. */
export function authMeta() {
  return [{ title: tFor('ru')('meta.authTitle') }, { name: 'robots', content: 'noindex' }];
}
