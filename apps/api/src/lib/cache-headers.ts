import type { FastifyReply } from 'fastify';

/**
 * An answer that depends on nothing of its caller but a child profile's scope: public for shared caches (the site's
 * kept answers, decision 047; a CDN), except a child session's, which is its own. Set once the answer is made: a
 * refusal (404) is nobody's to keep.
 */
export function sameForEveryone(reply: FastifyReply, kids: unknown): void {
  void reply.header('cache-control', kids ? 'private, max-age=60' : 'public, max-age=60');
}
