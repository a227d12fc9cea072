/** Test-only builders shared by the service tests (accounts, organizations, gifts, checkout clients). */
import { randomUUID } from "node:crypto";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle, Executor } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { registerDonor, registerNonprofitByEin } from "@/lib/services/users/register-user";
import { campaigns, donations, organizations } from "@/models";

let einSeq = 100000000;
let clientSeq = 0;

/**
 * A checkout client (lib/services/donations/checkout-defences.ts) with an address of its own
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
 * A directory organization claimed by a nonprofit user; returns both. By default it is also
 * connected to payouts through the sandbox connection, so it can receive gifts.
 */
export async function makeNonprofit(db: Executor, name: string, options: { connected?: boolean } = {}): Promise<ClaimedNonprofit> {
  const ein = String(einSeq++);
  const [org] = await db
    .insert(organizations)
    .values({ name, ein, city: "Burlington", state: "VT", sandboxConnectedAt: options.connected === false ? null : new Date() })
    .returning({ id: organizations.id });
  const user = actorFromSession(await registerNonprofitByEin({ firstName: "Nia", lastName: "Profit", email: `np-${ein}@example.org`, password: "secret-pass-1", ein }));
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
  const [c] = await h.db.insert(campaigns).values({ organizationId: np.organizationId, name: fundraiser, goalCents: 1_000_000 }).returning({ id: campaigns.id });
  return { h, np, campaignId: c!.id, donor: await makeDonor(donorEmails[0]), otherDonor: await makeDonor(donorEmails[1]) };
}

export type GiftOptions = Partial<typeof donations.$inferInsert>;

/** Insert a donation as the checkout would record it (sandbox provider). */
export async function makeGift(db: Executor, organizationId: string, donorUserId: string | null, options: GiftOptions = {}): Promise<string> {
  const [row] = await db
    .insert(donations)
    .values({
      organizationId,
      donorUserId,
      amountCents: 2500,
      status: "succeeded",
      provider: "sandbox",
      idempotencyKey: randomUUID(),
      donorName: "Dana Donor",
      donorEmail: "dana@example.org",
      donorTelephone: "8025550100",
      donorCity: "Montpelier",
      donorState: "VT",
      donorGender: "female",
      donorAgeRange: 2,
      ...options,
    })
    .returning({ id: donations.id });
  return row!.id;
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
