import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { sandboxDelivery } from "@/lib/payments/sandbox";
import { handleWebhook } from "@/lib/services/payments/apply-payment-event";
import { makeDonor, makeNonprofit, testCheckoutClient, storedPayment } from "@/lib/testing/service-fixtures";
import { createEventSchema, ticketOrderSchema, updateEventSchema } from "@/lib/validations/event";
import { messages } from "@/lib/validations/messages";
import { donations, eventTicketOrders, eventTicketTypes, events, payments } from "@/models";
import { createEvent, deleteEvent, listEventsForViewer, listManagedEvents, updateEvent } from "./manage-events";
import { createTicketOrder, getTicketPage } from "./tickets";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-events-"));
let h: DatabaseHandle;
let orgA: { organizationId: string; user: Actor };
let orgB: { organizationId: string; user: Actor };
let donor: Actor;

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const card = (number: string) => ({ number, expiry: "12/34", cvc: "123" });

beforeAll(async () => {
  // Guests' proof-of-work challenge is tested with the checkout defences (checkout-defences.test.ts).
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-events-0123456789", CHECKOUT_CHALLENGE: "off" });
  h = await createTestDatabase();
  await startMailWorker({ pollingIntervalSeconds: 30 });
  orgA = await makeNonprofit(h.db, "Lake Champlain Rowing");
  orgB = await makeNonprofit(h.db, "Green Mountain Hikers");
  donor = await makeDonor("ticket-buyer@example.org");
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, CHECKOUT_CHALLENGE: undefined });
});

async function newEvent(ticketTypes: { name: string; priceCents: number; quantity: number | null }[], over: Record<string, unknown> = {}) {
  return createEvent({ actor: orgA.user, input: createEventSchema.parse({ organizationId: orgA.organizationId, name: "Spring Regatta", startsAt: inDays(10), city: "Burlington", state: "vt", ticketTypes, ...over }) });
}

const order = (over: Record<string, unknown>) =>
  ticketOrderSchema.parse({ idempotencyKey: randomUUID(), quantity: 1, name: "Gus Guest", email: "Gus@Example.org", ...over });

const typeRow = async (id: string) => (await h.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, id)))[0]!;

