/**
 * Ticket sales are sales, not donations (IRS Publication 1771): the buyer gets a purchase
 * confirmation with the value of the goods and the deductible part, never a donation
 * receipt; reports count donations only and show ticket revenue apart; the statement lists
 * only a ticket's deductible part. Seats held by an unfinished checkout are released after
 * the hold, exactly once.
 */
import { queuedMail as queuedMailTo } from "@/lib/testing/queued-mail";
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
import type { MailMessage } from "@/lib/mail/transport";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { donationReceiptPdf } from "@/lib/services/donations/get-receipt";
import { sandboxAction } from "@/lib/services/donations/sandbox-action";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { buildGivingStatement, statementCsv } from "@/lib/services/donors/giving-statement";
import { makeDonor, makeNonprofit, testCheckoutClient, storedPayment } from "@/lib/testing/service-fixtures";
import { getDonationAnalytics } from "@/lib/services/reports/analytics";
import { openDonationReportCsv } from "@/lib/services/reports/donation-csv";
import { getDonationReportPage, getDonationReportTotals } from "@/lib/services/reports/donation-report";
import { checkoutSchema } from "@/lib/validations/donation";
import { createEventSchema, ticketOrderSchema } from "@/lib/validations/event";
import type { ReportQuery } from "@/lib/validations/report";
import { donations, eventTicketOrders, eventTicketTypes, organizations } from "@/models";
import { createEvent } from "./manage-events";
import { releaseExpiredTicketHolds, TICKET_HOLD_MINUTES } from "./ticket-holds";
import { createTicketOrder } from "./tickets";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-ticket-sales-"));
let h: DatabaseHandle;
let np: { organizationId: string; user: Actor };
let buyer: Actor;
const ytd: ReportQuery = { duration: "yearToDate", fundraiser: "all" };
const card = (number: string) => ({ number, expiry: "12/34", cvc: "123" });
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

beforeAll(async () => {
  // Guests' proof-of-work challenge is tested with the checkout defences (checkout-defences.test.ts).
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-ticket-sales-0123456789", CHECKOUT_CHALLENGE: "off" });
  h = await createTestDatabase();
  await startMailWorker({ pollingIntervalSeconds: 30 });
  np = await makeNonprofit(h.db, "Lake Champlain Chamber Music");
  await h.db.update(organizations).set({ irsDeductibility: "1", ein: "030355501" }).where(eq(organizations.id, np.organizationId));
  buyer = await makeDonor("gala-buyer@example.org");
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, CHECKOUT_CHALLENGE: undefined });
});

/** Mail queued so far (not yet delivered: the worker polls every 30 s). */
const queuedMail = (to: string): Promise<MailMessage[]> => queuedMailTo(h.db, to);

async function gala(ticketTypes: { name: string; priceCents: number; fairMarketValueCents?: number | null; quantity: number | null }[]) {
  return createEvent({ actor: np.user, input: createEventSchema.parse({ organizationId: np.organizationId, name: "Autumn Gala", startsAt: inDays(20), city: "Burlington", state: "VT", ticketTypes }) });
}

const order = (ticketTypeId: string, over: Record<string, unknown> = {}) =>
  ticketOrderSchema.parse({ idempotencyKey: randomUUID(), ticketTypeId, quantity: 1, card: card("4242 4242 4242 4242"), ...over });

