/**
 * A nonprofit refunds a paid ticket order of its own event, once, through its payment provider;
 * anyone else is refused and nothing is written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { makeDonor, makeNonprofit, testCheckoutClient, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { createEventSchema, ticketOrderSchema } from "@/lib/validations/event";
import { eventTicketOrders, paymentEvents, payments, users, webhookEndpoints, webhookEvents } from "@/models";
import { createEvent } from "./manage-events";
import { listTicketOrders } from "./list-ticket-orders";
import { refundTicketOrder } from "./refund-ticket-order";
import { createTicketOrder } from "./tickets";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-ticket-refund-"));
let h: DatabaseHandle;
let np: ClaimedNonprofit;
let other: ClaimedNonprofit;
let buyer: Actor;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-ticket-refund-0123456789", CHECKOUT_CHALLENGE: "off" });
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Lake Champlain Chamber Music");
  other = await makeNonprofit(h.db, "Other Hill Library");
  buyer = await makeDonor("refund-buyer@example.org");
}, 120_000);

afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, CHECKOUT_CHALLENGE: undefined });
});

/** A paid order of two $100 dinner tickets, charged by the sandbox provider. */
async function paidOrder(): Promise<{ orderId: string; paymentId: string; eventId: string }> {
  const ev = await createEvent({ actor: np.user, input: createEventSchema.parse({ organizationId: np.organizationId, name: "Autumn Gala", startsAt: inDays(20), ticketTypes: [{ name: "Dinner", priceCents: 10_000, fairMarketValueCents: 6_000, quantity: 50 }] }) });
  const input = ticketOrderSchema.parse({ idempotencyKey: randomUUID(), ticketTypeId: ev.ticketTypes[0]!._id, quantity: 2, card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } });
  const result = await createTicketOrder({ eventId: ev._id, input, actor: buyer, client: testCheckoutClient() });
  expect(result.order.status).toBe("confirmed");
  return { orderId: result.order._id, paymentId: result.payment!.donationId, eventId: ev._id };
}

const paymentOf = async (id: string) => (await h.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const eventCount = async () => (await h.db.select().from(paymentEvents)).length;

describe("refundTicketOrder", () => {
  test("refused (403 or not found) for anyone but the organization, writing nothing", async () => {
    const { orderId, paymentId } = await paidOrder();
    const events = await eventCount();
    await expect(refundTicketOrder({ actor: buyer, orderId })).rejects.toMatchObject({ code: "not_found" });
    await expect(refundTicketOrder({ actor: other.user, orderId })).rejects.toMatchObject({ code: "not_found" });
    await expect(refundTicketOrder({ actor: null, orderId })).rejects.toMatchObject({ code: "not_found" });
    // A session whose user no longer belongs to the organization (checked in the database).
    await h.db.update(users).set({ organizationId: other.organizationId }).where(eq(users.id, np.user.id));
    try {
      await expect(refundTicketOrder({ actor: np.user, orderId })).rejects.toMatchObject({ code: "forbidden" });
    } finally {
      await h.db.update(users).set({ organizationId: np.organizationId }).where(eq(users.id, np.user.id));
    }
    expect((await paymentOf(paymentId)).status).toBe("succeeded");
    expect(await eventCount()).toBe(events);
  });

  test("refunds the order's payment once; the order shows refunded; no gift is reported refunded", async () => {
    await h.db.insert(webhookEndpoints).values({ organizationId: np.organizationId, url: "https://hooks.example.org/givebridge", eventTypes: ["donation.refunded"], secretEncrypted: "unused" });
    const { orderId, paymentId } = await paidOrder();
    const events = await eventCount();
    await expect(refundTicketOrder({ actor: np.user, orderId })).resolves.toEqual({ orderId, status: "refunded", amountCents: 20_000 });
    const payment = await paymentOf(paymentId);
    expect(payment.status).toBe("refunded");
    expect(payment.refundedAt).toBeInstanceOf(Date);
    expect(await eventCount()).toBe(events + 1);

    // Asked again: the same answer, nothing asked of the provider, nothing recorded.
    await expect(refundTicketOrder({ actor: np.user, orderId })).resolves.toEqual({ orderId, status: "refunded", amountCents: 20_000 });
    expect(await eventCount()).toBe(events + 1);
    expect((await paymentOf(paymentId)).refundedAt).toEqual(payment.refundedAt);

    const [order] = await h.db
      .select({ status: payments.status })
      .from(eventTicketOrders)
      .innerJoin(payments, eq(payments.id, eventTicketOrders.paymentId))
      .where(eq(eventTicketOrders.id, orderId));
    expect(order!.status).toBe("refunded");
    expect(await h.db.select().from(webhookEvents).where(eq(webhookEvents.type, "donation.refunded"))).toEqual([]);
  });

  test("the event's organization lists its orders with what can be refunded; after a refund the order reads refunded", async () => {
    const { orderId, eventId } = await paidOrder();
    const before = await listTicketOrders({ actor: np.user, eventId });
    expect(before.truncated).toBe(false);
    expect(before.orders).toEqual([
      expect.objectContaining({ id: orderId, buyerEmail: "refund-buyer@example.org", ticketTypeName: "Dinner", quantity: 2, amountCents: 20_000, status: "confirmed", paymentStatus: "succeeded", refundable: true }),
    ]);
    await refundTicketOrder({ actor: np.user, orderId });
    const after = await listTicketOrders({ actor: np.user, eventId });
    expect(after.orders[0]).toMatchObject({ id: orderId, paymentStatus: "refunded", refundable: false });
  });

  test("nobody but the event's organization lists its orders", async () => {
    const { eventId } = await paidOrder();
    await expect(listTicketOrders({ actor: buyer, eventId })).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|not_found)$/) });
    await expect(listTicketOrders({ actor: other.user, eventId })).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|not_found)$/) });
    await expect(listTicketOrders({ actor: null, eventId })).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(listTicketOrders({ actor: np.user, eventId: randomUUID() })).rejects.toMatchObject({ code: "not_found" });
  });
});
