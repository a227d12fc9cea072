/**
 * Claims of directory organizations (models/claims.ts) on the real database: a new claim is
 * pending, its edits stay drafts that the public never sees, it cannot hide the listing,
 * choose a short link or connect payouts, and gifts to it become pledges; then each way of
 * verifying (email at the organization's domain, mailed letter code, document review by the
 * admin), each recorded with its evidence in the admin audit log, and the refusals (403s).
 */
import { and, eq } from "drizzle-orm";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { stopMailQueue } from "@/lib/mail/queue";
import { searchNonprofitsByName } from "@/lib/search/nonprofits";
import { getOwnOrganization, getPublicOrganization } from "@/lib/services/organizations/get-organization";
import { updateNickname } from "@/lib/services/organizations/nickname";
import { updateDashboard } from "@/lib/services/organizations/update-dashboard";
import { toggleLive } from "@/lib/services/organizations/update-live";
import { updateNonprofit } from "@/lib/services/organizations/update-np";
import { connectSandbox } from "@/lib/services/payouts/connect";
import { createPledge } from "@/lib/services/pledges/pledges";
import { listOrganizationFundraisers } from "@/lib/services/fundraisers/list-fundraisers";
import { getPublicFundraiser } from "@/lib/services/fundraisers/get-public-fundraiser";
import { registerNonprofitByEin } from "@/lib/services/users/register-user";
import { createEvent } from "@/lib/services/events/manage-events";
import { createEventSchema } from "@/lib/validations/event";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import { claimEmailSchema, claimLetterCodeSchema, claimReviewSchema } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { forOrganization } from "@/lib/validations/organization";
import { adminAuditLog, fundraisers, organizationClaims, organizations, webhookEndpoints, webhookEvents } from "@/models";
import { getOwnClaim, LETTER_MAX_ATTEMPTS } from "./claims";
import { confirmClaimEmail, startClaimEmailVerification } from "./verify-by-email";
import { enterClaimLetterCode, sendClaimLetter } from "./verify-by-letter";
import { listClaimReviews, readClaimDocument, reviewClaimDocument, submitClaimDocument } from "./verify-by-document";
import { CLAIM_PENDING_DAYS, expirePendingClaims, releaseClaim } from "./release-claim";
import { users } from "@/models";

