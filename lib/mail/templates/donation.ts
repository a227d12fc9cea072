/**
 * The three messages of a succeeded donation: the donor's receipt, the nonprofit's
 * notification (sendNonprofitOrganizationDonationEmail's fields, donor details ONLY as the
 * donor shared them for this gift) and the platform's copy with fees
 * (sendGivebridgeOrganizationDonationEmail's fields). Amounts are cents, dates UTC. Each is an
 * HTML email with a text part in the organization's colours (lib/mail/layout.ts): its name
 * and logo, its formatted EIN and, on the receipt, the deductibility sentence in plain words.
 */
import "server-only";
import { nameWithLegalName } from "@/lib/directory/display-name";
import { renderMail, type MailOrganization } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { fundraiserLabel } from "@/lib/donations/labels";
import { formatCents, type Cents } from "@/lib/money";
import { NO_GOODS_STATEMENT, deductibilityStatement, deductibleGiftCents, einOnFile, receiptDate } from "@/lib/receipts/receipt-text";
import { ageRangeLabel } from "@/lib/validations/donor";

/** What the templates need to know about a donation. */
export type DonationMailFacts = {
  donationId: string;
  createdAt: Date;
  amountCents: Cents;
  feeCents: Cents;
  coverFees: boolean;
  status: string;
  paymentType: string;
  recurring: boolean;
  /** Display name (lib/directory/display-name.ts); the receipt shows the IRS legal name beside it. */
  organizationName: string;
  organizationLegalName?: string | null;
  organizationEin: string | null;
  organizationEmail: string | null;
  /** The organization's logo (stored image URL), or null. */
  organizationLogoUrl: string | null;
  /** IRS deductibility code: 1 deductible, 2 not deductible, 4 deductible by treaty. */
  irsDeductibility: string | null;
  fundraiserName: string | null;
  donor: {
    name: string | null;
    email: string | null;
    telephone: string | null;
    city: string | null;
    state: string | null;
    gender: string | null;
    ageRange: number | null;
  };
  anonymous: boolean;
  share: { name: boolean; email: boolean; phone: boolean; location: boolean; gender: boolean; age: boolean };
  /** Absolute URL of the PDF receipt. */
  receiptUrl: string;
  /** Monthly gifts: the signed link to manage the gift without signing in. */
  manageUrl?: string | null;
  /** "In memory of Jane Doe" for a tribute gift (lib/donations/labels.ts, tributeLine), else null. */
  tribute?: string | null;
};

/** The receipt's link for a monthly gift: the signed manage link (kept apart from the legal text). */
export function manageLinkAction(manageUrl: string | null | undefined): { kind: "action"; label: string; url: string }[] {
  if (!manageUrl) return [];
  return [{ kind: "action", label: "Manage your monthly gift (change the amount or day, skip, pause, update your card or cancel), no sign-in needed", url: manageUrl }];
}

/** The organization as a donation's emails show it; `receipt` adds the deductibility sentence to the footer. */
export function donationMailOrganization(f: Pick<DonationMailFacts, "organizationName" | "organizationEin" | "organizationLogoUrl" | "irsDeductibility">, options: { receipt?: boolean } = {}): MailOrganization {
  return {
    name: f.organizationName,
    logoUrl: f.organizationLogoUrl,
    ein: f.organizationEin,
    deductibility: options.receipt ? deductibilityStatement(f.irsDeductibility, f.organizationName) : null,
  };
}

/** "Fees you covered" wording: fees are not a gift to the nonprofit and are never called deductible. */
export function coveredFeesRow(feeCents: Cents, amountCents: Cents): { label: string; value: string } {
  return { label: "Fees you covered", value: `${formatCents(feeCents)} (total charged ${formatCents(amountCents + feeCents)}); fees are not a gift to the organization and are not deductible` };
}

/** The donor's receipt. */
export function receiptMail(f: DonationMailFacts): MailMessage | null {
  if (!f.donor.email) return null;
  return renderMail({
    to: f.donor.email,
    subject: `Your donation receipt: ${formatCents(f.amountCents)} to ${f.organizationName}`,
    heading: `Thank you for your ${f.recurring ? "monthly " : ""}gift to ${f.organizationName}.`,
    organization: donationMailOrganization(f, { receipt: true }),
    blocks: [
      {
        kind: "facts",
        rows: [
          { label: "Organization", value: nameWithLegalName(f.organizationName, f.organizationLegalName) },
          { label: "EIN", value: einOnFile(f.organizationEin) },
          { label: "Amount", value: formatCents(f.amountCents) },
          { label: "Deductible amount", value: formatCents(deductibleGiftCents(f.amountCents, f.irsDeductibility)) },
          ...(f.coverFees ? [coveredFeesRow(f.feeCents, f.amountCents)] : []),
          { label: "Date", value: receiptDate(f.createdAt) },
          { label: "Fundraiser", value: fundraiserLabel(f.fundraiserName) },
          ...(f.tribute ? [{ label: "Tribute", value: f.tribute }] : []),
          { label: "Receipt number", value: f.donationId, code: true },
        ],
      },
      { kind: "text", text: NO_GOODS_STATEMENT, strong: true },
      { kind: "text", text: deductibilityStatement(f.irsDeductibility, f.organizationName) },
      { kind: "action", label: "Download your PDF receipt", url: f.receiptUrl },
      ...manageLinkAction(f.manageUrl),
      { kind: "note", text: "Please keep this receipt for your tax records." },
    ],
  });
}

