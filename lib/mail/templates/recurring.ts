/**
 * Emails of recurring gifts donors manage themselves: the reminder three days
 * before a charge, a failed charge (with the link to update the payment method), past due,
 * canceled after the last retry (donor and nonprofit), and January's year-end statement
 * link. Amounts are cents, dates UTC. Each manage link is a fresh signed one (manage-link.ts).
 * HTML emails with a text part (lib/mail/layout.ts) under the organization's name and logo.
 */
import "server-only";
import { renderMail, type MailOrganization } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { receiptDate } from "@/lib/receipts/receipt-text";
import { legalNameLine } from "@/lib/validations/legal-name";

export type RecurringMailFacts = {
  to: string;
  amountCents: Cents;
  organizationName: string;
  /** The organization's logo (stored image URL), or null. */
  organizationLogoUrl?: string | null;
  fundraiserName: string | null;
  manageUrl: string;
};

const giftLine = (f: Pick<RecurringMailFacts, "amountCents" | "organizationName" | "fundraiserName">) =>
  `${formatCents(f.amountCents)} every month to ${f.organizationName}${f.fundraiserName ? ` (${f.fundraiserName})` : ""}`;
const organizationOf = (f: Pick<RecurringMailFacts, "organizationName" | "organizationLogoUrl">): MailOrganization => ({ name: f.organizationName, logoUrl: f.organizationLogoUrl ?? null });

/** The reminder three days before a charge. */
export function chargeReminderMail(f: RecurringMailFacts, chargeAt: Date): MailMessage {
  return renderMail({
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} is charged on ${receiptDate(chargeAt)}`,
    heading: `Your monthly gift of ${giftLine(f)} will be charged on ${receiptDate(chargeAt)}.`,
    organization: organizationOf(f),
    blocks: [{ kind: "action", label: "Change the amount or the day, skip this month, pause, update your card or cancel, without signing in", url: f.manageUrl }],
  });
}

/** A charge failed; another attempt follows on `retryAt`. */
export function chargeFailedMail(f: RecurringMailFacts, reason: string, retryAt: Date): MailMessage {
  return renderMail({
    to: f.to,
    subject: `We could not charge your monthly gift to ${f.organizationName}`,
    heading: `We could not charge your monthly gift of ${giftLine(f)}: ${reason}`,
    organization: organizationOf(f),
    blocks: [{ kind: "action", label: `We will try again on ${receiptDate(retryAt)}. To use another card, update your payment method here`, url: f.manageUrl }],
  });
}

/** The last retry failed: the gift is past due and ends on `cancelAt` unless the card is updated. */
export function pastDueMail(f: RecurringMailFacts, reason: string, cancelAt: Date): MailMessage {
  return renderMail({
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} is past due`,
    heading: `We tried several times and could not charge your monthly gift of ${giftLine(f)}: ${reason}`,
    organization: organizationOf(f),
    blocks: [{ kind: "action", label: `Your gift is past due and will be canceled on ${receiptDate(cancelAt)} unless you update your payment method here`, url: f.manageUrl }],
  });
}

/** The donor's notice that a past-due gift was canceled. */
export function canceledPastDueDonorMail(f: Omit<RecurringMailFacts, "manageUrl">, giveAgainUrl: string): MailMessage {
  return renderMail({
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} was canceled`,
    heading: `Your monthly gift of ${giftLine(f)} was canceled because its payment could not be charged.`,
    organization: organizationOf(f),
    blocks: [{ kind: "action", label: "Thank you for your support. You can start a new gift at any time", url: giveAgainUrl }],
  });
}

/** The nonprofit's notice that a donor's monthly gift ended after failed charges (no donor details). */
export function canceledPastDueNonprofitMail(to: string, f: Pick<RecurringMailFacts, "amountCents" | "organizationName" | "organizationLogoUrl" | "fundraiserName">): MailMessage {
  return renderMail({
    to,
    subject: `A monthly gift to ${f.organizationName} was canceled`,
    heading: `A monthly gift of ${formatCents(f.amountCents)} to ${f.organizationName}${f.fundraiserName ? ` (${f.fundraiserName})` : ""} was canceled on Givebridge after its payment failed repeatedly.`,
    organization: organizationOf(f),
    blocks: [{ kind: "text", text: "The donor was told and can start a new gift at any time." }],
  });
}

/** One receipt of a guest's year-end email: the organization by its display name, with its IRS legal name and EIN beside it. */
export type YearEndReceipt = { date: Date; amountCents: Cents; organizationName: string; legalName?: string | null; ein?: string | null; url: string };

/** "Town Hall Theater (Legal name: TOWN HALL THEATER INC, EIN 03-0358794)", or the display name without an IRS record. */
function receiptOrganization(r: YearEndReceipt): string {
  const legal = legalNameLine({ legalName: r.legalName, ein: r.ein });
  return legal ? `${r.organizationName} (${legal})` : r.organizationName;
}

/** January: the link to last year's giving statement (account donors), or the year's receipts (guests). */
export function yearEndStatementMail(to: string, year: number, body: { statementUrl: string } | { receipts: YearEndReceipt[] }): MailMessage {
  return renderMail({
    to,
    subject: `Your ${year} giving statement from Givebridge`,
    heading: `Thank you for giving in ${year}. Your year-end giving statement is ready for your tax records.`,
    organization: null,
    blocks:
      "statementUrl" in body
        ? [{ kind: "action", label: "Sign in to download it (PDF or CSV)", url: body.statementUrl }]
        : [
            { kind: "text", text: "Your receipts for the year:" },
            ...body.receipts.map((r) => ({ kind: "action" as const, label: `${receiptDate(r.date)}: ${formatCents(r.amountCents)} to ${receiptOrganization(r)}`, url: r.url })),
          ],
  });
}