let h: DatabaseHandle;
let donor: Actor;
let verifiedOther: { organizationId: string; user: Actor };
const admin = actorFromSession(adminSessionUser());
let einSeq = 223021900;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "claims-test-secret-0123456789" });
  h = await createTestDatabase();
  donor = await makeDonor("claims.donor@example.org");
  verifiedOther = await makeNonprofit(h.db, "Verified Neighbour");
}, 120_000);
afterAll(async () => {
  await stopMailQueue();
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

/** A directory organization as the IRS import leaves it (approved, live, connected for the sandbox), and the stranger who claims it. */
async function claimDirectoryOrganization(legalName: string): Promise<{ organizationId: string; claimant: Actor; ein: string }> {
  const ein = String(einSeq++);
  const [org] = await h.db
    .insert(organizations)
    .values({ name: legalName, legalName, ein, addressLine1: "33 PARKER RD", city: "BARRE", state: "VT", zipcode: "05641", sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  const claimant = actorFromSession(
    await registerNonprofitByEin({ firstName: "Sam", lastName: "Stranger", email: `claimant-${ein}@example.org`, password: "secret-pass-1", ein }),
  );
  return { organizationId: org!.id, claimant, ein };
}

async function auditOf(organizationId: string) {
  return h.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, organizationId));
}

describe("a pending claim", () => {
  let org: { organizationId: string; claimant: Actor; ein: string };
  beforeAll(async () => void (org = await claimDirectoryOrganization("VERMONT FOODBANK")));

  test("edits are drafts: the claimant previews them, the public profile and search keep the IRS facts", async () => {
    await updateDashboard({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, organizationName: "FN org", city: "Nowhere" }) });
    await updateNonprofit({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, description: "Give us your money" }) });

    const own = await getOwnOrganization({ actor: org.claimant });
    expect(own).toMatchObject({ name: "FN org", description: "Give us your money", claimPending: true, verified: false, legalName: "VERMONT FOODBANK" });

    const seen = await getPublicOrganization({ idOrNickname: org.organizationId, actor: null });
    expect(seen).toMatchObject({ name: "Vermont Foodbank", description: null, claimPending: true, verified: false, acceptsDonations: false, live: true });
    expect(seen.address.city).not.toBe("Nowhere");

    const { results } = await searchNonprofitsByName({ query: "vermont foodbank", limit: 10, offset: 0 });
    expect(results.map((r) => r._id)).toContain(org.organizationId);
    const fake = await searchNonprofitsByName({ query: "FN org", limit: 10, offset: 0 });
    expect(fake.results.map((r) => r._id)).not.toContain(org.organizationId);
  });

  test("cannot hide the listing, choose a short link or connect payouts (403 with a plain sentence)", async () => {
    expect(await err(toggleLive({ actor: org.claimant, organizationId: org.organizationId }))).toMatchObject({ status: 403, message: messages.claims.liveNeedsVerification });
    const [row] = await h.db.select({ live: organizations.live, nickname: organizations.nickname }).from(organizations).where(eq(organizations.id, org.organizationId));
    expect(row!.live).toBe(true);
    expect(await err(updateNickname({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, nickname: "vtfoodbank" }) }))).toMatchObject({
      status: 403,
      message: messages.claims.nicknameNeedsVerification,
    });
    expect(await err(connectSandbox({ actor: org.claimant }))).toMatchObject({ status: 403, message: messages.claims.payoutsNeedVerification });
    const event = createEventSchema.parse({ organizationId: org.organizationId, name: "Fake gala", startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(), ticketTypes: [] });
    expect(await err(createEvent({ actor: org.claimant, input: event }))).toMatchObject({ status: 403, message: messages.claims.eventsNeedVerification });
  });

  test("gifts become pledges; its fundraisers are drafts the public does not see", async () => {
    const pledge = await createPledge({ actor: donor, input: { organizationId: org.organizationId, campaignId: null, amountCents: 2500, email: "" } });
    expect(pledge.pledgeId).toBeTruthy();
    const [c] = await h.db.insert(fundraisers).values({ organizationId: org.organizationId, name: "Fake drive", goalCents: 100_000 }).returning({ id: fundraisers.id });
    expect(await listOrganizationFundraisers({ organizationId: org.organizationId, publicOnly: true })).toEqual([]);
    expect((await listOrganizationFundraisers({ organizationId: org.organizationId })).map((x) => x.name)).toEqual(["Fake drive"]);
    expect(await err(getPublicFundraiser({ actor: null, fundraiserId: c!.id }))).toMatchObject({ status: 404 });
    expect((await getPublicFundraiser({ actor: org.claimant, fundraiserId: c!.id })).name).toBe("Fake drive");
  });
});

