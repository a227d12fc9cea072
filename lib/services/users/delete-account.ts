/**
 * Delete an account (spec 4: confirm, then a goodbye message). Donations stay for the
 * nonprofits' books with the donor's personal details removed; amounts and dates are kept.
 */
import "server-only";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { authorize, authorizeRole } from "@/lib/auth/authorize";
import { hasAccountType } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { publish } from "@/lib/domain-events";
import { revokeOpenInvitations } from "@/lib/services/claims/claims";
import { forgetDonorKeys } from "@/lib/services/donor-relationships/disclosures";
import { fundraisers, donations, newsletterSubscriptions, organizationClaims, organizations, recurringGifts, users, webhookEndpoints } from "@/models";

export type DeleteDonorAccountOptions = { actor: Actor; userId: string };

/**
 * Cancel recurring gifts, strip the donor snapshot from every donation and remove the
 * account (preferences, tokens and volunteer hours go with it; stories lose their author).
 * What organizations keep under the donor's email keys (private notes and tags, donor.created
 * claims, sharing-log keys) is removed first: data keyed by a deleted person's email must not
 * outlive the account (GDPR Art. 17, right to erasure).
 * @throws AppError(forbidden) unless the actor is this donor.
 */
export async function deleteDonorAccount({ actor, userId }: DeleteDonorAccountOptions): Promise<{ deleted: true }> {
  authorize(actor, "account.update", { userId });
  authorizeRole(actor, "donor");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    // Before the gifts' emails are stripped: the keys are read from them.
    await forgetDonorKeys({ tx, userId });
    const canceled = await tx
      .update(recurringGifts)
      .set({ status: "canceled", canceledAt: now, donorUserId: null })
      .where(and(eq(recurringGifts.donorUserId, userId), eq(recurringGifts.status, "active")))
      .returning({ id: recurringGifts.id });
    await tx.update(recurringGifts).set({ donorUserId: null }).where(eq(recurringGifts.donorUserId, userId));
    await tx
      .update(donations)
      .set({
        donorUserId: null,
        donorName: null,
        donorEmail: null,
        donorTelephone: null,
        donorCity: null,
        donorState: null,
        donorGender: null,
        donorAgeRange: null,
        shareName: false,
        shareEmail: false,
        shareTelephone: false,
        shareLocation: false,
        shareGender: false,
        shareAge: false,
      })
      .where(eq(donations.donorUserId, userId));
    // After the details are stripped, so the events carry none of them.
    for (const gift of canceled) await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.canceled", occurredAt: now });
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (row) await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, row.email));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { deleted: true };
}

export type DeleteNonprofitAccountOptions = { actor: Actor; userId: string };

/**
 * Delete a nonprofit user's account (spec 4: confirm, then a goodbye message). The
 * organization stays in the directory with its donation records for its books, but is
 * released: unclaimed again, with no nickname, contact email or payment connection; its
 * fundraisers are ended and recurring gifts to it canceled, so nobody is charged for an
 * organization nobody manages. An organization registered without an EIN (not in the IRS
 * directory) is also hidden. Any other nonprofit user of the same organization keeps it.
 * @throws AppError(forbidden) unless the actor is this nonprofit user.
 */
export async function deleteNonprofitAccount({ actor, userId }: DeleteNonprofitAccountOptions): Promise<{ deleted: true }> {
  authorize(actor, "account.update", { userId });
  authorizeRole(actor, "nonprofit");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ email: users.email, organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
    if (!row) return;
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, row.email));
    await tx.delete(users).where(eq(users.id, userId));
    const organizationId = row.organizationId;
    if (!organizationId) return;
    const [others] = await tx.select({ n: count() }).from(users).where(eq(users.organizationId, organizationId));
    if (Number(others?.n ?? 0) > 0) return;
    const now = new Date();
    // A released organization's webhooks stop: the next nonprofit to claim it must not feed the previous one's endpoints.
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
    await revokeOpenInvitations({ tx, organizationId, now });
    // Its claims end with it: the next nonprofit to claim the organization proves who it is anew (models/claims.ts).
    await tx
      .update(organizationClaims)
      .set({ status: "released", emailTokenHash: null, letterCodeHash: null })
      .where(and(eq(organizationClaims.organizationId, organizationId), inArray(organizationClaims.status, ["pending", "verified"])));
    await tx.update(fundraisers).set({ status: "ended", endedAt: now }).where(and(eq(fundraisers.organizationId, organizationId), eq(fundraisers.status, "active")));
    await tx
      .update(recurringGifts)
      .set({ status: "canceled", canceledAt: now })
      .where(and(eq(recurringGifts.organizationId, organizationId), eq(recurringGifts.status, "active")));
    await tx
      .update(organizations)
      .set({
        claimed: false,
        claimedAt: null,
        claimPendingSince: null,
        claimDraft: null,
        nickname: null,
        email: null,
        stripeAccountId: null,
        stripeComplete: false,
        paypalMerchantId: null,
        live: sql`${organizations.ein} is not null`,
      })
      .where(eq(organizations.id, organizationId));
  });
  return { deleted: true };
}

export type DeleteOwnAccountOptions = { actor: Actor };

/** Delete the actor's own account, donor or nonprofit (DELETE /api/account). */
export function deleteOwnAccount({ actor }: DeleteOwnAccountOptions): Promise<{ deleted: true }> {
  if (hasAccountType(actor, "nonprofit")) return deleteNonprofitAccount({ actor, userId: actor.id });
  return deleteDonorAccount({ actor, userId: actor.id });
}
