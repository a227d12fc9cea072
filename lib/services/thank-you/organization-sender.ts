/**
 * The organization as its own donor mail names it (lib/mail/templates/thank-you.ts): display
 * name, IRS legal name, logo, EIN, deductibility sentence, contact email (Reply-To) and IANA time zone.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import type { SenderOrganization } from "@/lib/mail/templates/thank-you";
import { deductibilityStatement } from "@/lib/receipts/receipt-text";
import { organizationTimeZone } from "@/lib/time/organization-time-zone";
import { organizations } from "@/models";

export type OrganizationSender = SenderOrganization & {
  id: string;
  timeZone: string;
  /** IRS deductibility code: 1 deductible, 2 not deductible, 4 deductible by treaty. */
  irsDeductibility: string | null;
};

/** The organization `organizationId` as a sender, read in `db`; null when unknown. */
export async function loadOrganizationSender({ db, organizationId }: { db: Executor; organizationId: string }): Promise<OrganizationSender | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      legalName: organizations.legalName,
      email: organizations.email,
      logoUrl: organizations.logoUrl,
      ein: organizations.ein,
      irsDeductibility: organizations.irsDeductibility,
      state: organizations.state,
      zipcode: organizations.zipcode,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return null;
  const name = organizationDisplayName(row);
  return {
    id: row.id,
    name,
    legalName: row.legalName,
    logoUrl: row.logoUrl,
    ein: row.ein,
    deductibility: deductibilityStatement(row.irsDeductibility, name),
    email: row.email ? String(row.email) : null,
    timeZone: organizationTimeZone(row),
    irsDeductibility: row.irsDeductibility,
  };
}
