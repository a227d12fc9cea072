/**
 * Disputes of claims (lib/services/claims/complete-verification.ts, disputes.ts) and the limits
 * against squatting (claim-limits.ts) on the real database: the real organization contests a
 * stranger's pending claim and takes over by the mailed letter's code or by an email at its own
 * domain; against a verified claim the proof waits for the admin, who sees both sides and
 * decides; the losing side loses access and both are told why; claims from one address past the
 * free allowance need the proof-of-work check, and contests of one organization are limited.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq } from "drizzle-orm";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import { createProofOfWorkChallenge } from "@/lib/auth/proof-of-work";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { stopMailQueue } from "@/lib/mail/queue";
import { updateDashboard } from "@/lib/services/organizations/update-dashboard";
import { toggleLive } from "@/lib/services/organizations/update-live";
import { registerNonprofitByEin, registerNonprofitToContest } from "@/lib/services/users/register-user";
import { makeDonor } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import { claimDisputeDecisionSchema, claimEmailSchema, claimLetterCodeSchema } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { forOrganization } from "@/lib/validations/organization";
import { adminAuditLog, organizationClaims, organizations, users } from "@/models";
import { CLAIMS_PER_ADDRESS_FREE, CONTESTS_PER_ORGANIZATION } from "./claim-limits";
import { getOwnClaim } from "./claims";
import { decideClaimDispute, listClaimDisputes } from "./disputes";
import { confirmClaimEmail, startClaimEmailVerification } from "./verify-by-email";
import { enterClaimLetterCode, sendClaimLetter } from "./verify-by-letter";

let h: DatabaseHandle;
let donor: Actor;
const admin = actorFromSession(adminSessionUser());
let einSeq = 223031900;

beforeAll(async () => {
  // The check's cost plays no part here: a solve takes 10 PBKDF2 iterations per guess.
  setEnvForTests({ NEXTAUTH_SECRET: "disputes-test-secret-0123456789", PROOF_OF_WORK_COST: "10" });
  h = await createTestDatabase();
  donor = await makeDonor("disputes.donor@example.org");
}, 120_000);
afterAll(async () => {
  await stopMailQueue();
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, PROOF_OF_WORK_COST: undefined });
});

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string; fields?: Record<string, string> }) => e);
const account = (email: string) => ({ firstName: "Rae", lastName: "Director", email, password: "secret-pass-1" });

/** A directory organization as the IRS import leaves it, claimed (pending) by a stranger who renamed it in a draft. */
async function squattedOrganization(legalName: string) {
  const ein = String(einSeq++);
  const [org] = await h.db
    .insert(organizations)
    .values({ name: legalName, legalName, ein, addressLine1: "33 PARKER RD", city: "BARRE", state: "VT", zipcode: "05641", sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  const stranger = actorFromSession(await registerNonprofitByEin({ ...account(`stranger-${ein}@example.org`), ein }));
  await updateDashboard({ actor: stranger, input: forOrganization({ npID: org!.id, organizationName: "FN org" }) });
  return { organizationId: org!.id, ein, stranger };
}

async function auditActions(organizationId: string): Promise<string[]> {
  const rows = await h.db.select({ action: adminAuditLog.action }).from(adminAuditLog).where(eq(adminAuditLog.target, organizationId)).orderBy(adminAuditLog.createdAt);
  return rows.map((r) => r.action);
}

async function organizationOf(userId: string): Promise<string | null> {
  const [row] = await h.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
  return row!.organizationId;
}

/** The contested organization after the real one took over: its state and who acts for it. */
async function expectTakenOver(o: { organizationId: string; stranger: Actor }, real: Actor, legalName: string) {
  const [org] = await h.db.select().from(organizations).where(eq(organizations.id, o.organizationId));
  // The stranger's draft never went live; the listing keeps the IRS name until the real organization edits it.
  expect(org).toMatchObject({ name: legalName, claimPendingSince: null, claimDraft: null, claimed: true, sandboxConnectedAt: null });
  expect(await organizationOf(real.id)).toBe(o.organizationId);
  expect(await organizationOf(o.stranger.id)).toBeNull();
  expect(await getOwnClaim({ actor: o.stranger })).toMatchObject({ status: "rejected", decisionReason: messages.claims.lostDisputeReason });
  expect((await err(updateDashboard({ actor: o.stranger, input: forOrganization({ npID: o.organizationId, organizationName: "Mine again" }) })))?.status).toBe(403);
  expect((await queuedMail(h.db, o.stranger.email)).some((m) => m.subject.includes("has ended") && m.text.includes(messages.claims.lostDisputeReason))).toBe(true);
  expect((await queuedMail(h.db, real.email)).some((m) => m.subject.includes("is verified"))).toBe(true);
}

describe("the real organization contests a stranger's pending claim", () => {
  test("and takes over by the code of the letter mailed to its IRS address", async () => {
    const o = await squattedOrganization("VERMONT FOODBANK");
    const real = actorFromSession(await registerNonprofitToContest({ ...account(`director-${o.ein}@vtfoodbank.org`), ein: o.ein }));
    // The contester manages nothing until it verifies; the stranger's account is told at once.
    expect(real.organizationId).toBeNull();
    expect((await err(updateDashboard({ actor: real, input: forOrganization({ npID: o.organizationId, organizationName: "Vermont Foodbank" }) })))?.status).toBe(403);
    expect((await err(toggleLive({ actor: real, organizationId: o.organizationId })))?.status).toBe(403);
    expect((await queuedMail(h.db, o.stranger.email)).some((m) => m.subject.startsWith("Someone contests your claim"))).toBe(true);
    expect(await getOwnClaim({ actor: real })).toMatchObject({ status: "pending", contest: { provedAt: null } });
    expect(await getOwnClaim({ actor: o.stranger })).toMatchObject({ status: "pending", contested: true });

    await sendClaimLetter({ actor: real, code: "R4TW9NBC" });
    expect(await enterClaimLetterCode({ actor: real, input: claimLetterCodeSchema.parse({ code: "r4tw-9nbc" }) })).toEqual({ status: "verified" });
    await expectTakenOver(o, real, "VERMONT FOODBANK");
    expect(await auditActions(o.organizationId)).toEqual(["claim.contested", "claim.dispute_lost", "claim.verified"]);
    // The winner now acts for the organization; the stranger's verification steps find nothing.
    await updateDashboard({ actor: { ...real, organizationId: o.organizationId }, input: forOrganization({ npID: o.organizationId, organizationName: "Vermont Foodbank" }) });
    expect((await err(sendClaimLetter({ actor: o.stranger })))?.status).toBe(409);
  });

  test("and takes over by the link mailed to an address at its own domain", async () => {
    const o = await squattedOrganization("ORLEANS COUNTY FOOD SHELF");
    const real = actorFromSession(await registerNonprofitToContest({ ...account(`director-${o.ein}@example.org`), ein: o.ein }));
    const input = claimEmailSchema.parse({ website: "https://orleansfoodshelf.org", email: "director@orleansfoodshelf.org" });
    await startClaimEmailVerification({ actor: real, input });
    const [mail] = await queuedMail(h.db, "director@orleansfoodshelf.org");
    const token = /\/confirm\/claim\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(await confirmClaimEmail({ token })).toEqual({ status: "verified", organizationId: o.organizationId });
    await expectTakenOver(o, real, "ORLEANS COUNTY FOOD SHELF");
  });

  test("a stranger who verifies first keeps it, and the contest then waits for the admin", async () => {
    const o = await squattedOrganization("BARRE COMMUNITY PANTRY");
    const real = actorFromSession(await registerNonprofitToContest({ ...account(`director-${o.ein}@example.org`), ein: o.ein }));
    await sendClaimLetter({ actor: o.stranger, code: "K7PQ2MZX" });
    expect(await enterClaimLetterCode({ actor: o.stranger, input: claimLetterCodeSchema.parse({ code: "K7PQ2MZX" }) })).toEqual({ status: "verified" });
    expect(await organizationOf(o.stranger.id)).toBe(o.organizationId);

    await sendClaimLetter({ actor: real, code: "R4TW9NBC" });
    expect(await enterClaimLetterCode({ actor: real, input: claimLetterCodeSchema.parse({ code: "R4TW9NBC" }) })).toEqual({ status: "awaiting_admin" });
    expect(await organizationOf(real.id)).toBeNull();
    expect(await getOwnClaim({ actor: real })).toMatchObject({ status: "pending", contest: { provedMethod: "letter" } });
    expect((await queuedMail(h.db, real.email)).some((m) => m.text.includes("an admin will compare both"))).toBe(true);

    // The admin sees both sides with their evidence, and nobody else may.
    for (const actor of [donor, o.stranger, real, null]) expect((await err(listClaimDisputes({ actor })))?.status).toBeGreaterThanOrEqual(401);
    const dispute = (await listClaimDisputes({ actor: admin })).find((d) => d.organization._id === o.organizationId)!;
    expect(dispute).toMatchObject({
      awaitingDecision: true,
      organization: { legalName: "BARRE COMMUNITY PANTRY", ein: o.ein, displayName: "FN org" },
      holding: { status: "verified", claimant: { email: o.stranger.email }, verification: { method: "letter", evidence: { address: "33 PARKER RD, BARRE, VT 05641" } } },
      contest: { claimant: { email: real.email }, verification: { method: "letter" } },
    });
    expect(JSON.stringify(dispute)).not.toMatch(/Hash|documentKey|R4TW9NBC/);

    for (const actor of [donor, o.stranger, real]) {
      expect((await err(decideClaimDispute({ actor, claimId: dispute.contest.claimId, input: { decision: "hand_over", reason: "mine" } })))?.status).toBe(403);
    }
    expect(claimDisputeDecisionSchema.safeParse({ decision: "hand_over", reason: " " }).error?.issues[0]?.message).toBe(messages.claims.disputeReasonRequired);
    expect(await err(decideClaimDispute({ actor: admin, claimId: dispute.holding!.claimId, input: { decision: "keep", reason: "x" } }))).toMatchObject({ status: 409 });

    const strangerVersion = (await h.db.select({ v: users.sessionVersion }).from(users).where(eq(users.id, o.stranger.id)))[0]!.v;
    expect(await decideClaimDispute({ actor: admin, claimId: dispute.contest.claimId, input: { decision: "hand_over", reason: "The director's letter reached the IRS address and the stranger gave no document." } })).toEqual({ status: "verified" });
    expect(await organizationOf(real.id)).toBe(o.organizationId);
    expect(await organizationOf(o.stranger.id)).toBeNull();
    const [after] = await h.db.select({ v: users.sessionVersion }).from(users).where(eq(users.id, o.stranger.id));
    expect(after!.v).toBe(strangerVersion + 1);
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, o.organizationId));
    expect(org).toMatchObject({ name: "BARRE COMMUNITY PANTRY", sandboxConnectedAt: null, stripeAccountId: null, paypalMerchantId: null });
    expect((await queuedMail(h.db, o.stranger.email)).some((m) => m.text.includes("an admin compared both claims and decided for the other person"))).toBe(true);
    expect(await listClaimDisputes({ actor: admin })).not.toContainEqual(expect.objectContaining({ organization: expect.objectContaining({ _id: o.organizationId }) }));
    // Once decided, it cannot be decided again.
    expect(await err(decideClaimDispute({ actor: admin, claimId: dispute.contest.claimId, input: { decision: "keep", reason: "again" } }))).toMatchObject({ status: 409 });
  });

  test("the admin may keep a verified claim: the contest ends and both are told why", async () => {
    const o = await squattedOrganization("WASHINGTON COUNTY YOUTH SERVICE BUREAU");
    await sendClaimLetter({ actor: o.stranger, code: "K7PQ2MZX" });
    await enterClaimLetterCode({ actor: o.stranger, input: claimLetterCodeSchema.parse({ code: "K7PQ2MZX" }) });
    const rival = actorFromSession(await registerNonprofitToContest({ ...account(`rival-${o.ein}@example.org`), ein: o.ein }));
    await sendClaimLetter({ actor: rival, code: "R4TW9NBC" });
    await enterClaimLetterCode({ actor: rival, input: claimLetterCodeSchema.parse({ code: "R4TW9NBC" }) });
    const dispute = (await listClaimDisputes({ actor: admin })).find((d) => d.organization._id === o.organizationId)!;
    expect(await decideClaimDispute({ actor: admin, claimId: dispute.contest.claimId, input: { decision: "keep", reason: "The board confirmed the current manager." } })).toEqual({ status: "rejected" });
    expect(await organizationOf(o.stranger.id)).toBe(o.organizationId);
    expect(await getOwnClaim({ actor: rival })).toMatchObject({ status: "rejected" });
    expect((await queuedMail(h.db, rival.email)).some((m) => m.text.includes("The board confirmed the current manager."))).toBe(true);
    expect((await queuedMail(h.db, o.stranger.email)).some((m) => m.subject.includes("stays yours"))).toBe(true);
    expect(await auditActions(o.organizationId)).toContain("claim.dispute_kept");
  });
});

