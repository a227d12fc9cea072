/**
 * The PDF receipt of a succeeded donation (or, for a ticket payment, the purchase
 * confirmation with its IRS Publication 1771 disclosure), for the donor (access token from the thank-you
 * page or receipt email, or the donor's own session).
 */
import "server-only";
import { eq } from "drizzle-orm";
import { donationAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { renderReceiptPdf, renderTicketPdf } from "@/lib/receipts/receipt-pdf";
import { letterheadLogos } from "@/lib/services/images/image-bytes";
import { messages } from "@/lib/validations/messages";
import { campaigns, donations, organizations } from "@/models";
import { ticketMailFacts } from "./apply-payment-event";
import { displayCity, organizationDisplayName } from "@/lib/directory/display-name";

/**
 * @returns the PDF bytes and a file name.
 * @throws AppError(not_found) unknown donation, no access, or not (or no longer) succeeded.
 */
export async function donationReceiptPdf(donationId: string, token: string | null, actor: SessionUser | null): Promise<{ pdf: Buffer; filename: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ d: donations, org: organizations, campaignName: campaigns.name })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, donationId));
  const allowed = row && donationAccess(actor, row.d, token).some((a) => a === "token" || a === "donor");
  if (!row || !allowed || row.d.status !== "succeeded") throw new AppError("not_found", messages.donation.notFound);
  const { d, org } = row;
  const logos = await letterheadLogos(org.logoUrl);
  if (d.kind === "ticket") {
    const facts = await ticketMailFacts(db, d);
    if (!facts) throw new AppError("not_found", messages.donation.notFound);
    return { pdf: await renderTicketPdf({ ...facts, buyerName: d.donorName }, logos), filename: `givebridge-tickets-${d.id.slice(0, 8)}.pdf` };
  }
  const pdf = await renderReceiptPdf({
    donationId: d.id,
    date: d.succeededAt ?? d.createdAt,
    amountCents: d.amountCents,
    feeCents: d.feeCents,
    coverFees: d.coverFees,
    organizationName: organizationDisplayName(org),
    organizationLegalName: org.legalName,
    organizationEin: org.ein,
    organizationAddress: [org.addressLine1, displayCity(org.city, org.zipcode), org.state, org.zipcode].filter(Boolean).join(", ") || null,
    irsDeductibility: org.irsDeductibility,
    fundraiserName: row.campaignName,
    donorName: d.donorName,
    paymentType: { card: "Card", us_bank_account: "Bank (ACH)", wallet: "Apple Pay / Google Pay", paypal: "PayPal" }[d.paymentMethodType],
  }, logos);
  return { pdf, filename: `givebridge-receipt-${d.id.slice(0, 8)}.pdf` };
}
