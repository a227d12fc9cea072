/**
 * An organization's own events (POST /api/createEvent, PUT /api/updateNPEvents,
 * GET /api/getUserEvents/{id}, DELETE /api/events/{id}, the events card on /nonprofit/{id}).
 * Only a nonprofit user of the organization may create, change or delete its events; every
 * change happens in one transaction together with the event's ticket types (prices in
 * integer cents, quantity null = unlimited). Dates are stored in UTC; each event carries the
 * IANA zone its times are entered and shown in (the organization's, eventTimeZone).
 */
import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeOrganization, authorizeVerifiedOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { CreateEventInput, TicketTypeInput, UpdateEventInput } from "@/lib/validations/event";
import { eventTimeZone, organizationTimeZone } from "@/lib/time/organization-time-zone";
import { messages } from "@/lib/validations/messages";
import { eventTicketOrders, eventTicketTypes, events, organizations } from "@/models";

/** A ticket type as shown to owners and buyers. remaining is null when unlimited. */
export type TicketTypeView = {
  _id: string;
  name: string;
  /** Price in cents; 0 means free. */
  priceCents: number;
  /** Fair market value of one ticket, cents; null means the whole price (nothing deductible). */
  fairMarketValueCents: number | null;
  /** Seat limit, null for unlimited. */
  quantity: number | null;
  /** Seats held by pending and confirmed orders. */
  sold: number;
  remaining: number | null;
  soldOut: boolean;
};

/** An event with everything its owner edits. Dates are ISO 8601 in UTC. */
export type ManagedEvent = {
  _id: string;
  organizationId: string;
  name: string;
  description: string;
  topic: string | null;
  imageUrl: string | null;
  startsAt: string;
  endsAt: string | null;
  venue: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  likesCount: number;
  ticketTypes: TicketTypeView[];
  /** IANA zone of the event's times (the organization's): the owner's form reads and shows them in it. */
  timeZone: string;
};

/** Split of an organization's events: upcoming soonest first, past most recent first. */
export type EventLists = { upcoming: ManagedEvent[]; past: ManagedEvent[] };

const MAX_EVENTS_LISTED = 200;

/** Map a ticket type row to its view. */
export function toTicketTypeView(t: typeof eventTicketTypes.$inferSelect): TicketTypeView {
  const remaining = t.quantity === null ? null : Math.max(0, t.quantity - t.sold);
  return { _id: t.id, name: t.name, priceCents: t.priceCents, fairMarketValueCents: t.fairMarketValueCents, quantity: t.quantity, sold: t.sold, remaining, soldOut: remaining === 0 };
}


