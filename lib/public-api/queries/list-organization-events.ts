/**
 * GET /api/v1/organization/events: every event of the API key's organization (scope
 * read:events), past ones too, latest start first, with its ticket types and tickets sold.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import type { OrganizationEventResource } from "@/lib/integrations/api-resources";
import type { organizationEventsQuerySchema } from "@/lib/public-api/query-schemas";
import { events, eventTicketTypes, organizations } from "@/models";
import { toEventResource } from "@/lib/services/api-resources/to-resources";

/** @throws AppError(unauthenticated|forbidden) without a key holding read:events; AppError(bad_request) for a bad cursor. */
export async function listOrganizationEvents(options: {
  actor: ApiKeyActor | null;
  query: z.output<typeof organizationEventsQuerySchema>;
}): Promise<Page<OrganizationEventResource>> {
  const organizationId = requireApiScope(options.actor, "read:events");
  const { limit, cursor } = options.query;
  const key = decodeKeysetCursor(cursor);
  const where: SQL[] = [eq(events.organizationId, organizationId)];
  if (key) where.push(beforeKeyset({ at: events.startsAt, id: events.id, key }));
  const db = await getDb();
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      description: events.description,
      topic: events.topic,
      imageUrl: events.imageUrl,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: events.venue,
      city: events.city,
      state: events.state,
      likesCount: events.likesCount,
      orgName: organizations.name,
      cursorAt: sql<string>`${events.startsAt}::text`,
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(...where))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit + 1);
  const ids = rows.map((r) => r.id);
  const types = ids.length
    ? await db
        .select({
          id: eventTicketTypes.id,
          eventId: eventTicketTypes.eventId,
          name: eventTicketTypes.name,
          priceCents: eventTicketTypes.priceCents,
          fairMarketValueCents: eventTicketTypes.fairMarketValueCents,
          quantity: eventTicketTypes.quantity,
          sold: eventTicketTypes.sold,
        })
        .from(eventTicketTypes)
        .where(inArray(eventTicketTypes.eventId, ids))
        .orderBy(asc(eventTicketTypes.createdAt), asc(eventTicketTypes.id))
    : [];
  return keysetPage(rows, limit, (r) => [r.cursorAt, r.id], (r) => ({
    ...toEventResource({
      _id: r.id,
      name: r.name,
      topic: r.topic,
      description: r.description,
      imageUrl: r.imageUrl,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt ? r.endsAt.toISOString() : null,
      venue: r.venue,
      city: r.city,
      state: r.state,
      likesCount: r.likesCount,
      organization: { _id: organizationId, name: r.orgName },
    }),
    ticket_types: types
      .filter((tt) => tt.eventId === r.id)
      .map((tt) => ({
        id: tt.id,
        name: tt.name,
        price_cents: tt.priceCents,
        fair_market_value_cents: tt.fairMarketValueCents ?? tt.priceCents,
        quantity: tt.quantity,
        sold: tt.sold,
      })),
  }));
}
