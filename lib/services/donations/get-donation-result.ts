/**
 * The result of a checkout as the donor sees it (/complete-donation, /thankyou,
 * retrievePaymentIntent), read through loadDonationFacts. Spec section 4: the status shows as
 * its label (lib/donations/labels.ts: "Pending Verification", "Completed", ...), a failure
 * with its reason.
 */
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { displayDonationStatus, fundraiserLabel } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { checkDonationAccessToken, donationAccessToken } from "@/lib/auth/donation-access-token";
import { loadDonationFacts } from "./donation-facts";
import { organizationDisplayName } from "@/lib/directory/display-name";

export type DonationResult = {
  donationId: string;
  /** Token for the result page and the PDF receipt links. */
  accessToken: string;
  status: "pending" | "requires_action" | "processing" | "succeeded" | "failed" | "refunded" | "canceled";
  /** Spec section 4 display: Pending Verification, Completed, Failed, ... */
  statusLabel: string;
  failureReason: string | null;
  amountCents: Cents;
  feeCents: Cents;
  coverFees: boolean;
  /** What the donor was charged, in cents. */
  chargeCents: Cents;
  method: string;
  /** The payment provider; null for a gift recorded offline. */
  provider: string | null;
  providerPaymentId: string | null;
  organizationId: string;
  organizationName: string;
  campaignId: string | null;
  /** Fundraiser name, or "Direct Donation". */
  campaignName: string;
  recurring: boolean;
  donorEmail: string | null;
  createdAt: string;
  /** Path of the PDF receipt once the gift succeeded. */
  receiptPath: string | null;
};

/**
 * A donation's result, for the donor who gave (`actor`) or the holder of its access `token`.
 * @throws AppError(not_found) unknown id, or neither a valid access token nor the donor's session.
 */
export async function getDonationResult({ actor, donationId, token }: { actor: Actor | null; donationId: string; token: string | null | undefined }): Promise<DonationResult> {
  const facts = await loadDonationFacts({ db: await getDb(), donationId });
  // Its donor's session, or the donation's access token verified here.
  const allowed =
    facts &&
    can(actor, "donation.receipt", { donorId: facts.donation.donorUserId, organizationId: facts.donation.organizationId, holdsAccessToken: checkDonationAccessToken(facts.donation.id, token) });
  if (!facts || !allowed) throw new AppError("not_found", messages.donation.notFound);
  return toDonationResult({
    donation: { ...facts.donation, provider: facts.payment?.provider ?? null, providerPaymentId: facts.payment?.providerPaymentId ?? null },
    organization: facts.organization,
    fundraiserName: facts.fundraiserName,
  });
}

/** The donation columns a {@link DonationResult} shows. */
export type DonationResultRow = {
  id: string;
  status: DonationResult["status"];
  failureReason: string | null;
  amountCents: Cents;
  feeCents: Cents;
  coverFees: boolean;
  paymentMethodType: string;
  provider: string | null;
  providerPaymentId: string | null;
  organizationId: string;
  fundraiserId: string | null;
  recurringGiftId: string | null;
  donorEmail: string | null;
  createdAt: Date;
};

export type ToDonationResultOptions = {
  donation: DonationResultRow;
  /** The organization's display name and IRS legal name. */
  organization: { name: string; legalName?: string | null };
  /** The fundraiser's name; null for a direct donation. */
  fundraiserName: string | null;
};

/**
 * The result of `donation` of `organization` (its display name and IRS legal name) for
 * fundraiser `fundraiserName` (null: a direct donation). Amounts in cents; createdAt as ISO
 * 8601 UTC. Checks no access: the caller has.
 */
export function toDonationResult({ donation: d, organization, fundraiserName }: ToDonationResultOptions): DonationResult {
  return {
    donationId: d.id,
    accessToken: donationAccessToken(d.id),
    status: d.status,
    statusLabel: displayDonationStatus(d.status),
    failureReason: d.failureReason,
    amountCents: d.amountCents,
    feeCents: d.feeCents,
    coverFees: d.coverFees,
    chargeCents: d.coverFees ? d.amountCents + d.feeCents : d.amountCents,
    method: d.paymentMethodType,
    provider: d.provider,
    providerPaymentId: d.providerPaymentId,
    organizationId: d.organizationId,
    organizationName: organizationDisplayName(organization),
    campaignId: d.fundraiserId,
    campaignName: fundraiserLabel(fundraiserName),
    recurring: Boolean(d.recurringGiftId),
    donorEmail: d.donorEmail,
    createdAt: d.createdAt.toISOString(),
    receiptPath: d.status === "succeeded" ? `/api/receipts/${d.id}?token=${donationAccessToken(d.id)}` : null,
  };
}