describe("managing events", () => {
  test("create and update an event with ticket types in cents; dates stored in UTC", async () => {
    const ev = await newEvent(
      [
        { name: "Adult", priceCents: 2_550, quantity: 100 },
        { name: "Child", priceCents: 0, quantity: null },
      ],
      { startsAt: "2031-06-01T18:30:00-04:00", endsAt: "2031-06-01T21:00:00-04:00", venue: "Waterfront Park", zipcode: "05401" },
    );
    expect(ev.startsAt).toBe("2031-06-01T22:30:00.000Z");
    expect(ev.state).toBe("VT");
    expect(ev.ticketTypes.map((t) => [t.name, t.priceCents, t.quantity, t.remaining])).toEqual([
      ["Adult", 2_550, 100, 100],
      ["Child", 0, null, null],
    ]);
    const adult = ev.ticketTypes[0]!;
    const updated = await updateEvent({ actor: orgA.user, input: updateEventSchema.parse({
        eventId: ev._id,
        name: "Spring Regatta 2031",
        startsAt: ev.startsAt,
        ticketTypes: [
          { id: adult._id, name: "Adult", priceCents: 3_000, quantity: 50 },
          { name: "Student", priceCents: 1_000, quantity: 20 },
        ],
      }) });
    expect(updated.name).toBe("Spring Regatta 2031");
    expect(updated.venue).toBeNull();
    expect(updated.ticketTypes.map((t) => [t.name, t.priceCents, t.quantity])).toEqual([
      ["Adult", 3_000, 50],
      ["Student", 1_000, 20],
    ]);
    expect(updated.ticketTypes[0]!._id).toBe(adult._id);
    const mine = await listManagedEvents({ actor: orgA.user, organizationId: orgA.organizationId });
    expect(mine.upcoming.map((e) => e._id)).toContain(ev._id);
  });

  test("validation messages: name required, end before start, price and quantity", () => {
    const bad = createEventSchema.safeParse({ organizationId: "x", name: " ", startsAt: inDays(2), endsAt: inDays(1), ticketTypes: [{ name: "A", priceCents: 50, quantity: 0 }] });
    expect(bad.success).toBe(false);
    const msgs = bad.error!.issues.map((i) => i.message);
    expect(msgs).toContain(messages.events.nameRequired);
    expect(msgs).toContain(messages.events.ticketPriceMin);
    expect(msgs).toContain(messages.events.ticketQuantityInvalid);
    const order = createEventSchema.safeParse({ organizationId: "x", name: "Ok", startsAt: inDays(2), endsAt: inDays(1) });
    expect(order.error!.issues.map((i) => i.message)).toEqual([messages.events.endBeforeStart]);
    expect(createEventSchema.safeParse({ organizationId: "x", name: "Ok", startsAt: "next tuesday" }).error!.issues[0]!.message).toBe(messages.events.dateInvalid);
  });

  test("another organization's user or a donor is refused and nothing changes", async () => {
    const ev = await newEvent([{ name: "General", priceCents: 0, quantity: 10 }]);
    const input = updateEventSchema.parse({ eventId: ev._id, name: "Hijacked", startsAt: ev.startsAt, ticketTypes: [] });
    await expect(updateEvent({ actor: orgB.user, input })).rejects.toMatchObject({ status: 403 });
    await expect(updateEvent({ actor: donor, input })).rejects.toMatchObject({ status: 403 });
    await expect(deleteEvent({ actor: orgB.user, eventId: ev._id })).rejects.toMatchObject({ status: 403 });
    await expect(createEvent({ actor: orgB.user, input: createEventSchema.parse({ organizationId: orgA.organizationId, name: "Fake", startsAt: inDays(3) }) })).rejects.toMatchObject({ status: 403 });
    await expect(listManagedEvents({ actor: orgB.user, organizationId: orgA.organizationId })).rejects.toMatchObject({ status: 403 });
    await expect(updateEvent({ actor: orgA.user, input: { ...input, eventId: "missing" } })).rejects.toMatchObject({ status: 404 });
    const [row] = await h.db.select().from(events).where(eq(events.id, ev._id));
    expect(row!.name).toBe("Spring Regatta");
    expect((await h.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, ev._id))).length).toBe(1);
    expect((await h.db.select().from(events).where(eq(events.name, "Fake"))).length).toBe(0);
  });

  test("getUserEvents: the owner sees past events, the public only upcoming ones", async () => {
    const past = await newEvent([], { name: "Last year's regatta", startsAt: inDays(-400) });
    const own = await listEventsForViewer({ actor: orgA.user, organizationId: orgA.organizationId });
    expect(own.owner).toBe(true);
    expect(own.past.map((e) => e._id)).toContain(past._id);
    const pub = await listEventsForViewer({ actor: null, organizationId: orgA.organizationId });
    expect(pub.owner).toBe(false);
    expect(pub.past).toEqual([]);
    expect(pub.upcoming.map((e) => e._id)).not.toContain(past._id);
    expect((await listEventsForViewer({ actor: orgB.user, organizationId: orgA.organizationId })).past).toEqual([]);
  });
});

