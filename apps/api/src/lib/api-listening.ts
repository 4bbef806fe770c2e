import { connect } from 'node:net';
import type { Env } from '../env.ts';

/**
 * Whether something listens on the API's address. The command-line tools that write to the database ask it
 * first: an API on the same PGlite folder must not run meanwhile (PGlite is one process's at a time).
 */
export function apiListening(env: Env): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: env.API_HOST === '0.0.0.0' ? '127.0.0.1' : env.API_HOST, port: env.API_PORT });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
