/** GET /api/v1/donations/{id}: one donation of the API key's organization (scope read:donations). */
import { and, eq } from "drizzle-orm";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { donationResourceColumns, toDonationResource, type DonationResource } from "@/lib/integrations/donation-resource";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";

/**
 * @throws AppError(unauthenticated|forbidden) without a key holding read:donations;
 *   AppError(not_found) for another organization's donation, a ticket payment or an unknown id
 *   (the same answer, so a key learns nothing about other organizations).
 */
export async function getDonation(options: { actor: ApiKeyActor | null; id: string }): Promise<DonationResource> {
  const organizationId = requireApiScope(options.actor, "read:donations");
  const db = await getDb();
  const [row] = await db
    .select(donationResourceColumns(donations))
    .from(donations)
    .where(and(eq(donations.id, options.id), eq(donations.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new AppError("not_found", messages.donation.notFound);
  return toDonationResource(row);
}
