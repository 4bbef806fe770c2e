import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/profiles-action';
import { runProfileAction } from './profiles-action.server.ts';

/** POST /profiles/action: the mutations of the profile menu and its dialogs, used by fetchers. */
export async function action({ request, context }: Route.ActionArgs) {
  return runProfileAction(context.get(visitorContext).api, await request.formData());
}
