import { data } from 'react-router';
import type { TariffsAnswer } from '../../lib/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/tariffs';

/**
 * The tariff list of the tariff flow (spec platform §4, §7 GET tariffs): "null on status 400 or above", and
 * §8 "Profile and tariff calls with status 400+ ignored silently (tariffs give null)".
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  try {
    return data<TariffsAnswer>({ tariffs: await api.tariffs() });
  } catch (err) {
    if (err instanceof ApiCallError) return data<TariffsAnswer>({ tariffs: null });
    throw err;
  }
}
