import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { eventLikes, events, organizations, users } from "@/models";
import { getPublicEvent } from "./get-event";
import { listOrganizationEvents } from "./list-events";
import { setEventLike } from "./set-event-like";

let h: DatabaseHandle;
let eventId: string;
let organizationId: string;
let ann: Actor;
let bob: Actor;

const actor = (id: string, email: string): Actor => ({ id, role: "donor", organizationId: null, email, firstName: "A", lastName: "B", organizationName: "", telephone: null });

beforeAll(async () => {
  h = await createTestDatabase();
  const [org] = await h.db.insert(organizations).values({ name: "Lake Champlain Rowing", city: "Burlington", state: "VT" }).returning({ id: organizations.id });
  organizationId = org!.id;
  const [e] = await h.db
    .insert(events)
    .values({ organizationId, name: "Regatta", startsAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: events.id });
  eventId = e!.id;
  await h.db.insert(events).values({ organizationId, name: "Old regatta", startsAt: new Date(Date.now() - 30 * 86_400_000) });
  const rows = await h.db
    .insert(users)
    .values([
      { type: "individual", email: "ann@example.org", passwordHash: "x" },
      { type: "individual", email: "bob@example.org", passwordHash: "x" },
    ])
    .returning({ id: users.id, email: users.email });
  ann = actor(rows[0]!.id, rows[0]!.email);
  bob = actor(rows[1]!.id, rows[1]!.email);
});
afterAll(() => h.close());

const count = async () => (await h.db.select({ n: events.likesCount }).from(events).where(eq(events.id, eventId)))[0]!.n;

describe("event likes", () => {
  test("like and unlike are idempotent and change likesCount exactly once", async () => {
    expect(await setEventLike({ eventId, userId: ann.id, isLiked: true, actor: ann })).toEqual({ eventId, isLiked: true, likesCount: 1 });
    expect((await setEventLike({ eventId, userId: ann.id, isLiked: true, actor: ann })).likesCount).toBe(1);
    await Promise.all([setEventLike({ eventId, userId: bob.id, isLiked: true, actor: bob }), setEventLike({ eventId, userId: bob.id, isLiked: true, actor: bob })]).catch(() => undefined);
    expect(await count()).toBe(2);
    expect((await getPublicEvent({ actor: ann, eventId })).likedByMe).toBe(true);
    expect((await setEventLike({ eventId, userId: ann.id, isLiked: false, actor: ann })).likesCount).toBe(1);
    expect((await setEventLike({ eventId, userId: ann.id, isLiked: false, actor: ann })).likesCount).toBe(1);
    expect(await count()).toBe(1);
    expect((await h.db.select().from(eventLikes)).length).toBe(1);
    expect((await getPublicEvent({ actor: ann, eventId })).likedByMe).toBe(false);
  });

  test("a user cannot like for someone else; unknown events are 404", async () => {
    await expect(setEventLike({ eventId, userId: bob.id, isLiked: true, actor: ann })).rejects.toMatchObject({ status: 403 });
    await expect(setEventLike({ eventId: "nope", userId: ann.id, isLiked: true, actor: ann })).rejects.toMatchObject({ status: 404 });
  });

  test("an organization's events: upcoming and past; hidden organizations are 404", async () => {
    const list = await listOrganizationEvents({ organizationId });
    expect(list.upcoming.map((e) => e.name)).toEqual(["Regatta"]);
    expect(list.past.map((e) => e.name)).toEqual(["Old regatta"]);
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, organizationId));
    await expect(listOrganizationEvents({ organizationId })).rejects.toMatchObject({ status: 404 });
    await expect(getPublicEvent({ actor: null, eventId })).rejects.toMatchObject({ status: 404 });
    await h.db.update(organizations).set({ live: true }).where(eq(organizations.id, organizationId));
  });
});
