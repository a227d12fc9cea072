/**
 * Emails of recurring gifts donors manage themselves (issue 13): the reminder three days
 * before a charge, a failed charge (with the link to update the payment method), past due,
 * canceled after the last retry (donor and nonprofit), and January's year-end statement
 * link. Amounts are cents, dates UTC. Each manage link is a fresh signed one (manage-link.ts).
 */
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { receiptDate } from "./donation";

export type RecurringMailFacts = {
  to: string;
  amountCents: Cents;
  organizationName: string;
  fundraiserName: string | null;
  manageUrl: string;
};

const giftLine = (f: RecurringMailFacts) => `${formatCents(f.amountCents)} every month to ${f.organizationName}${f.fundraiserName ? ` (${f.fundraiserName})` : ""}`;

/** The reminder three days before a charge. */
export function chargeReminderMail(f: RecurringMailFacts, chargeAt: Date): MailMessage {
  return {
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} is charged on ${receiptDate(chargeAt)}`,
    text: [
      `Your monthly gift of ${giftLine(f)} will be charged on ${receiptDate(chargeAt)}.`,
      "",
      "Change the amount or the day, skip this month, pause, update your card or cancel, without signing in:",
      f.manageUrl,
    ].join("\n"),
  };
}

/** A charge failed; another attempt follows on `retryAt`. */
export function chargeFailedMail(f: RecurringMailFacts, reason: string, retryAt: Date): MailMessage {
  return {
    to: f.to,
    subject: `We could not charge your monthly gift to ${f.organizationName}`,
    text: [
      `We could not charge your monthly gift of ${giftLine(f)}: ${reason}`,
      "",
      `We will try again on ${receiptDate(retryAt)}. To use another card, update your payment method here:`,
      f.manageUrl,
    ].join("\n"),
  };
}

/** The last retry failed: the gift is past due and ends on `cancelAt` unless the card is updated. */
export function pastDueMail(f: RecurringMailFacts, reason: string, cancelAt: Date): MailMessage {
  return {
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} is past due`,
    text: [
      `We tried several times and could not charge your monthly gift of ${giftLine(f)}: ${reason}`,
      "",
      `Your gift is past due and will be canceled on ${receiptDate(cancelAt)} unless you update your payment method here:`,
      f.manageUrl,
    ].join("\n"),
  };
}

/** The donor's notice that a past-due gift was canceled. */
export function canceledPastDueDonorMail(f: Omit<RecurringMailFacts, "manageUrl">, giveAgainUrl: string): MailMessage {
  return {
    to: f.to,
    subject: `Your monthly gift to ${f.organizationName} was canceled`,
    text: [
      `Your monthly gift of ${giftLine({ ...f, manageUrl: "" })} was canceled because its payment could not be charged.`,
      "",
      `Thank you for your support. You can start a new gift at any time: ${giveAgainUrl}`,
    ].join("\n"),
  };
}

/** The nonprofit's notice that a donor's monthly gift ended after failed charges (no donor details). */
export function canceledPastDueNonprofitMail(to: string, f: Pick<RecurringMailFacts, "amountCents" | "organizationName" | "fundraiserName">): MailMessage {
  return {
    to,
    subject: `A monthly gift to ${f.organizationName} was canceled`,
    text: [
      `A monthly gift of ${formatCents(f.amountCents)} to ${f.organizationName}${f.fundraiserName ? ` (${f.fundraiserName})` : ""} was canceled on Givebridge after its payment failed repeatedly.`,
      "The donor was told and can start a new gift at any time.",
    ].join("\n"),
  };
}

/** January: the link to last year's giving statement (account donors), or the year's receipts (guests). */
export function yearEndStatementMail(to: string, year: number, body: { statementUrl: string } | { receipts: { date: Date; amountCents: Cents; organizationName: string; url: string }[] }): MailMessage {
  const lines =
    "statementUrl" in body
      ? ["Sign in to download it (PDF or CSV):", body.statementUrl]
      : [
          "Your receipts for the year:",
          ...body.receipts.map((r) => `- ${receiptDate(r.date)}: ${formatCents(r.amountCents)} to ${r.organizationName}: ${r.url}`),
        ];
  return {
    to,
    subject: `Your ${year} giving statement from Givebridge`,
    text: [`Thank you for giving in ${year}. Your year-end giving statement is ready for your tax records.`, "", ...lines].join("\n"),
  };
}
