/**
 * The one read of a donation with what every account of it shows: the stored donation, the
 * receiving organization (name, EIN, contact email, logo, IRS deductibility code, postal
 * address) and the fundraiser's name. The result page (getDonationResult), the PDF receipt
 * (donationReceiptPdf) and the donation emails (donationMailFacts) all start from it, so they
 * cannot disagree about the facts. Amounts are integer cents; times are UTC. Reading does not
 * check access: each caller does that with the access rule (lib/auth/can.ts) before showing anything.
 */
import { displayCity } from "@/lib/directory/display-name";
import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { preparedPerExecutor } from "@/lib/db/prepared";
import { fundraisers, donations, organizations, payments } from "@/models";

/** A stored gift (amounts in cents, times UTC). */
export type DonationRow = typeof donations.$inferSelect;

/** A stored payment: the money movement of a gift or a ticket order (amounts in cents, times UTC). */
export type PaymentRow = typeof payments.$inferSelect;

export type DonationFacts = {
  donation: DonationRow;
  /** The gift's payment: its provider and the provider's id for it (null for a gift recorded offline). */
  payment: { provider: PaymentRow["provider"]; providerPaymentId: string | null } | null;
  organization: {
    id: string;
    /** organizations.name as stored (IRS capitals or the nonprofit's own edit); show it through organizationDisplayName. */
    name: string;
    /** The IRS legal name, null for an organization registered without an EIN. */
    legalName: string | null;
    ein: string | null;
    email: string | null;
    /** The stored logo's URL, or null. */
    logoUrl: string | null;
    /** IRS deductibility code: 1 deductible, 2 not deductible, 4 deductible by treaty. */
    irsDeductibility: string | null;
    /** "12 Main St, Montpelier, VT, 05602" from the parts on file, or null when none are. */
    address: string | null;
  };
  /** The fundraiser's name; null for a direct donation (or a fundraiser since deleted). */
  fundraiserName: string | null;
};

/**
 * The organization columns of the facts, for a select that joins `organizations` on the
 * donation's organization (with `campaigns.name` as `fundraiserName`); map its row with
 * {@link toDonationFacts}.
 */
export const donationFactsOrganizationColumns = {
  id: organizations.id,
  name: organizations.name,
  legalName: organizations.legalName,
  ein: organizations.ein,
  email: organizations.email,
  logoUrl: organizations.logoUrl,
  irsDeductibility: organizations.irsDeductibility,
  addressLine1: organizations.addressLine1,
  city: organizations.city,
  state: organizations.state,
  zipcode: organizations.zipcode,
};

/** A row read with {@link donationFactsOrganizationColumns}. */
export type DonationFactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>["execute"]>>[number];

/** The facts of a row read with {@link donationFactsOrganizationColumns} (the address composed from its parts). */
export function toDonationFacts(row: DonationFactsRow): DonationFacts {
  const { addressLine1, city, state, zipcode, ...organization } = row.organization;
  return {
    donation: row.donation,
    payment: row.payment?.provider ? { provider: row.payment.provider, providerPaymentId: row.payment.providerPaymentId } : null,
    organization: { ...organization, address: [addressLine1, displayCity(city, zipcode), state, zipcode].filter(Boolean).join(", ") || null },
    fundraiserName: row.fundraiserName,
  };
}

// Built once per database (and per transaction that reads it): see lib/db/prepared.ts.
const factsQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({
      donation: donations,
      payment: { provider: payments.provider, providerPaymentId: payments.providerPaymentId },
      organization: donationFactsOrganizationColumns,
      fundraiserName: fundraisers.name,
    })
    .from(donations)
    .leftJoin(payments, eq(payments.id, donations.paymentId))
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(eq(donations.id, sql.placeholder("donationId")))
    .prepare("donation_facts"),
);

/** The donation `donationId` with its organization and fundraiser, read in `db` (a transaction joins it); null when unknown. */
export async function loadDonationFacts({ db, donationId }: { db: Executor; donationId: string }): Promise<DonationFacts | null> {
  const [row] = await factsQuery(db).execute({ donationId });
  return row ? toDonationFacts(row) : null;
}