describe("verification by an email at the organization's domain", () => {
  test("free mail and other domains never verify; the link verifies once, publishes the drafts and is audited", async () => {
    const org = await claimDirectoryOrganization("LAMOILLE FOOD SHELF");
    await updateDashboard({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, organizationName: "Lamoille Food Shelf & Pantry" }) });

    const gmail = claimEmailSchema.parse({ website: "https://www.gmail.com", email: "director@gmail.com" });
    expect(await err(startClaimEmailVerification({ actor: org.claimant, input: gmail }))).toMatchObject({ status: 400, message: messages.claims.freeMailDomain });
    const freeAddress = claimEmailSchema.parse({ website: "lamoillefoodshelf.org", email: "lamoille.director@yahoo.com" });
    expect(await err(startClaimEmailVerification({ actor: org.claimant, input: freeAddress }))).toMatchObject({ status: 400, message: messages.claims.freeMailDomain });
    const elsewhere = claimEmailSchema.parse({ website: "lamoillefoodshelf.org", email: "me@attacker.example" });
    expect(await err(startClaimEmailVerification({ actor: org.claimant, input: elsewhere }))).toMatchObject({ status: 400 });

    const good = claimEmailSchema.parse({ website: "https://www.lamoillefoodshelf.org/about", email: "Director@LamoilleFoodShelf.org" });
    expect(good.website).toBe("lamoillefoodshelf.org");
    // Nobody else may start it: a donor, another organization's user, the admin.
    for (const actor of [donor, verifiedOther.user, admin]) {
      expect((await err(startClaimEmailVerification({ actor, input: good })))?.status).toBeGreaterThanOrEqual(403);
    }
    await h.db.insert(webhookEndpoints).values({ organizationId: org.organizationId, url: "https://hooks.example.org/givebridge", eventTypes: ["organization.verified"], secretEncrypted: "not-delivered-in-this-test" });
    await startClaimEmailVerification({ actor: org.claimant, input: good });
    const [mail] = await queuedMail(h.db, "director@lamoillefoodshelf.org");
    const token = /\/confirm\/claim\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const [stored] = await h.db.select().from(organizationClaims).where(eq(organizationClaims.organizationId, org.organizationId));
    expect(stored!.emailTokenHash).not.toContain(token);

    expect(await confirmClaimEmail({ token })).toEqual({ status: "verified", organizationId: org.organizationId });
    expect(await err(confirmClaimEmail({ token }))).toMatchObject({ status: 400, message: messages.claims.emailLinkInvalid });

    const seen = await getPublicOrganization({ idOrNickname: org.organizationId, actor: null });
    expect(seen).toMatchObject({ name: "Lamoille Food Shelf & Pantry", verified: true, claimPending: false, legalName: "LAMOILLE FOOD SHELF" });
    // Webhooks report it with the organization's resource: verified, and its IRS legal name.
    const [event] = await h.db.select().from(webhookEvents).where(and(eq(webhookEvents.organizationId, org.organizationId), eq(webhookEvents.type, "organization.verified")));
    expect(JSON.parse(event!.body).data).toMatchObject({ object: "organization", verified: true, legal_name: "LAMOILLE FOOD SHELF", name: "Lamoille Food Shelf & Pantry" });
    const audit = await auditOf(org.organizationId);
    expect(audit).toEqual([expect.objectContaining({ action: "claim.verified", details: expect.objectContaining({ method: "email", email: "director@lamoillefoodshelf.org", website: "lamoillefoodshelf.org" }) })]);
    // Verified: the owner now controls the listing and payouts.
    expect(await toggleLive({ actor: org.claimant, organizationId: org.organizationId })).toEqual({ live: false });
    expect((await connectSandbox({ actor: org.claimant })).connected).toBe(true);
  });
});

