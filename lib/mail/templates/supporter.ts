/**
 * Mail of peer-to-peer fundraising: a supporter hears of a gift to their page (one email per
 * gift, or a daily digest), and the organization writes to its supporters. A donor appears only
 * as the donor shared their name with the gift ("Anonymous" otherwise): never the donor's email
 * or another detail, whatever the donor shared with the organization. Amounts are integer cents.
 */
import "server-only";
import { absoluteUrl, renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";

/** One gift as a supporter sees it: the donor's shared name or null, the amount in cents, when (UTC). */
export type SupporterGiftLine = { donorName: string | null; amountCents: Cents; at: Date };

/** What a gift notice or digest is about. */
export type SupporterNoticeFacts = {
  to: string;
  supporterFirstName: string;
  pageTitle: string;
  /** The page's path ("/fundraiser/{id}/p/{slug}"). */
  pagePath: string;
  organizationName: string;
  organizationLogoUrl: string | null;
  raisedCents: Cents;
  goalCents: Cents;
  gifts: SupporterGiftLine[];
};

const day = (at: Date) => at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const giver = (g: SupporterGiftLine) => g.donorName ?? "Anonymous";

/** One gift's notice, or the daily digest when `gifts` holds more than one. */
export function supporterGiftMail(f: SupporterNoticeFacts): MailMessage {
  const single = f.gifts.length === 1 ? f.gifts[0]! : null;
  const subject = single ? `${giver(single)} gave ${formatCents(single.amountCents)} on your page “${f.pageTitle}”` : `${f.gifts.length} gifts to your page “${f.pageTitle}”`;
  return renderMail({
    to: f.to,
    subject,
    heading: `Great news, ${f.supporterFirstName || "friend"}!`,
    organization: { name: f.organizationName, logoUrl: f.organizationLogoUrl },
    blocks: [
      { kind: "text", text: single ? `${giver(single)} gave ${formatCents(single.amountCents)} to ${f.organizationName} on your page.` : `Your page received ${f.gifts.length} gifts for ${f.organizationName}:`, strong: true },
      ...(single ? [] : [{ kind: "facts" as const, rows: f.gifts.map((g) => ({ label: `${giver(g)} · ${day(g.at)}`, value: formatCents(g.amountCents) })) }]),
      { kind: "text", text: `Your page has raised ${formatCents(f.raisedCents)} of its ${formatCents(f.goalCents)} goal. Every gift goes to ${f.organizationName}, which sends the donor's tax receipt.` },
      { kind: "action", label: "See your page", url: absoluteUrl(f.pagePath) ?? f.pagePath },
      { kind: "note", text: "You chose to hear about gifts to your page. You can change this, or turn it off, when you edit your page." },
    ],
  });
}

/** The organization's message to one of its supporters, with a link that unsubscribes them. */
export function supporterMessageMail(f: { to: string; supporterFirstName: string; organizationName: string; organizationLogoUrl: string | null; subject: string; body: string; pagePath: string; unsubscribeUrl: string; replyTo: string | null }): MailMessage {
  return renderMail({
    to: f.to,
    subject: f.subject,
    replyTo: f.replyTo ?? undefined,
    heading: `Hi ${f.supporterFirstName || "there"},`,
    organization: { name: f.organizationName, logoUrl: f.organizationLogoUrl },
    blocks: [
      ...f.body
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((text) => ({ kind: "text" as const, text })),
      { kind: "action", label: "See your page", url: absoluteUrl(f.pagePath) ?? f.pagePath },
      { kind: "note", text: `${f.organizationName} wrote to everyone raising money on a page of their fundraiser. Unsubscribe: ${f.unsubscribeUrl}` },
    ],
  });
}
