/**
 * Delete a donor account (spec 4: confirm, then a goodbye message). Donations stay for the
 * nonprofits' books with the donor's personal details removed; amounts and dates are kept.
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { donations, newsletterSubscriptions, recurringGifts, users } from "@/models";

/**
 * Cancel recurring gifts, strip the donor snapshot from every donation and remove the
 * account (preferences, tokens and volunteer hours go with it; stories lose their author).
 * @throws AppError(forbidden) unless the actor is this donor.
 */
export async function deleteDonorAccount(actor: SessionUser, userId: string): Promise<{ deleted: true }> {
  if (actor._id !== userId || actor.type !== "individual") throw new AppError("forbidden", messages.auth.forbidden);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(recurringGifts).set({ status: "canceled", canceledAt: now, donorUserId: null }).where(eq(recurringGifts.donorUserId, userId));
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
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (row) await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, row.email));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { deleted: true };
}