describe("verification by a mailed letter with a one-time code", () => {
  test("the letter PDF is queued; the code is hashed at rest, wrong codes are counted and limited, the right one verifies", async () => {
    const org = await claimDirectoryOrganization("CENTRAL VERMONT COUNCIL ON AGING");
    expect(await err(enterClaimLetterCode({ actor: org.claimant, input: claimLetterCodeSchema.parse({ code: "ABCD-EFGH" }) }))).toMatchObject({ status: 409, message: messages.claims.letterNotSent });
    expect((await err(sendClaimLetter({ actor: donor })))?.status).toBe(403);

    const sent = await sendClaimLetter({ actor: org.claimant, code: "K7PQ2MZX" });
    expect(sent.address).toBe("33 PARKER RD, BARRE, VT 05641");
    const letter = (await queuedMail(h.db, "letters@givebridge.local")).find((m) => m.subject.includes("CENTRAL VERMONT COUNCIL ON AGING"))!;
    const pdf = Buffer.from(letter.attachments![0]!.contentBase64, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const [stored] = await h.db.select().from(organizationClaims).where(eq(organizationClaims.organizationId, org.organizationId));
    expect(stored!.letterCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.letterCodeHash).not.toContain("K7PQ2MZX");

    // Someone else's session cannot enter the code.
    expect((await err(enterClaimLetterCode({ actor: verifiedOther.user, input: claimLetterCodeSchema.parse({ code: "k7pq-2mzx" }) })))?.status).toBe(409);
    for (let i = 0; i < LETTER_MAX_ATTEMPTS; i++) {
      expect(await err(enterClaimLetterCode({ actor: org.claimant, input: claimLetterCodeSchema.parse({ code: "AAAA-AAAA" }) }))).toMatchObject({ status: 400, message: messages.claims.codeInvalid });
    }
    expect(await err(enterClaimLetterCode({ actor: org.claimant, input: claimLetterCodeSchema.parse({ code: "k7pq-2mzx" }) }))).toMatchObject({ status: 429, message: messages.claims.codeAttemptsExceeded });

    // A new letter voids the old code and resets the attempts.
    await sendClaimLetter({ actor: org.claimant, code: "R4TW9NBC" });
    expect(await err(enterClaimLetterCode({ actor: org.claimant, input: claimLetterCodeSchema.parse({ code: "K7PQ2MZX" }) }))).toMatchObject({ status: 400 });
    expect(await enterClaimLetterCode({ actor: org.claimant, input: claimLetterCodeSchema.parse({ code: "r4tw 9nbc" }) })).toEqual({ status: "verified" });
    expect((await getOwnClaim({ actor: org.claimant }))).toMatchObject({ status: "verified", method: "letter" });
    const audit = await auditOf(org.organizationId);
    expect(audit).toEqual([expect.objectContaining({ action: "claim.verified", details: expect.objectContaining({ method: "letter", address: "33 PARKER RD, BARRE, VT 05641" }) })]);
  });
});

describe("verification by document review", () => {
  const pdfBytes = new Uint8Array(Buffer.from("%PDF-1.4\n% determination letter\n"));

  test("only PDF or images are accepted; only the admin lists, reads and decides; a rejection needs a reason and keeps the claim pending", async () => {
    const org = await claimDirectoryOrganization("GOOD SAMARITAN HAVEN");
    expect(await err(submitClaimDocument({ actor: org.claimant, file: { bytes: new Uint8Array(Buffer.from("<html>")), name: "letter.pdf" } }))).toMatchObject({
      status: 400,
      message: messages.claims.documentInvalid,
    });
    expect((await err(submitClaimDocument({ actor: donor, file: { bytes: pdfBytes, name: "x.pdf" } })))?.status).toBe(403);
    await submitClaimDocument({ actor: org.claimant, file: { bytes: pdfBytes, name: "determination-letter.pdf" } });

    for (const actor of [org.claimant, donor, null]) {
      expect((await err(listClaimReviews({ actor })))?.status).toBeGreaterThanOrEqual(401);
    }
    const reviews = await listClaimReviews({ actor: admin });
    const review = reviews.find((r) => r.irs.organizationId === org.organizationId)!;
    expect(review).toMatchObject({ document: { name: "determination-letter.pdf", contentType: "application/pdf" }, irs: { legalName: "GOOD SAMARITAN HAVEN", ein: org.ein } });
    expect((await readClaimDocument({ actor: admin, claimId: review._id })).body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await err(readClaimDocument({ actor: org.claimant, claimId: review._id })))?.status).toBe(403);

    expect(claimReviewSchema.safeParse({ decision: "reject" }).success).toBe(false);
    expect((await err(reviewClaimDocument({ actor: org.claimant, claimId: review._id, input: { decision: "approve" } })))?.status).toBe(403);
    expect(await reviewClaimDocument({ actor: admin, claimId: review._id, input: { decision: "reject", reason: "The EIN on the letter does not match." } })).toEqual({ status: "pending" });
    expect((await getOwnClaim({ actor: org.claimant }))!.document.rejectedReason).toBe("The EIN on the letter does not match.");
    expect((await listClaimReviews({ actor: admin })).some((r) => r._id === review._id)).toBe(false);

    await submitClaimDocument({ actor: org.claimant, file: { bytes: pdfBytes, name: "form-990-page-1.pdf" } });
    expect(await reviewClaimDocument({ actor: admin, claimId: review._id, input: { decision: "approve" } })).toEqual({ status: "verified" });
    const audit = (await auditOf(org.organizationId)).map((a) => [a.action, (a.details as { method?: string }).method ?? null]);
    expect(audit.sort()).toEqual([["claim.document_rejected", null], ["claim.verified", "document"]]);
    const [claim] = await h.db.select().from(organizationClaims).where(and(eq(organizationClaims.organizationId, org.organizationId), eq(organizationClaims.status, "verified")));
    expect(claim!.method).toBe("document");
  });
});

