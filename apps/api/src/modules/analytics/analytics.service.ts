import type { AnalyticsEventData } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import type { SessionContext } from '../sessions/session-context.ts';
import { createAnalyticsRepo } from './analytics.repo.ts';

/**
 * Analytics events of the site (spec platform §3 Analytics event, §7 click events): stored with the caller's
 * account, profile and session, which the server knows, and the time it received them.
 */
export function createAnalyticsService(db: Db) {
  const repo = createAnalyticsRepo(db);
  return {
    async record(session: SessionContext, events: AnalyticsEventData[], receivedAt: Date): Promise<void> {
      await repo.insert(
        events.map((e) => ({
          receivedAt,
          accountId: session.userId,
          profileId: session.profileId,
          sessionId: session.sessionId,
          actionId: e.action_id,
          eventTime: new Date(e.event_time * 1000),
          sequenceNumber: e.sequence_number,
          blockType: e.block_type ?? null,
          elementType: e.element_type ?? null,
          elementId: e.element_id ?? null,
          elementText: e.element_text ?? null,
          productId: e.product_id ?? null,
          abTag: e.ab_tag ?? null,
          actionResult: e.action_result ?? null,
          actionAttributesStr: e.action_attributes_str ?? null,
          eventVersion: e.event_version ?? null,
        })),
      );
    },
  };
}
