/** Test-only builders shared by the service tests (accounts, organizations, gifts, checkout clients). */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import { getDb, type DatabaseHandle, type Executor } from "@/lib/db/client";
import { loadHoldingClaim } from "@/lib/services/claims/claims";
import { completeClaimVerification } from "@/lib/services/claims/complete-verification";
import { createTestDatabase } from "@/lib/db/testing";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { installSubscribers } from "@/lib/services/subscribers";
import { registerDonor, registerNonprofitByEin } from "@/lib/services/users/register-user";
import { fundraisers, donations, eventTicketOrders, eventTicketTypes, events, organizations, payments } from "@/models";

// The builders go through the services, which publish domain events: a test that opens its
// database without createTestDatabase (a data folder, a backup) still has the subscribers.
installSubscribers();

let einSeq = 100000000;
let clientSeq = 0;

/**
 * A checkout client (lib/services/payments/checkout-defences.ts) with an address of its own
 * for each call, so tests that are not about the velocity limits never meet them.
 */
export function testCheckoutClient(challenge?: string): { ip: string; device: null; challenge: string | null } {
  clientSeq++;
  return { ip: `10.${(clientSeq >> 16) & 255}.${(clientSeq >> 8) & 255}.${clientSeq & 255}`, device: null, challenge: challenge ?? null };
}

export async function makeDonor(email: string, password = "secret-pass-1"): Promise<Actor> {
  return actorFromSession(await registerDonor({ firstName: "Dana", lastName: "Donor", email, password, organization_company: "" }));
}

/** A directory organization and the nonprofit user who claimed it. */
export type ClaimedNonprofit = { organizationId: string; user: Actor };

/**
 * Verify the pending claim of `organizationId` as an admin's review would (method "admin"),
 * through the same completion step as every verification (lib/services/claims/claims.ts).
 */
export async function verifyClaimForTest(organizationId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const claim = await loadHoldingClaim({ tx, organizationId });
    if (claim?.status !== "pending") throw new Error(`no pending claim of ${organizationId}`);
    await completeClaimVerification({ tx, claim, method: "admin", by: "admin", evidence: { via: "test fixture" } });
  });
}

/**
 * A directory organization claimed by a nonprofit user; returns both. The claim is verified
 * unless `options.verified` is false (then it waits for verification, as after sign-up). By
 * default it is also connected to payouts through the sandbox connection, so it can receive gifts.
 */
export async function makeNonprofit(db: Executor, name: string, options: { connected?: boolean; verified?: boolean } = {}): Promise<ClaimedNonprofit> {
  const ein = String(einSeq++);
  const [org] = await db
    .insert(organizations)
    .values({ name, ein, city: "Burlington", state: "VT", sandboxConnectedAt: options.connected === false ? null : new Date() })
    .returning({ id: organizations.id });
  const user = actorFromSession(await registerNonprofitByEin({ firstName: "Nia", lastName: "Profit", email: `np-${ein}@example.org`, password: "secret-pass-1", ein }));
  if (options.verified !== false) await verifyClaimForTest(org!.id);
  return { organizationId: org!.id, user };
}

/**
 * The setup of the nonprofit-area ownership tests: a fresh test database (see createTestDatabase),
 * two nonprofits A and B with their organizations, and a donor. The caller closes `h`.
 */
export async function makeTwoNonprofitsAndADonor(
  names: [string, string],
  donorEmail: string,
): Promise<{ h: DatabaseHandle; a: ClaimedNonprofit; b: ClaimedNonprofit; donor: Actor }> {
  const h = await createTestDatabase();
  const a = await makeNonprofit(h.db, names[0]);
  const b = await makeNonprofit(h.db, names[1]);
  return { h, a, b, donor: await makeDonor(donorEmail) };
}

/** A donation's scene: a nonprofit with one fundraiser, the donor who gives and another donor. */
export type DonationScene = { h: DatabaseHandle; np: ClaimedNonprofit; campaignId: string; donor: Actor; otherDonor: Actor };

/**
 * The setup of the tests of what a donor sees of a gift (result page, receipt): a fresh test
 * database, a nonprofit `organization` with the fundraiser `fundraiser` (a $10,000 goal) and
 * two donors. The caller sets NEXTAUTH_SECRET first when access tokens are involved, and
 * closes `h`.
 */
export async function makeDonationScene(organization: string, fundraiser: string, donorEmails: [string, string]): Promise<DonationScene> {
  const h = await createTestDatabase();
  const np = await makeNonprofit(h.db, organization);
  const [c] = await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: fundraiser, goalCents: 1_000_000 }).returning({ id: fundraisers.id });
  return { h, np, campaignId: c!.id, donor: await makeDonor(donorEmails[0]), otherDonor: await makeDonor(donorEmails[1]) };
}

/** A gift's own columns, and its payment's provider columns (`provider`, `providerPaymentId`, `idempotencyKey`, `effectsAppliedAt`). */
export type GiftOptions = Partial<typeof donations.$inferInsert> &
  Partial<Pick<typeof payments.$inferInsert, "provider" | "providerPaymentId" | "providerChargeId" | "idempotencyKey" | "effectsAppliedAt">>;

/**
 * Insert a gift with its payment (same id) as the checkout would record them (sandbox
 * provider; succeeded unless `options.status` says otherwise). Returns the id.
 */
