/**
 * The card of a tribute gift: an email to the recipient the donor named, telling them a gift
 * was made to the organization "in honor of" or "in memory of" someone. It names the donor
 * only as the donor shared their name with this gift ("Someone" otherwise), never the donor's
 * email or any other detail, and shows the amount only when the donor allowed it. Amounts are
 * integer cents.
 */
import "server-only";
import { tributeLabel, type TributeKind } from "@/lib/donations/labels";
import { renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";

/** What a tribute card shows: only what the donor chose to share. */
export type TributeCardFacts = {
  /** The gift the card is about; delivery checks it is still succeeded. */
  donationId: string;
  recipientName: string;
  recipientEmail: string;
  /** The donor's name when shared with this gift, else null ("Someone"). */
  donorName: string | null;
  /** The organization's display name (lib/directory/display-name.ts) and logo. */
  organizationName: string;
  organizationLogoUrl: string | null;
  tributeType: TributeKind;
  tributeName: string;
  /** The donor's message, "" for none. */
  message: string;
  /** The gift's amount when the donor allowed the card to show it, else null. */
  amountCents: Cents | null;
};

/** The card's email to its recipient. */
export function tributeCardMail(f: TributeCardFacts): MailMessage {
  const giver = f.donorName ?? "Someone";
  const gift = f.amountCents === null ? "a gift" : `a gift of ${formatCents(f.amountCents)}`;
  const sentence = `${giver} made ${gift} to ${f.organizationName} ${tributeLabel(f.tributeType, { lower: true })} ${f.tributeName}.`;
  return renderMail({
    to: f.recipientEmail,
    subject: `A gift ${tributeLabel(f.tributeType, { lower: true })} ${f.tributeName}`,
    heading: `Dear ${f.recipientName},`,
    organization: { name: f.organizationName, logoUrl: f.organizationLogoUrl },
    blocks: [
      { kind: "text", text: sentence, strong: true },
      ...(f.message ? [{ kind: "text" as const, text: `${giver} wrote: “${f.message}”` }] : []),
      { kind: "note", text: `You receive this card because ${giver === "Someone" ? "the donor" : giver} asked ${f.organizationName} to let you know of this gift.` },
    ],
  });
}
