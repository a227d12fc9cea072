/**
 * The three messages of a succeeded donation: the donor's receipt, the nonprofit's
 * notification (sendNonprofitOrganizationDonationEmail's fields, donor details ONLY as the
 * donor shared them for this gift) and the platform's copy with fees
 * (sendGivebridgeOrganizationDonationEmail's fields). Amounts are cents, dates UTC.
 */
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
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
  organizationName: string;
  organizationEin: string | null;
  organizationEmail: string | null;
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
  /** Monthly gifts: the signed link to manage the gift without signing in (issue 13). */
  manageUrl?: string | null;
};

/** The receipt's block for a monthly gift: the signed manage link (kept apart from the legal text). */
export function manageLinkLines(manageUrl: string | null | undefined): string[] {
  if (!manageUrl) return [];
  return ["", "Manage your monthly gift (change the amount or day, skip, pause, update your card or cancel), no sign-in needed:", manageUrl];
}

export const NO_GOODS_STATEMENT = "No goods or services were provided in exchange for this contribution.";

/** The deductibility sentence for an IRS deductibility code. */
export function deductibilityStatement(code: string | null, organizationName: string): string {
  switch (code) {
    case "1":
      return `${organizationName} is a tax-exempt organization; contributions are deductible to the extent allowed by law (IRS deductibility code 1).`;
    case "2":
      return `Contributions to ${organizationName} are not deductible as charitable contributions (IRS deductibility code 2).`;
    case "4":
      return `Contributions to ${organizationName} are deductible by treaty (foreign organization, IRS deductibility code 4).`;
    default:
      return `The IRS has no deductibility status on file for ${organizationName}; please consult your tax advisor.`;
  }
}

/**
 * The exact deductible amount of a gift: the gift itself (no goods or services are given for
 * a donation), zero when the IRS says gifts to the organization are not deductible. Fees the
 * donor covers pay the processor and the platform, not the nonprofit: never deductible here.
 */
export function deductibleGiftCents(amountCents: Cents, irsDeductibility: string | null): Cents {
  return irsDeductibility === "2" ? 0 : amountCents;
}

/** "Fees you covered" wording: fees are not a gift to the nonprofit and are never called deductible. */
export function coveredFeesLine(feeCents: Cents, amountCents: Cents): string {
  return `Fees you covered: ${formatCents(feeCents)} (total charged ${formatCents(amountCents + feeCents)}); fees are not a gift to the organization and are not deductible`;
}

/** "November 22, 2026" (UTC). */
export function receiptDate(d: Date): string {
  return d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The donor's receipt. */
export function receiptMail(f: DonationMailFacts): MailMessage | null {
  if (!f.donor.email) return null;
  const lines = [
    `Thank you for your ${f.recurring ? "monthly " : ""}gift to ${f.organizationName}.`,
    "",
    `Organization: ${f.organizationName}`,
    `EIN: ${f.organizationEin ?? "not on file"}`,
    `Amount: ${formatCents(f.amountCents)}`,
    `Deductible amount: ${formatCents(deductibleGiftCents(f.amountCents, f.irsDeductibility))}`,
    ...(f.coverFees ? [coveredFeesLine(f.feeCents, f.amountCents)] : []),
    `Date: ${receiptDate(f.createdAt)}`,
    `Fundraiser: ${f.fundraiserName ?? "Direct Donation"}`,
    `Receipt number: ${f.donationId}`,
    "",
    NO_GOODS_STATEMENT,
    deductibilityStatement(f.irsDeductibility, f.organizationName),
    "",
    `Download your PDF receipt: ${f.receiptUrl}`,
    ...manageLinkLines(f.manageUrl),
    "",
    "Please keep this receipt for your tax records.",
  ];
  return { to: f.donor.email, subject: `Your donation receipt: ${formatCents(f.amountCents)} to ${f.organizationName}`, text: lines.join("\n") };
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
  const lines = [
    `${f.organizationName} received a donation on Givebridge.`,
    "",
    `Date: ${receiptDate(f.createdAt)}`,
    `Type: ${f.recurring ? "Monthly" : "One-time"}`,
    `Amount: ${formatCents(f.amountCents)}`,
    `Fundraiser: ${f.fundraiserName ?? "Direct Donation"}`,
    `Payment type: ${f.paymentType}`,
    `Status: ${f.status}`,
    "",
    ...sharedDonorDetails(f).map((d) => `${d.label}: ${d.value}`),
  ];
  return { to: f.organizationEmail, subject: `New donation: ${formatCents(f.amountCents)} to ${f.organizationName}`, text: lines.join("\n") };
}

/** The platform's copy with fees (no donor details). */
export function platformCopyMail(f: DonationMailFacts, to: string): MailMessage {
  const lines = [
    `Date: ${receiptDate(f.createdAt)}`,
    `Nonprofit: ${f.organizationName}`,
    `Amount: ${formatCents(f.amountCents)}`,
    `Type: ${f.recurring ? "Monthly" : "One-time"}`,
    `Fees: ${formatCents(f.feeCents)}${f.coverFees ? " (covered by the donor)" : ""}`,
    `Status: ${f.status}`,
    `Donation: ${f.donationId}`,
  ];
  return { to, subject: `Donation ${formatCents(f.amountCents)} to ${f.organizationName}`, text: lines.join("\n") };
}
