/**
 * sendNonprofitOrganizationDonationEmail / sendGivebridgeOrganizationDonationEmail: queue the
 * nonprofit's notification (donor details only as shared) or the platform's copy with fees
 * again for a succeeded donation. Built from the stored donation, never from client input.
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { enqueueDonationMail } from "./apply-payment-event";

/**
 * @throws AppError(forbidden) unless an admin, or (nonprofit notice) the organization's user;
 *   AppError(not_found) unknown or not succeeded donation.
 */
export async function resendDonationEmail(actor: SessionUser, donationId: string, which: "nonprofit" | "platform"): Promise<{ queued: number }> {
  const db = await getDb();
  const [d] = await db.select().from(donations).where(eq(donations.id, donationId));
  if (!d || d.status !== "succeeded" || d.kind !== "donation") throw new AppError("not_found", messages.donation.notFound);
  const allowed = actor.type === "admin" || (which === "nonprofit" && actor.type === "nonprofit" && actor.orgId === d.organizationId);
  if (!allowed) throw new AppError("forbidden", messages.auth.forbidden);
  const queued = await db.transaction((tx) => enqueueDonationMail(tx, d, { [which]: true }));
  return { queued };
}
