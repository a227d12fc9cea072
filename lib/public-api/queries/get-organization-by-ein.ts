/** GET /api/v1/organizations/{ein}: one directory organization by EIN (public). */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { OrganizationResource } from "@/lib/integrations/api-resources";
import { publicOrganizationColumns, toPublicOrganization } from "@/lib/services/organizations/organization-dto";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";
import { toOrganizationResource } from "@/lib/services/api-resources/to-resources";

/**
 * @param options.ein 9 digits (parsed by einPathSchema).
 * @throws AppError(not_found) for an unknown EIN, or an organization that is hidden or not approved.
 */
export async function getOrganizationByEin(options: { ein: string }): Promise<OrganizationResource> {
  const db = await getDb();
  const [row] = await db.select(publicOrganizationColumns).from(organizations).where(eq(organizations.ein, options.ein)).limit(1);
  if (!row || !row.live || row.approvalStatus !== "approved") throw new AppError("not_found", messages.organization.notFound);
  return toOrganizationResource(toPublicOrganization(row));
}
