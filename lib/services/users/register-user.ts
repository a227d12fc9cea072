/**
 * Account creation (POST /api/register/{type}, POST /api/registerNonprofitWithoutEin/{type},
 * POST /api/claim/contest).
 * A donor gets an individual account. A nonprofit either claims the directory organization
 * of its EIN (which must exist and be unclaimed; the claim waits for verification, models/claims.ts)
 * or creates a new organization that waits for admin approval and is not live until then.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/types";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type {
  RegisterDonorInput,
  RegisterNonprofitInput,
  RegisterNonprofitWithoutEinInput,
} from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";
import { donorPreferences, organizationClaims, organizations, users } from "@/models";
import { queueApprovalRequest } from "@/lib/services/admin/approval-links";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { consumeClaimAttempt } from "@/lib/services/claims/claim-limits";
import { loadHoldingClaim, notifyMembers } from "@/lib/services/claims/claims";
import { fillMessage } from "@/lib/validations/claims";
import { loadSessionUser } from "./to-session-user";

/** Postgres unique_violation, raised when two sign-ups race for one email. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function assertEmailFree(tx: Executor, email: string) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new AppError("conflict", messages.email.taken, { email: messages.email.taken });
}

async function insertUser(
  tx: Executor,
  input: { firstName: string; lastName: string; email: string; password: string; organization_company?: string },
  type: "individual" | "nonprofit",
  organizationId: string | null,
): Promise<string> {
  const [created] = await tx
    .insert(users)
    .values({
      type,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      organizationCompany: input.organization_company ?? "",
      organizationId,
    })
    .returning({ id: users.id });
  return created!.id;
}

async function withConflictMapping<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", messages.email.taken, { email: messages.email.taken });
    throw err;
  }
}

/**
 * Create a donor account with default (nothing shared) preferences.
 * @throws AppError(conflict) when the email is taken.
 */
export async function registerDonor(input: RegisterDonorInput): Promise<SessionUser> {
  const db = await getDb();
  const userId = await withConflictMapping(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const id = await insertUser(tx, input, "individual", null);
      await tx.insert(donorPreferences).values({ userId: id });
      return id;
    }),
  );
  return (await loadSessionUser({ db, userId }))!;
}

/** Where a claim comes from, for the limits against squatting (lib/services/claims/claim-limits.ts). */
export type ClaimOrigin = {
  /** The client's address; a claim made by the app's own code (demo data, tests) passes none and is not counted. */
  ip?: string;
  /** The solved proof-of-work challenge the browser sent, if any. */
  proofOfWork?: unknown;
};

/**
 * Create a nonprofit account that claims the directory organization with `input.ein`. The
 * claim is pending until verified (lib/services/claims): until then the account prepares
 * drafts and takes pledges, the public listing keeps the IRS facts and no payout can be connected.
 * @throws AppError(not_found) for an EIN not in the directory; AppError(conflict) when the
 *         organization is already claimed (messages.organization.alreadyClaimed: the sign-up
 *         page then offers a contest) or the email is taken; what consumeClaimAttempt throws.
 */
export async function registerNonprofitByEin(input: RegisterNonprofitInput & ClaimOrigin): Promise<SessionUser> {
  if (input.ip) await consumeClaimAttempt({ ip: input.ip, proofOfWork: input.proofOfWork });
  const db = await getDb();
  const userId = await withConflictMapping(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [org] = await tx
        .select({ id: organizations.id, claimed: organizations.claimed })
        .from(organizations)
        .where(eq(organizations.ein, input.ein))
        .for("update")
        .limit(1);
      if (!org) throw new AppError("not_found", messages.organization.einNotFound, { ein: messages.organization.einNotFound });
      // The conditional update is the claim: of two racing sign-ups only one sees a row back.
      const now = new Date();
      const claimed = await tx
        .update(organizations)
        .set({ claimed: true, claimedAt: now, claimPendingSince: now, claimDraft: null })
        .where(and(eq(organizations.id, org.id), eq(organizations.claimed, false)))
        .returning({ id: organizations.id });
      if (claimed.length === 0) {
        throw new AppError("conflict", messages.organization.alreadyClaimed, { ein: messages.organization.alreadyClaimed });
      }
      const id = await insertUser(tx, input, "nonprofit", org.id);
      await tx.insert(organizationClaims).values({ organizationId: org.id, userId: id, status: "pending", createdAt: now });
      return id;
    }),
  );
  return (await loadSessionUser({ db, userId }))!;
}

/**
 * Create a nonprofit account that contests the claim of the directory organization with
 * `input.ein` ("I run this organization"). The account manages nothing until its contest
 * verifies the same ways a claim does (lib/services/claims/complete-verification.ts decides who
 * wins); the organization's members are told at once, and the audit log records it.
 * @throws AppError(not_found) for an EIN not in the directory; AppError(conflict)
 *   messages.claims.notClaimedYet when nobody holds it, or when the email is taken; what
 *   consumeClaimAttempt throws.
 */
export async function registerNonprofitToContest(input: RegisterNonprofitInput & ClaimOrigin): Promise<SessionUser> {
  if (input.ip) await consumeClaimAttempt({ ip: input.ip, proofOfWork: input.proofOfWork, contestedEin: input.ein });
  const db = await getDb();
  const userId = await withConflictMapping(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [org] = await tx
        .select({ id: organizations.id, claimed: organizations.claimed, legalName: organizations.legalName, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.ein, input.ein))
        .for("update")
        .limit(1);
      if (!org) throw new AppError("not_found", messages.organization.einNotFound, { ein: messages.organization.einNotFound });
      if (!org.claimed) throw new AppError("conflict", messages.claims.notClaimedYet, { ein: messages.claims.notClaimedYet });
      const holding = await loadHoldingClaim({ tx, organizationId: org.id });
      const id = await insertUser(tx, input, "nonprofit", null);
      const [contest] = await tx
        .insert(organizationClaims)
        .values({ organizationId: org.id, userId: id, status: "pending", contest: true, contestsClaimId: holding?.id ?? null })
        .returning({ id: organizationClaims.id });
      await recordAdminAction({ tx, actor: input.email, action: "claim.contested", target: org.id, details: { claimId: contest!.id, contests: holding?.id ?? null } });
      const name = org.legalName ?? org.name;
      await notifyMembers({ tx, organizationId: org.id, message: { subject: `Someone contests your claim of ${name}`, text: fillMessage(messages.claims.contestedNotice, { name }) } });
      return id;
    }),
  );
  return (await loadSessionUser({ db, userId }))!;
}

/**
 * Create a nonprofit account and a new organization without an EIN. The organization is
 * pending approval and hidden (live = false) until an admin approves it.
 * @throws AppError(conflict) when the email is taken.
 */
export async function registerNonprofitWithoutEin(input: RegisterNonprofitWithoutEinInput): Promise<SessionUser> {
  const db = await getDb();
  const userId = await withConflictMapping(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [org] = await tx
        .insert(organizations)
        .values({
          name: input.organizationName,
          city: input.city,
          state: input.state,
          zipcode: input.zipcode,
          email: input.email,
          claimed: true,
          claimedAt: new Date(),
          approvalStatus: "pending",
          live: false,
        })
        .returning({ id: organizations.id });
      await queueApprovalRequest({ tx, organizationId: org!.id });
      return insertUser(tx, input, "nonprofit", org!.id);
    }),
  );
  return (await loadSessionUser({ db, userId }))!;
}
