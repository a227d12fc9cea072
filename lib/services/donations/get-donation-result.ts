/**
 * The result of a checkout as the donor sees it (/complete-donation, /thankyou,
 * retrievePaymentIntent). Spec section 4: requires_action shows as "Pending Verification",
 * a completed payment as "Completed", a failure with its reason.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { donationAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { campaigns, donations, organizations } from "@/models";
import { donationAccessToken } from "./access-token";
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
  provider: string;
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

/** Spec section 4's status display. */
export function statusLabel(status: string): string {
  switch (status) {
    case "requires_action":
      return "Pending Verification";
    case "succeeded":
      return "Completed";
    case "processing":
      return "Processing";
    case "failed":
      return "Failed";
    case "refunded":
      return "Refunded";
    case "canceled":
      return "Canceled";
    default:
      return "Pending";
  }
}

/**
 * A donation's result.
 * @throws AppError(not_found) unknown id, or neither a valid access token nor the donor's session.
 */
export async function getDonationResult(donationId: string, token: string | null | undefined, actor: SessionUser | null): Promise<DonationResult> {
  const db = await getDb();
  const [row] = await db
    .select({ d: donations, orgName: organizations.name, orgLegalName: organizations.legalName, campaignName: campaigns.name })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, donationId));
  const allowed = row && donationAccess(actor, row.d, token).some((a) => a === "token" || a === "donor");
  if (!row || !allowed) throw new AppError("not_found", messages.donation.notFound);
  const d = row.d;
  return {
    donationId: d.id,
    accessToken: donationAccessToken(d.id),
    status: d.status,
    statusLabel: statusLabel(d.status),
    failureReason: d.failureReason,
    amountCents: d.amountCents,
    feeCents: d.feeCents,
    coverFees: d.coverFees,
    chargeCents: d.coverFees ? d.amountCents + d.feeCents : d.amountCents,
    method: d.paymentMethodType,
    provider: d.provider,
    providerPaymentId: d.providerPaymentId,
    organizationId: d.organizationId,
    organizationName: organizationDisplayName({ name: row.orgName, legalName: row.orgLegalName }),
    campaignId: d.campaignId,
    campaignName: row.campaignName ?? "Direct Donation",
    recurring: Boolean(d.recurringGiftId),
    donorEmail: d.donorEmail,
    createdAt: d.createdAt.toISOString(),
    receiptPath: d.status === "succeeded" ? `/api/receipts/${d.id}?token=${donationAccessToken(d.id)}` : null,
  };
}