describe("ticket sales are sales", () => {
  test("fair market value defaults to the whole price and cannot exceed it", async () => {
    const ev = await gala([{ name: "Standard", priceCents: 5_000, quantity: null }]);
    expect(ev.ticketTypes[0]!.fairMarketValueCents).toBeNull();
    expect(() => createEventSchema.parse({ organizationId: np.organizationId, name: "X", startsAt: inDays(5), ticketTypes: [{ name: "A", priceCents: 1_000, fairMarketValueCents: 1_001 }] })).toThrow();
  });

  test("a ticket purchase never reaches a donation receipt, the donation report or the statement beyond its deductible part", async () => {
    const ev = await gala([
      { name: "Gala dinner", priceCents: 10_000, fairMarketValueCents: 6_000, quantity: 50 },
      { name: "Concert", priceCents: 3_000, quantity: 50 },
    ]);
    const [dinner, concert] = ev.ticketTypes;
    const dinnerOrder = await createTicketOrder({ eventId: ev._id, input: order(dinner!._id, { quantity: 2 }), actor: buyer, client: testCheckoutClient() });
    const concertOrder = await createTicketOrder({ eventId: ev._id, input: order(concert!._id), actor: buyer, client: testCheckoutClient() });
    expect(dinnerOrder.order.status).toBe("confirmed");
    expect(concertOrder.order.status).toBe("confirmed");
    const gift = await startCheckout({ actor: buyer, input: checkoutSchema().parse({ idempotencyKey: randomUUID(), organizationId: np.organizationId, campaignId: null, amountCents: 2_500, card: card("4242 4242 4242 4242") }) });
    expect(gift.status).toBe("succeeded");

    // The order's payment is a payment only: no gift (donations row) stands for it.
    expect(await h.db.select().from(donations).where(eq(donations.id, dinnerOrder.payment!.donationId))).toEqual([]);
    expect((await storedPayment(h.db, dinnerOrder.payment!.donationId))!.status).toBe("succeeded");
    const [stored] = await h.db.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, dinnerOrder.order._id));
    expect(stored).toMatchObject({ amountCents: 20_000, goodsValueCents: 12_000 });

    // Email: a purchase confirmation with the Publication 1771 disclosure; one donation receipt, for the gift only.
    const mail = await queuedMail("gala-buyer@example.org");
    const receipts = mail.filter((m) => m.subject.startsWith("Your donation receipt"));
    expect(receipts.map((m) => m.subject)).toEqual(["Your donation receipt: $25.00 to Lake Champlain Chamber Music"]);
    expect(receipts[0]!.text).toContain("Deductible amount: $25.00");
    const tickets = mail.filter((m) => m.subject.startsWith("Your tickets"));
    expect(tickets).toHaveLength(2);
    const dinnerMail = tickets.find((m) => m.text.includes("Gala dinner"))!;
    expect(dinnerMail.text).toContain("Purchased: 2 x Gala dinner tickets for Autumn Gala");
    expect(dinnerMail.text).toContain("Amount paid: $200.00");
    expect(dinnerMail.text).toContain("Good-faith estimate of the value of goods and services received: $120.00");
    expect(dinnerMail.text).toContain("Deductible amount: $80.00");
    expect(dinnerMail.text).toContain("limited to the excess of the amount paid ($200.00) over the value of the goods and services");
    expect(dinnerMail.text).not.toContain("No goods or services were provided");
    const concertMail = tickets.find((m) => m.text.includes("Concert"))!;
    expect(concertMail.text).toContain("Deductible amount: $0.00");
    expect(concertMail.text).not.toContain("Thank you for your gift");
    expect(concertMail.text).toContain("is a confirmation of a purchase, not a donation receipt");

    // The PDF is the purchase confirmation, not a donation receipt.
    const pdf = await donationReceiptPdf({ actor: null, donationId: dinnerOrder.payment!.donationId, token: donationAccessToken(dinnerOrder.payment!.donationId) });
    expect(pdf.filename).toMatch(/^givebridge-tickets-/);
    expect(pdf.pdf.subarray(0, 4).toString()).toBe("%PDF");

    // Manage Donations: donations only; ticket revenue beside them.
    const totals = await getDonationReportTotals({ actor: np.user, organizationId: np.organizationId, query: ytd });
    expect(totals).toMatchObject({ count: 1, completedCount: 1, completedCents: 2_500, ticketRevenueCents: 23_000, ticketSales: 2 });
    const page = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: ytd });
    expect(page.donations.map((d) => d.amount)).toEqual([2_500]);
    const { stream } = await openDonationReportCsv({ actor: np.user, organizationId: np.organizationId, query: ytd });
    let csv = "";
    for await (const chunk of stream) csv += String(chunk);
    expect(csv).toContain("25.00");
    expect(csv).not.toContain("200.00");
    expect(csv).not.toContain("30.00");
    const analytics = await getDonationAnalytics({ actor: np.user, organizationId: np.organizationId, query: ytd });
    expect(analytics.totals).toMatchObject({ gifts: 1, cents: 2_500 });
    expect(analytics.ticketRevenue).toEqual({ sales: 2, cents: 23_000 });

    // Year-end statement: the gift, and only the deductible part of the dinner tickets, with the EIN.
    const statement = await buildGivingStatement({ actor: buyer, donorId: buyer.id, year: new Date().getUTCFullYear() });
    expect(statement.lines.map((l) => [l.amountCents, l.ein]).sort()).toEqual([
      [2_500, "030355501"],
      [8_000, "030355501"],
    ]);
    expect(statement.totalCents).toBe(10_500);
    expect(statement.lines.find((l) => l.amountCents === 8_000)!.fundraiser).toContain("deductible part of $200.00 paid");
    expect(statementCsv(statement)).not.toContain("30.00");
  });
});

describe("seats held by an unfinished checkout", () => {
  test("are released after the hold, exactly once, and the payment can no longer be completed", async () => {
    const ev = await gala([{ name: "Front row", priceCents: 4_000, quantity: 2 }]);
    const typeId = ev.ticketTypes[0]!._id;
    const pending = await createTicketOrder({ eventId: ev._id, input: order(typeId, { quantity: 2, card: card("4000 0025 0000 3155"), name: "Vera", email: "vera@example.org" }), actor: null, client: testCheckoutClient() });
    expect(pending.order.status).toBe("pending");
    expect(pending.payment!.status).toBe("requires_action");
    const sold = async () => (await h.db.select({ sold: eventTicketTypes.sold }).from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;
    expect(await sold()).toBe(2);

    // Before the hold ends nothing moves.
    expect(await releaseExpiredTicketHolds({ now: new Date(Date.now() + (TICKET_HOLD_MINUTES - 1) * 60_000) })).toEqual({ released: 0 });
    expect(await sold()).toBe(2);

    const later = new Date(Date.now() + (TICKET_HOLD_MINUTES + 1) * 60_000);
    const runs = await Promise.all([releaseExpiredTicketHolds({ now: later }), releaseExpiredTicketHolds({ now: later })]);
    expect(runs.reduce((n, r) => n + r.released, 0)).toBe(1);
    expect(await releaseExpiredTicketHolds({ now: later })).toEqual({ released: 0 });
    expect(await sold()).toBe(2 - 2);
    const [o] = await h.db.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, pending.order._id));
    expect(o!.status).toBe("canceled");
    const p = await storedPayment(h.db, pending.payment!.donationId);
    expect(p!.status).toBe("canceled");
    await expect(sandboxAction({ action: "verify", donationId: p!.id, token: donationAccessToken(p!.id) })).rejects.toMatchObject({ code: "conflict" });
    expect(await sold()).toBe(0);
    // The seats are for sale again.
    const next = await createTicketOrder({ eventId: ev._id, input: order(typeId, { quantity: 2, name: "Wes", email: "wes@example.org" }), actor: null, client: testCheckoutClient() });
    expect(next.order.status).toBe("confirmed");
  });
});