export async function makeGift(db: Executor, organizationId: string, donorUserId: string | null, options: GiftOptions = {}): Promise<string> {
  const { provider = "sandbox", providerPaymentId = null, providerChargeId = null, idempotencyKey = randomUUID(), effectsAppliedAt = null, ...gift } = options;
  const id = gift.id ?? randomUUID();
  const amountCents = gift.amountCents ?? 2500;
  const status = gift.status ?? "succeeded";
  await db.insert(payments).values({
    id,
    organizationId,
    provider,
    providerPaymentId,
    providerChargeId,
    idempotencyKey,
    effectsAppliedAt,
    paymentMethodType: gift.paymentMethodType ?? "card",
    amountCents,
    feeCents: gift.feeCents ?? 0,
    status,
    failureReason: gift.failureReason ?? null,
    succeededAt: gift.succeededAt ?? null,
    refundedAt: gift.refundedAt ?? null,
    ...(gift.createdAt ? { createdAt: gift.createdAt } : {}),
  });
  const [row] = await db
    .insert(donations)
    .values({
      organizationId,
      donorUserId,
      amountCents,
      status,
      donorName: "Dana Donor",
      donorEmail: "dana@example.org",
      donorTelephone: "8025550100",
      donorCity: "Montpelier",
      donorState: "VT",
      donorGender: "female",
      donorAgeRange: 2,
      ...gift,
      id,
      paymentId: id,
    })
    .returning({ id: donations.id });
  return row!.id;
}

/** The gifts whose payment has idempotency key `key`, each with its payment (`payment`). */
export async function giftsWithKey(db: Executor, key: string) {
  const rows = await db.select({ gift: donations, payment: payments }).from(donations).innerJoin(payments, eq(payments.id, donations.paymentId)).where(eq(payments.idempotencyKey, key));
  return rows.map((r) => ({ ...r.gift, payment: r.payment }));
}

/** Payment `id` as stored; undefined when there is none. */
export async function storedPayment(db: Executor, id: string) {
  return (await db.select().from(payments).where(eq(payments.id, id)))[0];
}

export type TicketPurchaseOptions = {
  /** An existing event of the organization to sell for; a new "Spring Gala" by default. */
  eventId?: string;
  amountCents?: number;
  /** Good-faith value of the goods received; the whole amount by default (nothing deductible). */
  goodsValueCents?: number;
  feeCents?: number;
  status?: (typeof payments.$inferInsert)["status"];
  createdAt?: Date;
  succeededAt?: Date | null;
};

/**
 * Insert a paid ticket order of an event of `organizationId` (a new one unless `eventId`), bought by `buyerUserId`, with
 * its payment (sandbox; succeeded and confirmed unless `status` says otherwise), as the ticket
 * checkout records them. Returns the payment's and the order's ids.
 */
export async function makeTicketPurchase(db: Executor, organizationId: string, buyerUserId: string | null, options: TicketPurchaseOptions = {}): Promise<{ paymentId: string; orderId: string }> {
  const amountCents = options.amountCents ?? 3000;
  const status = options.status ?? "succeeded";
  const eventId = options.eventId ?? (await db.insert(events).values({ organizationId, name: "Spring Gala", startsAt: new Date(Date.UTC(2030, 3, 1, 18)) }).returning({ id: events.id }))[0]!.id;
  const [type] = await db.insert(eventTicketTypes).values({ eventId, name: "Dinner seat", priceCents: amountCents, sold: 1 }).returning({ id: eventTicketTypes.id });
  const paymentId = randomUUID();
  await db.insert(payments).values({
    id: paymentId,
    organizationId,
    provider: "sandbox",
    amountCents,
    feeCents: options.feeCents ?? 0,
    status,
    idempotencyKey: randomUUID(),
    succeededAt: options.succeededAt ?? (status === "succeeded" ? (options.createdAt ?? new Date()) : null),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const [order] = await db
    .insert(eventTicketOrders)
    .values({
      eventId,
      ticketTypeId: type!.id,
      buyerUserId,
      buyerName: "Dana Donor",
      buyerEmail: "dana@example.org",
      quantity: 1,
      amountCents,
      goodsValueCents: options.goodsValueCents ?? amountCents,
      paymentId,
      status: status === "succeeded" ? "confirmed" : "pending",
      idempotencyKey: randomUUID(),
    })
    .returning({ id: eventTicketOrders.id });
  return { paymentId, orderId: order!.id };
}

/** The platform admin as services see it (lib/auth/admin.ts signs in as this user). */
export const testAdmin: Actor = {
  id: "admin",
  role: "admin",
  organizationId: null,
  email: "admin@givebridge.local",
  firstName: "",
  lastName: "",
  organizationName: "",
  telephone: null,
};

/**
 * The callers that must NOT open a donation's result or receipt (only its access token or the
 * donor's own session may): [token, actor] pairs for no token at all, another donor, the
 * receiving nonprofit's user, a made-up token and another donation's token.
 */
export function donationStrangers(otherDonor: Actor, nonprofitUser: Actor): [string | null, Actor | null][] {
  return [
    [null, null],
    [null, otherDonor],
    [null, nonprofitUser],
    ["not-the-token", null],
    [donationAccessToken("another-donation"), otherDonor],
  ];
}