describe("ticket orders", () => {
  test("a free order is confirmed at once and lowers the remaining count; a retry is the same order", async () => {
    const ev = await newEvent([{ name: "General", priceCents: 0, quantity: 5 }]);
    const typeId = ev.ticketTypes[0]!._id;
    const input = order({ ticketTypeId: typeId, quantity: 2 });
    const res = await createTicketOrder({ eventId: ev._id, input, actor: null, client: testCheckoutClient() });
    expect(res.order).toMatchObject({ status: "confirmed", quantity: 2, amountCents: 0, buyerEmail: "gus@example.org", ticketTypeName: "General" });
    expect(res.payment).toBeNull();
    const again = await createTicketOrder({ eventId: ev._id, input, actor: null, client: testCheckoutClient() });
    expect(again.order._id).toBe(res.order._id);
    // The same new request sent twice at once is still one order.
    const twice = order({ ticketTypeId: typeId });
    const both = await Promise.all([createTicketOrder({ eventId: ev._id, input: twice, actor: null, client: testCheckoutClient() }), createTicketOrder({ eventId: ev._id, input: twice, actor: null, client: testCheckoutClient() })]);
    expect(both[0].order._id).toBe(both[1].order._id);
    const page = await getTicketPage({ eventId: ev._id });
    expect(page.ticketTypes[0]).toMatchObject({ sold: 3, remaining: 2, soldOut: false });
    await expect(createTicketOrder({ eventId: ev._id, input: { ...input, quantity: 3 }, actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 409, message: messages.events.orderMismatch });
    const signedIn = await createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, name: "", email: "" }), actor: donor, client: testCheckoutClient() });
    expect(signedIn.order.buyerEmail).toBe("ticket-buyer@example.org");
    await expect(createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, name: "", email: "" }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 422 });
    await expect(deleteEvent({ actor: orgA.user, eventId: ev._id })).rejects.toMatchObject({ status: 409, message: messages.events.hasOrders });
  });

  test("the last seat cannot be oversold: of two concurrent orders one succeeds, the other gets a clear 409", async () => {
    const ev = await newEvent([{ name: "Last seat", priceCents: 0, quantity: 1 }]);
    const typeId = ev.ticketTypes[0]!._id;
    const results = await Promise.allSettled([
      createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId }), actor: null, client: testCheckoutClient() }),
      createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, email: "other@example.org" }), actor: null, client: testCheckoutClient() }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: messages.events.soldOut });
    expect(await typeRow(typeId)).toMatchObject({ sold: 1, quantity: 1 });
    expect((await getTicketPage({ eventId: ev._id })).ticketTypes[0]).toMatchObject({ remaining: 0, soldOut: true });
    expect((await h.db.select().from(eventTicketOrders).where(eq(eventTicketOrders.ticketTypeId, typeId))).length).toBe(1);
    // The seat limit cannot drop below the seats held.
    await expect(
      updateEvent({ actor: orgA.user, input: updateEventSchema.parse({ eventId: ev._id, name: ev.name, startsAt: ev.startsAt, ticketTypes: [] }) }),
    ).rejects.toMatchObject({ status: 409, message: messages.events.ticketTypeHasOrders });
  });

  test("asking for more than is left says how many are left and reserves nothing", async () => {
    const ev = await newEvent([{ name: "Few", priceCents: 0, quantity: 3 }]);
    const typeId = ev.ticketTypes[0]!._id;
    await createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, quantity: 2 }), actor: null, client: testCheckoutClient() });
    await expect(createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, quantity: 2 }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 409, message: messages.events.onlyLeft(1) });
    expect((await typeRow(typeId)).sold).toBe(2);
    await expect(
      updateEvent({ actor: orgA.user, input: updateEventSchema.parse({ eventId: ev._id, name: ev.name, startsAt: ev.startsAt, ticketTypes: [{ id: typeId, name: "Few", priceCents: 0, quantity: 1 }] }) }),
    ).rejects.toMatchObject({ status: 409, message: messages.events.ticketQuantityBelowSold(2) });
    expect((await typeRow(typeId)).quantity).toBe(3);
  });

  test("a paid order with the sandbox card 4242 is confirmed exactly once", async () => {
    const ev = await newEvent([{ name: "Dinner", priceCents: 4_500, quantity: 10 }]);
    const typeId = ev.ticketTypes[0]!._id;
    const input = order({ ticketTypeId: typeId, quantity: 2, card: card("4242 4242 4242 4242") });
    const res = await createTicketOrder({ eventId: ev._id, input, actor: null, client: testCheckoutClient() });
    expect(res.order).toMatchObject({ status: "confirmed", amountCents: 9_000, unitPriceCents: 4_500 });
    expect(res.payment).toMatchObject({ status: "succeeded" });
    const d = (await storedPayment(h.db, res.payment!.donationId))!;
    expect(await h.db.select().from(donations).where(eq(donations.id, d.id))).toEqual([]);
    expect(d.amountCents).toBe(9_000);
    // Retried request and redelivered provider events change nothing.
    const again = await createTicketOrder({ eventId: ev._id, input, actor: null, client: testCheckoutClient() });
    expect(again.order._id).toBe(res.order._id);
    const delivery = sandboxDelivery(d.providerPaymentId!, d.id, "payment_intent.succeeded");
    await Promise.all([handleWebhook({ provider: "sandbox", rawBody: delivery.body, headers: delivery.headers }), handleWebhook({ provider: "sandbox", rawBody: delivery.body, headers: delivery.headers })]);
    const late = sandboxDelivery(d.providerPaymentId!, d.id, "payment_intent.payment_failed");
    await handleWebhook({ provider: "sandbox", rawBody: late.body, headers: late.headers });
    const [o] = await h.db.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, res.order._id));
    expect(o).toMatchObject({ status: "confirmed", paymentId: d.id });
    expect((await typeRow(typeId)).sold).toBe(2);
    expect((await h.db.select().from(payments).where(eq(payments.idempotencyKey, `ticket-order-${res.order._id}`))).length).toBe(1);
  });

  test("a declined card 4000000000000002 cancels the order and releases its seats", async () => {
    const ev = await newEvent([{ name: "Gala", priceCents: 10_000, quantity: 2 }]);
    const typeId = ev.ticketTypes[0]!._id;
    const res = await createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, quantity: 2, card: card("4000000000000002") }), actor: null, client: testCheckoutClient() });
    expect(res.order.status).toBe("canceled");
    expect(res.payment).toMatchObject({ status: "failed", failureReason: "Your card was declined." });
    expect(await typeRow(typeId)).toMatchObject({ sold: 0 });
    // A duplicate failure event does not release the seats twice.
    const d = (await storedPayment(h.db, res.payment!.donationId))!;
    const again = sandboxDelivery(d.providerPaymentId!, d.id, "payment_intent.payment_failed");
    await handleWebhook({ provider: "sandbox", rawBody: again.body, headers: again.headers });
    const ok = await createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, quantity: 2, card: card("4242424242424242") }), actor: null, client: testCheckoutClient() });
    expect(ok.order.status).toBe("confirmed");
    const failedAgain = sandboxDelivery(d.providerPaymentId!, d.id, "payment_intent.payment_failed");
    await handleWebhook({ provider: "sandbox", rawBody: failedAgain.body, headers: failedAgain.headers });
    expect(await typeRow(typeId)).toMatchObject({ sold: 2 });
    expect((await getTicketPage({ eventId: ev._id })).ticketTypes[0]!.soldOut).toBe(true);
  });

  test("a card refused before payment (unknown test card) cancels the order and frees the seats", async () => {
    const ev = await newEvent([{ name: "Talk", priceCents: 1_500, quantity: 1 }]);
    const typeId = ev.ticketTypes[0]!._id;
    await expect(createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: typeId, card: card("4111111111111111") }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 422 });
    expect((await typeRow(typeId)).sold).toBe(0);
  });

  test("unknown events and ticket types are 404; ended events sell nothing", async () => {
    await expect(getTicketPage({ eventId: "nope" })).rejects.toMatchObject({ status: 404 });
    const ev = await newEvent([{ name: "General", priceCents: 0, quantity: null }]);
    await expect(createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: "nope" }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 404 });
    const other = await createEvent({ actor: orgB.user, input: createEventSchema.parse({ organizationId: orgB.organizationId, name: "B's event", startsAt: inDays(5), ticketTypes: [{ name: "B", priceCents: 0, quantity: 5 }] }) });
    await expect(createTicketOrder({ eventId: ev._id, input: order({ ticketTypeId: other.ticketTypes[0]!._id }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 404 });
    const old = await newEvent([{ name: "Old", priceCents: 0, quantity: null }], { startsAt: inDays(-3) });
    expect((await getTicketPage({ eventId: old._id })).ended).toBe(true);
    await expect(createTicketOrder({ eventId: old._id, input: order({ ticketTypeId: old.ticketTypes[0]!._id }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({ status: 409, message: messages.events.ended });
  });
});
