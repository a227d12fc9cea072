/**
 * Public event lists: upcoming events (GET /api/find/events) and one organization's events
 * (GET /api/find/nonprofit/events/{id}, /nonprofit/events/:id).
 */
import { displayOrganizationName } from "@/lib/directory/display-name";
import "server-only";
import { eq, and } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { searchEvents, type EventSearchHit } from "@/lib/search/events";
import { organizationTimeZone } from "@/lib/time/organization-time-zone";
import { messages } from "@/lib/validations/messages";
import type { EventFilters } from "@/lib/validations/search";
import { organizations } from "@/models";

/** Upcoming events matching text and filters, soonest first. */
export async function findEvents(input: { query: string; limit: number; offset: number; filters?: EventFilters }) {
  return searchEvents(input);
}

/**
 * Events of the live, approved organization `organizationId`: upcoming first (soonest first), then past ones,
 * with the organization's IANA time zone (from its state or ZIP) to show their times in.
 * @param options.limit most events read, 1..100 (default 50).
 * @throws AppError(not_found) when the organization is missing or not public.
 */
export async function listOrganizationEvents({
  organizationId,
  limit: wanted,
}: {
  organizationId: string;
  limit?: number;
}): Promise<{ organization: { _id: string; name: string; timeZone: string }; upcoming: EventSearchHit[]; past: EventSearchHit[] }> {
  const id = organizationId.trim();
  if (!id || id.length > 100) throw new AppError("not_found", messages.organization.notFound);
  const db = await getDb();
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name, legalName: organizations.legalName, state: organizations.state, zipcode: organizations.zipcode })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")))
    .limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  const limit = Math.min(100, Math.max(1, wanted ?? 50));
  const all = await searchEvents({ query: "", limit, offset: 0, organizationId: id, includePast: true });
  const now = Date.now();
  const upcoming = all.results.filter((e) => new Date(e.endsAt ?? e.startsAt).getTime() >= now);
  const past = all.results.filter((e) => new Date(e.endsAt ?? e.startsAt).getTime() < now).reverse();
  return { organization: { _id: org.id, name: displayOrganizationName(org.name, org.legalName), timeZone: organizationTimeZone(org) }, upcoming, past };
}
