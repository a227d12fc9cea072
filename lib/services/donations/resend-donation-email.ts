/**
 * sendNonprofitOrganizationDonationEmail / sendGivebridgeOrganizationDonationEmail: queue the
 * nonprofit's notification (donor details only as shared) or the platform's copy with fees
 * again for a succeeded donation. Built from the stored donation, never from client input.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { enqueueDonationMail } from "./donation-mail";

/**
 * @throws AppError(forbidden) unless an admin, or (nonprofit notice) the organization's user;
 *   AppError(not_found) unknown or not succeeded donation.
 */
export async function resendDonationEmail({ actor, donationId, which }: { actor: Actor; donationId: string; which: "nonprofit" | "platform" }): Promise<{ queued: number }> {
  const db = await getDb();
  const [d] = await db.select().from(donations).where(eq(donations.id, donationId));
  if (!d || d.status !== "succeeded") throw new AppError("not_found", messages.donation.notFound);
  // The platform's copy (with fees) is the admin's alone; the nonprofit's notice, also its organization's.
  const action = which === "platform" ? "donation.resendPlatformNotice" : "donation.resendNonprofitNotice";
  if (!can(actor, action, { donorId: d.donorUserId, organizationId: d.organizationId })) throw forbidden();
  const queued = await db.transaction((tx) => enqueueDonationMail({ tx, donation: d, which: { [which]: true } }));
  return { queued };
}
