/**
 * The PDF receipt of a succeeded donation (or, for a ticket payment, the purchase
 * confirmation with its IRS Publication 1771 disclosure), for the donor (access token from the thank-you
 * page or receipt email, or the donor's own session).
 */
import "server-only";
import { donationAccess } from "@/lib/auth/access";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { paymentTypeLabel } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import { renderReceiptPdf, renderTicketPdf } from "@/lib/receipts/receipt-pdf";
import { letterheadLogos } from "@/lib/services/images/image-bytes";
import { messages } from "@/lib/validations/messages";
import { ticketMailFacts } from "./apply-payment-event";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { loadDonationFacts } from "./donation-facts";

/**
 * @returns the PDF bytes and a file name.
 * @throws AppError(not_found) unknown donation, no access, or not (or no longer) succeeded.
 */
export async function donationReceiptPdf({ actor, donationId, token }: { actor: Actor | null; donationId: string; token: string | null }): Promise<{ pdf: Buffer; filename: string }> {
  const db = await getDb();
  const facts = await loadDonationFacts(db, donationId);
  const allowed = facts && donationAccess(actor, facts.donation, token).some((a) => a === "token" || a === "donor");
  if (!facts || !allowed || facts.donation.status !== "succeeded") throw new AppError("not_found", messages.donation.notFound);
  const { donation: d, organization: org } = facts;
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
    organizationAddress: org.address,
    irsDeductibility: org.irsDeductibility,
    fundraiserName: facts.fundraiserName,
    donorName: d.donorName,
    paymentType: paymentTypeLabel(d.paymentMethodType),
  }, logos);
  return { pdf, filename: `givebridge-receipt-${d.id.slice(0, 8)}.pdf` };
}