/** The organization's state and ZIP code, from which its time zone comes. */
async function organizationPlace(db: Executor, organizationId: string): Promise<{ state: string | null; zipcode: string | null }> {
  const [org] = await db.select({ state: organizations.state, zipcode: organizations.zipcode }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return org ?? { state: null, zipcode: null };
}

async function loadEvents(db: Executor, organizationId: string, eventIds?: string[]): Promise<ManagedEvent[]> {
  const where = eventIds ? and(eq(events.organizationId, organizationId), inArray(events.id, eventIds)) : eq(events.organizationId, organizationId);
  const rows = await db.select().from(events).where(where).orderBy(asc(events.startsAt), asc(events.id)).limit(MAX_EVENTS_LISTED);
  if (rows.length === 0) return [];
  const place = await organizationPlace(db, organizationId);
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(
      inArray(
        eventTicketTypes.eventId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(eventTicketTypes.createdAt), asc(eventTicketTypes.id));
  return rows.map((r) => ({
    _id: r.id,
    organizationId: r.organizationId,
    name: r.name,
    description: r.description,
    topic: r.topic,
    imageUrl: r.imageUrl,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt ? r.endsAt.toISOString() : null,
    venue: r.venue,
    addressLine1: r.addressLine1,
    city: r.city,
    state: r.state,
    zipcode: r.zipcode,
    likesCount: r.likesCount,
    ticketTypes: types.filter((t) => t.eventId === r.id).map(toTicketTypeView),
    timeZone: eventTimeZone(place, r),
  }));
}

/** Creation times one millisecond apart keep ticket types in the order they were entered. */
const listedAt = (i: number, base = Date.now()) => new Date(base + i);

function split(list: ManagedEvent[], now = Date.now()): EventLists {
  const ended = (e: ManagedEvent) => new Date(e.endsAt ?? e.startsAt).getTime() < now;
  return { upcoming: list.filter((e) => !ended(e)), past: list.filter(ended).reverse() };
}

/**
 * Every event of the actor's organization (upcoming and past), with ticket types, and the
 * organization's IANA time zone (in which a new event's times are entered).
 * @throws AppError(forbidden) unless `actor` is its nonprofit user (per the database, lib/auth/authorize.ts);
 *   AppError(not_found) when the organization is gone.
 */
export async function listManagedEvents({ actor, organizationId }: { actor: Actor; organizationId: string }): Promise<EventLists & { timeZone: string }> {
  const db = await getDb();
  await authorizeOrganization(db, actor, "event.manage", organizationId);
  const [list, place] = await Promise.all([loadEvents(db, organizationId), organizationPlace(db, organizationId)]);
  return { ...split(list), timeZone: organizationTimeZone(place) };
}

/**
 * GET /api/getUserEvents/{id}: the organization's owner sees all its events (upcoming and
 * past, also while the profile is hidden); anyone else sees the upcoming events of a live,
 * approved organization (past is then empty).
 * @throws AppError(not_found) unknown organization, or not public and not the owner's.
 */
export async function listEventsForViewer({ actor, organizationId }: { actor: Actor | null; organizationId: string }): Promise<EventLists & { owner: boolean }> {
  const id = organizationId.trim();
  if (!id || id.length > 64) throw new AppError("not_found", messages.organization.notFound);
  const db = await getDb();
  const [org] = await db
    .select({ id: organizations.id, live: organizations.live, approvalStatus: organizations.approvalStatus })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  if (can(actor, "event.manage", { organizationId: id })) return { ...split(await loadEvents(db, id)), owner: true };
  if (!org.live || org.approvalStatus !== "approved") throw new AppError("not_found", messages.organization.notFound);
  return { upcoming: split(await loadEvents(db, id)).upcoming, past: [], owner: false };
}

const eventColumns = (input: CreateEventInput | UpdateEventInput) => ({
  name: input.name,
  description: input.description,
  topic: input.topic,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  venue: input.venue,
  addressLine1: input.addressLine1,
  city: input.city,
  state: input.state,
  zipcode: input.zipcode,
});

/**
 * POST /api/createEvent: a new event of the actor's organization with its ticket types.
 * @returns the saved event (ISO dates in UTC, prices in cents).
 * @throws AppError(forbidden) unless `actor` is its nonprofit user (per the database, lib/auth/authorize.ts);
 *   AppError(not_found) when the organization is gone.
 */
export async function createEvent({ actor, input }: { actor: Actor; input: CreateEventInput }): Promise<ManagedEvent> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    // A public event is something the public sees: not while the organization's claim waits for verification.
    await authorizeVerifiedOrganization(tx, actor, "organization.publish", input.organizationId, { base: "event.manage", refusal: messages.claims.eventsNeedVerification });
    const [row] = await tx
      .insert(events)
      .values({ organizationId: input.organizationId, ...eventColumns(input) })
      .returning({ id: events.id });
    if (input.ticketTypes.length) {
      await tx.insert(eventTicketTypes).values(
        input.ticketTypes.map((t, i) => ({ eventId: row!.id, name: t.name, priceCents: t.priceCents, fairMarketValueCents: t.fairMarketValueCents, quantity: t.quantity, createdAt: listedAt(i) })),
      );
    }
    return row!.id;
  });
  return (await loadEvents(db, input.organizationId, [id]))[0]!;
}

