/**
 * The one email a pledger gets when the organization they pledged to can receive gifts: a
 * link that opens checkout with the pledged amount and their email filled in. No money was
 * taken when they pledged; nothing is charged until they complete checkout.
 */
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { receiptDate } from "./donation";

export type PledgeMailFacts = { email: string; organizationName: string; amountCents: Cents; checkoutUrl: string; expiresAt: Date };

/** "{organization} can now receive your gift". */
export function pledgeReadyMail(f: PledgeMailFacts): MailMessage {
  const lines = [
    `Good news: ${f.organizationName} now receives gifts on Givebridge.`,
    "",
    `You pledged ${formatCents(f.amountCents)}. Nothing has been charged. To make your gift, open checkout with your pledge filled in:`,
    f.checkoutUrl,
    "",
    `This link works until ${receiptDate(f.expiresAt)}. If you no longer wish to give, simply ignore this email.`,
  ];
  return { to: f.email, subject: `${f.organizationName} can now receive your ${formatCents(f.amountCents)} gift`, text: lines.join("\n") };
}
