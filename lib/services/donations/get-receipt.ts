/**
 * The PDF receipt of a succeeded donation (or, for a ticket payment, the purchase
 * confirmation with its IRS Publication 1771 disclosure), for the donor (access token from the thank-you
 * page or receipt email, or the donor's own session). A gift the organization recorded offline
 * also has its receipt for the organization's own members, who hand it to the donor
 * ("donation.receipt" in lib/auth/can.ts).
 */
import "server-only";
import { authorizeOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { checkDonationAccessToken } from "@/lib/auth/donation-access-token";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { giftPaymentTypeLabel, tributeLine } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import { renderReceiptPdf, renderTicketPdf } from "@/lib/receipts/receipt-pdf";
import { letterheadLogos } from "@/lib/services/images/image-bytes";
import { messages } from "@/lib/validations/messages";
import { ticketMailFacts } from "@/lib/services/events/ticket-mail";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { loadDonationFacts } from "./donation-facts";
import { eq } from "drizzle-orm";
import { eventTicketOrders, payments } from "@/models";

/**
 * @returns the PDF bytes and a file name.
 * @throws AppError(not_found) unknown donation, no access, or not (or no longer) succeeded;
 *   AppError(forbidden) a member's session whose account no longer belongs to the organization.
 */
export async function donationReceiptPdf({ actor, donationId, token }: { actor: Actor | null; donationId: string; token: string | null }): Promise<{ pdf: Buffer; filename: string }> {
  const db = await getDb();
  const facts = await loadDonationFacts({ db, donationId });
  // Not a gift: the id may be a ticket order's payment, whose document is the purchase confirmation.
  if (!facts) return ticketPurchasePdf({ actor, paymentId: donationId, token });
  // Its donor's session, or the donation's access token verified here.
  const asDonor = can(actor, "donation.receipt", { donorId: facts.donation.donorUserId, organizationId: facts.donation.organizationId, holdsAccessToken: checkDonationAccessToken(facts.donation.id, token) });
  const asOrganization =
    !asDonor &&
    facts.donation.offlineMethod !== null &&
    can(actor, "donation.receipt", { donorId: facts.donation.donorUserId, organizationId: facts.donation.organizationId, recordedOffline: true });
  if (!(asDonor || asOrganization) || facts.donation.status !== "succeeded") throw new AppError("not_found", messages.donation.notFound);
  // A member's session is checked against the account as it is now.
  if (asOrganization) await authorizeOrganization(db, actor, "donation.recordOffline", facts.donation.organizationId);
  const { donation: d, organization: org } = facts;
  const logos = await letterheadLogos({ organizationLogoUrl: org.logoUrl });
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
    paymentType: giftPaymentTypeLabel(d),
    offline: d.offlineMethod ? { method: d.offlineMethod, details: d.offlineDetails ?? {} } : null,
    tribute: tributeLine(d),
  }, logos);
  return { pdf, filename: `givebridge-receipt-${d.id.slice(0, 8)}.pdf` };
}

/**
 * The purchase confirmation of the ticket order paid by `paymentId` (IRS Publication 1771:
 * amount paid, the goods' good-faith value and the deductible part), for its buyer: the
 * payment's access token or the buyer's own session.
 * @throws AppError(not_found) unknown payment, no ticket order, no access, or not succeeded.
 */
async function ticketPurchasePdf({ actor, paymentId, token }: { actor: Actor | null; paymentId: string; token: string | null }): Promise<{ pdf: Buffer; filename: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ payment: payments, orderId: eventTicketOrders.id, buyerUserId: eventTicketOrders.buyerUserId, buyerName: eventTicketOrders.buyerName })
    .from(payments)
    .innerJoin(eventTicketOrders, eq(eventTicketOrders.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  // Its buyer's session, or the payment's access token verified here.
  const allowed = row && can(actor, "donation.receipt", { donorId: row.buyerUserId, organizationId: row.payment.organizationId, holdsAccessToken: checkDonationAccessToken(row.payment.id, token) });
  if (!row || !allowed || row.payment.status !== "succeeded") throw new AppError("not_found", messages.donation.notFound);
  const facts = await ticketMailFacts({ tx: db, payment: row.payment, orderId: row.orderId });
  if (!facts) throw new AppError("not_found", messages.donation.notFound);
  const logos = await letterheadLogos({ organizationLogoUrl: facts.organizationLogoUrl });
  return { pdf: await renderTicketPdf({ ...facts, buyerName: row.buyerName }, logos), filename: `givebridge-tickets-${row.payment.id.slice(0, 8)}.pdf` };
}
