/** PUT /api/handleEventLikedButton: a signed-in user likes or unlikes an event. */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { refreshEventPages } from "@/lib/cache/public-pages";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { eventLikes, events, organizations } from "@/models";
import { EVENT_NOT_FOUND } from "./get-event";

export type SetEventLikeOptions = { eventId: string; userId: string; isLiked: boolean; actor: Actor };

/**
 * Like (`isLiked` true) or unlike the event `eventId` as `actor`, on behalf of `userId`. Idempotent: liking twice or unliking an
 * event not liked changes nothing; events.likesCount changes exactly once per real change,
 * in the same transaction as the like row.
 * @returns the event's like count after the change and whether the actor now likes it.
 * @throws AppError(forbidden) when userId is not the signed-in user; AppError(not_found) for
 *   an unknown event or one whose organization is not public.
 */
export async function setEventLike({ actor, ...input }: SetEventLikeOptions): Promise<{ eventId: string; isLiked: boolean; likesCount: number }> {
  authorize(actor, "event.like", { userId: input.userId });
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .where(and(eq(events.id, input.eventId), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")))
      .limit(1);
    if (!event) throw new AppError("not_found", EVENT_NOT_FOUND);
    let delta = 0;
    if (input.isLiked) {
      const inserted = await tx
        .insert(eventLikes)
        .values({ eventId: input.eventId, userId: actor.id })
        .onConflictDoNothing()
        .returning({ eventId: eventLikes.eventId });
      delta = inserted.length;
    } else {
      const deleted = await tx
        .delete(eventLikes)
        .where(and(eq(eventLikes.eventId, input.eventId), eq(eventLikes.userId, actor.id)))
        .returning({ eventId: eventLikes.eventId });
      delta = -deleted.length;
    }
    const [row] = delta
      ? await tx
          .update(events)
          .set({ likesCount: sql`greatest(0, ${events.likesCount} + ${delta})` })
          .where(eq(events.id, input.eventId))
          .returning({ likesCount: events.likesCount })
      : await tx.select({ likesCount: events.likesCount }).from(events).where(eq(events.id, input.eventId));
    return { eventId: input.eventId, isLiked: input.isLiked, likesCount: row?.likesCount ?? 0 };
  });
  // The cached event page shows the like count.
  refreshEventPages(input.eventId);
  return result;
}
