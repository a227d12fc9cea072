/**
 * Gifts only to organizations that can receive them: a charge for an organization that is not
 * claimed, approved, live and connected is refused in the service; such an organization takes
 * pledges (no card, no money), whose donors are emailed once when it connects, with a link that
 * opens checkout prefilled; pledges lapse after 90 days.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import type { MailMessage } from "@/lib/mail/transport";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { makeNonprofit, testCheckoutClient, verifyClaimForTest } from "@/lib/testing/service-fixtures";
import { createEvent } from "@/lib/services/events/manage-events";
import { createTicketOrder } from "@/lib/services/events/tickets";
import { connectSandbox } from "@/lib/services/payouts/connect";
import { getDonationReportTotals } from "@/lib/services/reports/donation-report";
import { actorFromSession } from "@/lib/auth/actor";
import { registerNonprofitByEin } from "@/lib/services/users/register-user";
import { checkoutSchema } from "@/lib/validations/donation";
import { createEventSchema, ticketOrderSchema } from "@/lib/validations/event";
import { messages } from "@/lib/validations/messages";
import { donations, eventTicketTypes, organizations, pledges } from "@/models";
import { createPledge, expirePledges, getPledgeSummary, notifyPledgers, pledgePrefill } from "./pledges";
import { runPledgeJob } from "./schedule";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-pledges-"));
let h: DatabaseHandle;
const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

beforeAll(async () => {
  // Guests' proof-of-work challenge is tested with the checkout defences (checkout-defences.test.ts).
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-pledges-0123456789", PAYMENT_PROVIDER: undefined, CHECKOUT_CHALLENGE: "off" });
  h = await createTestDatabase();
  await startMailWorker({ pollingIntervalSeconds: 30 });
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, PAYMENT_PROVIDER: undefined, CHECKOUT_CHALLENGE: undefined });
});

async function importedOrganization(name: string, ein: string) {
  const [o] = await h.db.insert(organizations).values({ name, ein, city: "Montpelier", state: "VT", irsDeductibility: "1" }).returning({ id: organizations.id });
  return o!.id;
}

const gift = (organizationId: string, over: Record<string, unknown> = {}) =>
  checkoutSchema().parse({ idempotencyKey: randomUUID(), organizationId, amountCents: 4_000, name: "Gina Giver", email: "gina@example.org", card, ...over });

const paymentsOf = async (organizationId: string) => (await h.db.select({ id: donations.id }).from(donations).where(eq(donations.organizationId, organizationId))).length;

async function queuedMail(to: string): Promise<MailMessage[]> {
  const r = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' order by created_on`)) as unknown as { rows: { data: MailMessage }[] };
  return r.rows.map((x) => x.data).filter((m) => m.to === to);
}

describe("a charge only for an organization that can receive it", () => {
  test("an unclaimed directory organization is refused in the service, and nothing is recorded", async () => {
    const organizationId = await importedOrganization("Unclaimed Historical Society", "030400001");
    await expect(startCheckout({ actor: null, input: gift(organizationId) })).rejects.toMatchObject({ code: "conflict", message: messages.receiving.notReceiving });
    expect(await paymentsOf(organizationId)).toBe(0);
  });

  test("a claimed organization without a payout connection is refused until it connects (sandbox)", async () => {
    const np = await makeNonprofit(h.db, "Claimed But Unconnected", { connected: false });
    await expect(startCheckout({ actor: null, input: gift(np.organizationId) })).rejects.toMatchObject({ code: "conflict" });
    expect(await paymentsOf(np.organizationId)).toBe(0);
    // Ticket sales are charges too: refused, and the seats go back.
    const ev = await createEvent({ actor: np.user, input: createEventSchema.parse({ organizationId: np.organizationId, name: "Benefit Dinner", startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(), ticketTypes: [{ name: "Seat", priceCents: 5_000, quantity: 4 }] }) });
    await expect(createTicketOrder({ eventId: ev._id, input: ticketOrderSchema.parse({ idempotencyKey: randomUUID(), ticketTypeId: ev.ticketTypes[0]!._id, quantity: 2, name: "T", email: "t@example.org", card }), actor: null, client: testCheckoutClient() })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await h.db.select({ sold: eventTicketTypes.sold }).from(eventTicketTypes).where(eq(eventTicketTypes.id, ev.ticketTypes[0]!._id)))[0]!.sold).toBe(0);

    const connection = await connectSandbox({ actor: np.user });
    expect(connection).toMatchObject({ connected: true, sandbox: true });
    expect((await startCheckout({ actor: null, input: gift(np.organizationId) })).status).toBe("succeeded");
  });

  test("with Stripe active, a sandbox connection is not a payout account: refused before any provider call", async () => {
    const np = await makeNonprofit(h.db, "Sandbox Only Org");
    setEnvForTests({ PAYMENT_PROVIDER: "stripe" });
    try {
      await expect(startCheckout({ actor: null, input: gift(np.organizationId) })).rejects.toMatchObject({ code: "conflict", message: messages.receiving.notReceiving });
      await expect(connectSandbox({ actor: np.user })).rejects.toMatchObject({ code: "conflict" });
      expect(await paymentsOf(np.organizationId)).toBe(0);
    } finally {
      setEnvForTests({ PAYMENT_PROVIDER: undefined });
    }
  });
});

describe("pledges", () => {
  test("a pledge is never a charge; after claim and connection the pledger gets one email that opens checkout prefilled", async () => {
    const organizationId = await importedOrganization("Mad River Valley Library", "030400002");
    const { pledgeId } = await createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 4_000, email: "Paula@Example.org" } });
    await createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 1_500, email: "sam@example.org" } });
    expect(await paymentsOf(organizationId)).toBe(0);
    await expect(createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 4_000, email: "" } })).rejects.toMatchObject({ code: "validation" });

    // The nonprofit claims its profile: it sees the pledges, which are not money received.
    const user = actorFromSession(await registerNonprofitByEin({ firstName: "Lia", lastName: "Brarian", email: "lib@example.org", password: "secret-pass-1", ein: "030400002" }));
    await verifyClaimForTest(user.organizationId!);
    expect(await getPledgeSummary({ actor: user, organizationId })).toEqual({ donors: 2, totalCents: 5_500, message: "2 donors pledged $55.00: connect payments to receive them" });
    expect((await getDonationReportTotals({ actor: user, organizationId, query: { duration: "yearToDate", fundraiser: "all" } })).completedCents).toBe(0);
    expect(await notifyPledgers({ organizationId })).toBe(0);
    expect(await queuedMail("paula@example.org")).toHaveLength(0);

    await connectSandbox({ actor: user });
    expect(await notifyPledgers({ organizationId })).toBe(0);
    expect((await runPledgeJob()).notified).toBe(0);
    const mails = await queuedMail("paula@example.org");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Mad River Valley Library can now receive your $40.00 gift");
    const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text)![0]);
    expect(link.pathname).toBe(`/donation/${organizationId}/direct`);
    expect(link.searchParams.get("pledge")).toBe(pledgeId);
    expect(await pledgePrefill({ pledgeId, token: link.searchParams.get("token"), organizationId })).toEqual({ amountCents: 4_000, email: "paula@example.org" });
    expect(await pledgePrefill({ pledgeId, token: "x".repeat(32), organizationId })).toBeNull();
    expect(await getPledgeSummary({ actor: user, organizationId })).toMatchObject({ donors: 0, message: null });
    expect(await paymentsOf(organizationId)).toBe(0);

    // The pledger completes the gift from the link: an ordinary donation that completes the pledge.
    const done = await startCheckout({ actor: null, input: gift(organizationId, { email: "paula@example.org" }) });
    expect(done.status).toBe("succeeded");
    const [p] = await h.db.select().from(pledges).where(eq(pledges.id, pledgeId));
    expect(p).toMatchObject({ status: "completed", donationId: done.donationId });
    expect(await pledgePrefill({ pledgeId, token: link.searchParams.get("token"), organizationId })).toBeNull();
    await expect(createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 1_000, email: "late@example.org" } })).rejects.toMatchObject({
      code: "conflict",
      message: messages.receiving.pledgeCannotReceive,
    });
  });

  test("pledges lapse after 90 days and are never emailed", async () => {
    const organizationId = await importedOrganization("Old Pledge Fund", "030400003");
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    const { pledgeId } = await createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 2_000, email: "old@example.org" }, now: longAgo });
    const fresh = await createPledge({ actor: null, input: { organizationId, campaignId: null, amountCents: 2_000, email: "new@example.org" } });
    expect(await expirePledges()).toBe(1);
    expect(await expirePledges()).toBe(0);
    const [old] = await h.db.select({ status: pledges.status }).from(pledges).where(eq(pledges.id, pledgeId));
    expect(old!.status).toBe("expired");
    const user = actorFromSession(await registerNonprofitByEin({ firstName: "Old", lastName: "Fund", email: "oldfund@example.org", password: "secret-pass-1", ein: "030400003" }));
    await verifyClaimForTest(user.organizationId!);
    expect(await getPledgeSummary({ actor: user, organizationId })).toMatchObject({ donors: 1, totalCents: 2_000 });
    await connectSandbox({ actor: user });
    expect(await queuedMail("old@example.org")).toHaveLength(0);
    expect(await queuedMail("new@example.org")).toHaveLength(1);
    expect(fresh.pledgeId).not.toBe(pledgeId);
  });

  test("only the organization's own nonprofit sees its pledges", async () => {
    const other = await makeNonprofit(h.db, "Someone Else");
    const organizationId = await importedOrganization("Private Pledges Org", "030400004");
    await expect(getPledgeSummary({ actor: other.user, organizationId })).rejects.toMatchObject({ code: "forbidden" });
  });
});