/** The event row locked for a change by its owner. */
async function lockOwnedEvent(tx: Executor, eventId: string, actor: Actor) {
  const [row] = await tx
    .select({ id: events.id, organizationId: events.organizationId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1)
    .for("update");
  if (!row) throw new AppError("not_found", messages.events.notFound);
  await authorizeOrganization(tx, actor, "event.manage", row.organizationId);
  return row;
}

/**
 * PUT /api/updateNPEvents: replace the event's fields and ticket types. Types listed with an
 * id are updated (a seat limit cannot drop below the seats already held), types without one
 * are added, and types left out are removed unless they have orders.
 * @throws AppError(not_found) unknown event or ticket type; AppError(forbidden) another
 *   organization's event; AppError(conflict) a limit below the seats held or removing a type
 *   with orders — nothing is changed then.
 */
export async function updateEvent({ actor, input }: { actor: Actor; input: UpdateEventInput }): Promise<ManagedEvent> {
  const db = await getDb();
  const organizationId = await db.transaction(async (tx) => {
    const ev = await lockOwnedEvent(tx, input.eventId, actor);
    await tx.update(events).set(eventColumns(input)).where(eq(events.id, ev.id));
    await replaceTicketTypes(tx, ev.id, input.ticketTypes);
    return ev.organizationId;
  });
  return (await loadEvents(db, organizationId, [input.eventId]))[0]!;
}

async function replaceTicketTypes(tx: Executor, eventId: string, wanted: TicketTypeInput[]): Promise<void> {
  const existing = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, eventId)).for("update");
  const byId = new Map(existing.map((t) => [t.id, t]));
  const kept = new Set<string>();
  for (const t of wanted) {
    if (!t.id) continue;
    const current = byId.get(t.id);
    if (!current) throw new AppError("not_found", messages.events.ticketTypeNotFound);
    kept.add(t.id);
    if (t.quantity !== null && t.quantity < current.sold) {
      throw new AppError("conflict", messages.events.ticketQuantityBelowSold(current.sold));
    }
    // The guard repeats the check in SQL against the locked row.
    const updated = await tx
      .update(eventTicketTypes)
      .set({ name: t.name, priceCents: t.priceCents, fairMarketValueCents: t.fairMarketValueCents, quantity: t.quantity })
      .where(and(eq(eventTicketTypes.id, t.id), t.quantity === null ? sql`true` : sql`${eventTicketTypes.sold} <= ${t.quantity}`))
      .returning({ id: eventTicketTypes.id });
    if (updated.length === 0) throw new AppError("conflict", messages.events.ticketQuantityBelowSold(current.sold));
  }
  const removed = existing.filter((t) => !kept.has(t.id));
  if (removed.length) {
    const [withOrders] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(eventTicketOrders)
      .where(
        inArray(
          eventTicketOrders.ticketTypeId,
          removed.map((t) => t.id),
        ),
      );
    if ((withOrders?.n ?? 0) > 0) throw new AppError("conflict", messages.events.ticketTypeHasOrders);
    await tx.delete(eventTicketTypes).where(
      inArray(
        eventTicketTypes.id,
        removed.map((t) => t.id),
      ),
    );
  }
  const added = wanted.filter((t) => !t.id);
  if (added.length) {
    await tx.insert(eventTicketTypes).values(added.map((t, i) => ({ eventId, name: t.name, priceCents: t.priceCents, fairMarketValueCents: t.fairMarketValueCents, quantity: t.quantity, createdAt: listedAt(i) })));
  }
}

/**
 * DELETE /api/events/{id}: delete an event that has no ticket orders (its likes and ticket
 * types go with it).
 * @throws AppError(not_found) unknown event; AppError(forbidden) another organization's;
 *   AppError(conflict) the event has ticket orders.
 */
export async function deleteEvent({ actor, eventId }: { actor: Actor; eventId: string }): Promise<{ deleted: true; eventId: string }> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const ev = await lockOwnedEvent(tx, eventId, actor);
    const [orders] = await tx.select({ n: sql<number>`count(*)::int` }).from(eventTicketOrders).where(eq(eventTicketOrders.eventId, ev.id));
    if ((orders?.n ?? 0) > 0) throw new AppError("conflict", messages.events.hasOrders);
    await tx.delete(events).where(and(eq(events.id, ev.id), eq(events.organizationId, ev.organizationId)));
  });
  return { deleted: true, eventId };
}
