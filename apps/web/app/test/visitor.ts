import { RouterContextProvider } from 'react-router';
import type { Api } from '../lib/api.server.ts';
import { visitorContext, type Visitor } from '../lib/session.server.ts';

/** A router context holding a visitor whose API is the given stub (only the methods a test needs). */
export function contextWith(api: Partial<Api>, visitor: Partial<Omit<Visitor, 'api'>> = {}) {
  const context = new RouterContextProvider();
  context.set(visitorContext, { auth: null, token: 'token-0123456789abcdef', tz: 3, ...visitor, api: api as Api });
  return context;
}

/** Runs a loader and returns what it threw (a Response or data() result) or returned. */
export async function outcome<T>(run: () => Promise<T>): Promise<{ thrown: unknown } | { value: T }> {
  try {
    return { value: await run() };
  } catch (thrown) {
    return { thrown };
  }
}