/** Donor details as the nonprofit may see them: only fields shared for this gift. */
export function sharedDonorDetails(f: Pick<DonationMailFacts, "donor" | "anonymous" | "share">): { label: string; value: string }[] {
  if (f.anonymous) return [{ label: "Donor", value: "Anonymous" }];
  const out: { label: string; value: string }[] = [];
  out.push({ label: "Name", value: f.share.name && f.donor.name ? f.donor.name : "Not shared" });
  out.push({ label: "Email", value: f.share.email && f.donor.email ? f.donor.email : "Not shared" });
  if (f.share.location && (f.donor.city || f.donor.state)) out.push({ label: "Location", value: [f.donor.city, f.donor.state].filter(Boolean).join(", ") });
  if (f.share.phone && f.donor.telephone) out.push({ label: "Phone", value: f.donor.telephone });
  if (f.share.gender && f.donor.gender) out.push({ label: "Gender", value: f.donor.gender });
  const age = f.share.age ? ageRangeLabel(f.donor.ageRange) : null;
  if (age) out.push({ label: "Age", value: age });
  return out;
}

/** The nonprofit's notification (null when the organization has no email on file). */
export function nonprofitNotificationMail(f: DonationMailFacts): MailMessage | null {
  if (!f.organizationEmail) return null;
  return renderMail({
    to: f.organizationEmail,
    subject: `New donation: ${formatCents(f.amountCents)} to ${f.organizationName}`,
    heading: `${f.organizationName} received a donation on Givebridge.`,
    organization: donationMailOrganization(f),
    blocks: [
      {
        kind: "facts",
        rows: [
          { label: "Date", value: receiptDate(f.createdAt) },
          { label: "Type", value: f.recurring ? "Monthly" : "One-time" },
          { label: "Amount", value: formatCents(f.amountCents) },
          { label: "Fundraiser", value: fundraiserLabel(f.fundraiserName) },
          ...(f.tribute ? [{ label: "Tribute", value: f.tribute }] : []),
          { label: "Payment type", value: f.paymentType },
          { label: "Status", value: f.status },
        ],
      },
      { kind: "facts", rows: sharedDonorDetails(f) },
    ],
  });
}

/** The platform's copy with fees (no donor details). */
export function platformCopyMail(f: DonationMailFacts, to: string): MailMessage {
  return renderMail({
    to,
    subject: `Donation ${formatCents(f.amountCents)} to ${f.organizationName}`,
    heading: `A donation of ${formatCents(f.amountCents)} to ${f.organizationName}.`,
    organization: null,
    blocks: [
      {
        kind: "facts",
        rows: [
          { label: "Date", value: receiptDate(f.createdAt) },
          { label: "Nonprofit", value: f.organizationName },
          { label: "Amount", value: formatCents(f.amountCents) },
          { label: "Type", value: f.recurring ? "Monthly" : "One-time" },
          { label: "Fees", value: `${formatCents(f.feeCents)}${f.coverFees ? " (covered by the donor)" : ""}` },
          { label: "Status", value: f.status },
          { label: "Donation", value: f.donationId, code: true },
        ],
      },
    ],
  });
}

/** The emails of a succeeded donation, by kind. */
export type DonationMailKind = "receipt" | "nonprofit" | "platform";

/**
 * Whether the donation email of `kind` has a recipient: the receipt needs the donor's email,
 * the notification the organization's; the platform's copy always has one.
 */
export function donationMailHasRecipient(kind: DonationMailKind, f: Pick<DonationMailFacts, "donor" | "organizationEmail">): boolean {
  if (kind === "receipt") return Boolean(f.donor.email);
  if (kind === "nonprofit") return Boolean(f.organizationEmail);
  return true;
}

/**
 * The donation email of `kind` rendered from `f`: the donor's receipt, the nonprofit's
 * notification, or the platform's copy (sent to `platformEmail`). Null when it has no
 * recipient ({@link donationMailHasRecipient}).
 */
export function donationMail(kind: DonationMailKind, f: DonationMailFacts, platformEmail: string): MailMessage | null {
  if (!donationMailHasRecipient(kind, f)) return null;
  if (kind === "receipt") return receiptMail(f);
  if (kind === "nonprofit") return nonprofitNotificationMail(f);
  return platformCopyMail(f, platformEmail);
}
