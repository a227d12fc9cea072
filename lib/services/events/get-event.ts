/** One event's public page (GET /event/:id): the event, its organization and the viewer's like. */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { rowsOf } from "@/lib/db/rows";
import { toEventHit, type EventSearchHit } from "@/lib/search/events";
import { eventTimeZone } from "@/lib/time/organization-time-zone";
import { eventLikes } from "@/models";

/** `timeZone` is the organization's IANA zone (from its state or ZIP) in which times are shown. */
export type PublicEvent = EventSearchHit & { addressLine1: string | null; zipcode: string | null; likedByMe: boolean; timeZone: string };

export const EVENT_NOT_FOUND = "We could not find that event.";

/**
 * An event of a live, approved organization.
 * @param actor the signed-in user (likedByMe is false when signed out).
 * @throws AppError(not_found) when missing or its organization is not public.
 */
export async function getPublicEvent({ actor, eventId }: { actor: Actor | null; eventId: string }): Promise<PublicEvent> {
  const id = eventId.trim();
  if (!id || id.length > 100) throw new AppError("not_found", EVENT_NOT_FOUND);
  const db = await getDb();
  const result = await db.execute(sql`select e.id, e.name, e.topic, e.description, e.image_url, e.starts_at, e.ends_at, e.venue, e.city,
      e.state, e.address_line1, e.zipcode, e.likes_count, o.id as org_id, o.name as org_name, o.legal_name as org_legal_name,
      o.state as org_state, o.zipcode as org_zipcode
    from events e join organizations o on o.id = e.organization_id
    where e.id = ${id} and o.live = true and o.approval_status = 'approved' limit 1`);
  const row = rowsOf(result)[0] as Record<string, unknown> | undefined;
  if (!row) throw new AppError("not_found", EVENT_NOT_FOUND);
  let likedByMe = false;
  if (actor) {
    const [like] = await db
      .select({ eventId: eventLikes.eventId })
      .from(eventLikes)
      .where(and(eq(eventLikes.eventId, id), eq(eventLikes.userId, actor.id)))
      .limit(1);
    likedByMe = Boolean(like);
  }
  return {
    ...toEventHit(row),
    addressLine1: (row.address_line1 as string | null) ?? null,
    zipcode: (row.zipcode as string | null) ?? null,
    likedByMe,
    timeZone: eventTimeZone(
      { state: (row.org_state as string | null) ?? null, zipcode: (row.org_zipcode as string | null) ?? null },
      { state: (row.state as string | null) ?? null, zipcode: (row.zipcode as string | null) ?? null },
    ),
  };
}
