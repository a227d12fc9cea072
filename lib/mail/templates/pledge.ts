/**
 * The one email a pledger gets when the organization they pledged to can receive gifts: a
 * link that opens checkout with the pledged amount and their email filled in. No money was
 * taken when they pledged; nothing is charged until they complete checkout. An HTML email
 * with a text part under the organization's name and logo (lib/mail/layout.ts).
 */
import "server-only";
import { renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { receiptDate } from "@/lib/receipts/receipt-text";

export type PledgeMailFacts = { email: string; organizationName: string; organizationLogoUrl?: string | null; amountCents: Cents; checkoutUrl: string; expiresAt: Date };

/** "{organization} can now receive your gift". */
export function pledgeReadyMail(f: PledgeMailFacts): MailMessage {
  return renderMail({
    to: f.email,
    subject: `${f.organizationName} can now receive your ${formatCents(f.amountCents)} gift`,
    heading: `Good news: ${f.organizationName} now receives gifts on Givebridge.`,
    organization: { name: f.organizationName, logoUrl: f.organizationLogoUrl ?? null },
    blocks: [
      { kind: "action", label: `You pledged ${formatCents(f.amountCents)}. Nothing has been charged. To make your gift, open checkout with your pledge filled in`, url: f.checkoutUrl },
      { kind: "note", text: `This link works until ${receiptDate(f.expiresAt)}. If you no longer wish to give, simply ignore this email.` },
    ],
  });
}