describe("what a contest refuses", () => {
  test("an unclaimed organization is claimed, not contested; an unknown EIN is not found; one contest per account", async () => {
    const ein = String(einSeq++);
    await h.db.insert(organizations).values({ name: "UNCLAIMED PANTRY", legalName: "UNCLAIMED PANTRY", ein, city: "BARRE", state: "VT" });
    expect(await err(registerNonprofitToContest({ ...account(`c-${ein}@example.org`), ein }))).toMatchObject({ status: 409, message: messages.claims.notClaimedYet });
    expect(await err(registerNonprofitToContest({ ...account(`c2-${ein}@example.org`), ein: "999999998" }))).toMatchObject({ status: 404 });
    const claimant = await registerNonprofitByEin({ ...account(`first-${ein}@example.org`), ein });
    // The email of an existing account cannot contest again (one account, one claim).
    expect(await err(registerNonprofitToContest({ ...account(claimant.email), ein }))).toMatchObject({ status: 409, message: messages.email.taken });
    const [row] = await h.db.select().from(organizationClaims).where(and(eq(organizationClaims.contest, true), eq(organizationClaims.organizationId, claimant.orgId!)));
    expect(row).toBeUndefined();
  });
});

describe("limits against squatting", () => {
  const solved = async () => {
    const challenge = JSON.parse(JSON.stringify(await createProofOfWorkChallenge()));
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };
  async function directoryOrganization() {
    const ein = String(einSeq++);
    await h.db.insert(organizations).values({ name: `PANTRY ${ein}`, legalName: `PANTRY ${ein}`, ein, city: "BARRE", state: "VT" });
    return ein;
  }

  test("an address past its free claims is asked for the proof-of-work check, not refused (an association signing up its members)", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < CLAIMS_PER_ADDRESS_FREE; i++) {
      const ein = await directoryOrganization();
      await registerNonprofitByEin({ ...account(`assoc-${ein}@example.org`), ein, ip });
    }
    const ein = await directoryOrganization();
    expect(await err(registerNonprofitByEin({ ...account(`assoc-${ein}@example.org`), ein, ip }))).toMatchObject({ status: 422, fields: { challenge: messages.trustAndSafety.challengeRequired } });
    expect(await err(registerNonprofitByEin({ ...account(`assoc-${ein}@example.org`), ein, ip, proofOfWork: "bm90IGEgc29sdXRpb24=" }))).toMatchObject({ status: 422, fields: { challenge: messages.trustAndSafety.challengeFailed } });
    const member = await registerNonprofitByEin({ ...account(`assoc-${ein}@example.org`), ein, ip, proofOfWork: await solved() });
    expect(member.orgId).toBeTruthy();
    // Another address is not affected.
    const other = await directoryOrganization();
    await registerNonprofitByEin({ ...account(`elsewhere-${other}@example.org`), ein: other, ip: "198.51.100.8" });
  });

  test("one organization's claim is contested a few times a day at most", async () => {
    const o = await squattedOrganization("LIMITED CONTESTS PANTRY");
    for (let i = 0; i < CONTESTS_PER_ORGANIZATION; i++) {
      await registerNonprofitToContest({ ...account(`contest${i}-${o.ein}@example.org`), ein: o.ein, ip: `203.0.113.${i + 1}` });
    }
    expect(await err(registerNonprofitToContest({ ...account(`contest-late-${o.ein}@example.org`), ein: o.ein, ip: "203.0.113.99" }))).toMatchObject({ status: 429, message: messages.claims.tooManyContests });
  });
});