describe("claims that end without verification", () => {
  test("a claim pending for more than 30 days expires: the organization is unclaimed again and the claimant no longer acts for it", async () => {
    const org = await claimDirectoryOrganization("ORLEANS COUNTY FOOD SHELF");
    const fresh = await claimDirectoryOrganization("ESSEX COUNTY FOOD SHELF");
    await updateDashboard({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, organizationName: "Squatted" }) });
    const later = new Date(Date.now() + (CLAIM_PENDING_DAYS + 1) * 24 * 60 * 60 * 1000);
    await h.db.update(organizations).set({ claimPendingSince: new Date(Date.now() - 1000) }).where(eq(organizations.id, org.organizationId));
    // 31 days on, the first claim is past the cut-off; the second started 29 days before then.
    await h.db.update(organizations).set({ claimPendingSince: new Date(later.getTime() - (CLAIM_PENDING_DAYS - 1) * 24 * 60 * 60 * 1000) }).where(eq(organizations.id, fresh.organizationId));
    // (Earlier tests' claims that are still pending expire too.)
    expect(await expirePendingClaims({ now: later })).toBeGreaterThanOrEqual(1);
    expect(await expirePendingClaims({ now: later })).toBe(0);
    const [row] = await h.db.select().from(organizations).where(eq(organizations.id, org.organizationId));
    expect(row).toMatchObject({ claimed: false, claimPendingSince: null, claimDraft: null, name: "ORLEANS COUNTY FOOD SHELF" });
    const [account] = await h.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, org.claimant.id));
    expect(account!.organizationId).toBeNull();
    expect((await err(updateDashboard({ actor: org.claimant, input: forOrganization({ npID: org.organizationId, organizationName: "Again" }) })))?.status).toBe(403);
    expect((await auditOf(org.organizationId)).map((a) => a.action)).toEqual(["claim.expired"]);
    const [other] = await h.db.select({ claimed: organizations.claimed }).from(organizations).where(eq(organizations.id, fresh.organizationId));
    expect(other!.claimed).toBe(true);
    // The real organization can now claim its own listing.
    const again = await registerNonprofitByEin({ firstName: "Real", lastName: "Director", email: `real-${org.ein}@example.org`, password: "secret-pass-1", ein: org.ein });
    expect(again.orgId).toBe(org.organizationId);
  });

  test("only the admin releases a claim, with a reason", async () => {
    const org = await claimDirectoryOrganization("NORTHEAST KINGDOM HUMAN SERVICES");
    for (const actor of [org.claimant, donor, null]) {
      expect((await err(releaseClaim({ actor, organizationId: org.organizationId, reason: "Fraud" })))?.status).toBeGreaterThanOrEqual(401);
    }
    expect(await err(releaseClaim({ actor: admin, organizationId: org.organizationId, reason: "  " }))).toMatchObject({ status: 400, message: messages.claims.releaseReasonRequired });
    expect(await releaseClaim({ actor: admin, organizationId: org.organizationId, reason: "The organization told us it did not claim this listing." })).toEqual({ released: true });
    const audit = await auditOf(org.organizationId);
    expect(audit).toEqual([expect.objectContaining({ action: "claim.released", details: expect.objectContaining({ reason: "The organization told us it did not claim this listing." }) })]);
    expect((await queuedMail(h.db, `claimant-${org.ein}@example.org`)).some((m) => m.subject.includes("has ended"))).toBe(true);
    expect(await err(releaseClaim({ actor: admin, organizationId: org.organizationId, reason: "again" }))).toMatchObject({ status: 409 });
  });
});
