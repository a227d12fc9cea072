/**
 * The emails an organization sends its donors in its own name: its thank-you for a gift (its own
 * template, merge fields already filled in: lib/validations/thank-you.ts) and its year-end
 * statement of the gifts a donor made to it. Both are sent from "<organization> via Givebridge"
 * at the platform's sending address, with Reply-To the organization's contact email when it has
 * one, and are separate from the platform's receipt. The organization's text is plain text: the
 * HTML part escapes it (lib/mail/layout.ts), so an organization can never put markup in a mail.
 * Amounts are integer cents.
 */
import "server-only";
import { PLATFORM_NAME } from "@/lib/config/platform";
import { renderMail, type MailBlock, type MailOrganization } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { legalNameLine } from "@/lib/validations/legal-name";

/** The organization a donor mail speaks for. */
export type SenderOrganization = MailOrganization & {
  /** The organization's contact email (Reply-To), or null. */
  email: string | null;
  /** Its name as filed with the IRS, shown beside the display name on statements; null without an IRS record. */
  legalName?: string | null;
};

/** The sender's display name of an organization's own mail: "Hope Shelter via Givebridge". */
export function organizationSenderName(name: string): string {
  return `${name.replace(/["\r\n]/g, "").trim()} via ${PLATFORM_NAME}`;
}

/**
 * A thank-you email: `subject` and `body` are the organization's template with the merge fields
 * filled in (plain text); the first paragraph is the heading, each further paragraph (split on
 * blank lines) keeps its line breaks.
 */
export function thankYouMail({ to, subject, body, organization }: { to: string; subject: string; body: string; organization: SenderOrganization }): MailMessage {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [heading = subject, ...rest] = paragraphs;
  const { email, ...sender } = organization;
  // A thank-you is not a receipt: its footer names the organization and its EIN only.
  const org: MailOrganization = { name: sender.name, logoUrl: sender.logoUrl, ein: sender.ein };
  return renderMail({
    to,
    subject,
    fromName: organizationSenderName(org.name),
    ...(email ? { replyTo: email } : {}),
    heading,
    organization: { ...org, deductibility: null },
    blocks: rest.map((text): MailBlock => ({ kind: "text", text, keepLines: true })),
  });
}

/** One gift of an organization's year-end statement. */
export type StatementGift = {
  /** The day of the gift, already formatted in the organization's time zone. */
  day: string;
  fundraiser: string;
  /** The tax-deductible amount (cents); null for property given in kind, which is never valued (IRS Publication 1771). */
  deductibleCents: Cents | null;
  /** How a property given in kind is described, when `deductibleCents` is null. */
  description?: string | null;
};

/**
 * An organization's year-end statement to one donor: every gift of `year` to this organization,
 * the total deductible amount, the IRS legal name and EIN beside the display name, the EIN and
 * deductibility sentence in the footer, and the
 * statement that no goods or services were provided (the gifts listed are donations, never
 * ticket sales: IRS Publication 1771).
 */
export function organizationStatementMail({
  to,
  year,
  gifts,
  totalCents,
  organization,
  noGoodsStatement,
}: {
  to: string;
  year: number;
  gifts: StatementGift[];
  totalCents: Cents;
  organization: SenderOrganization;
  noGoodsStatement: string;
}): MailMessage {
  const { email, legalName, ...org } = organization;
  // The IRS record beside the display name: the organization on the donor's tax records, however it renamed itself.
  const legal = legalNameLine({ legalName, ein: org.ein });
  return renderMail({
    to,
    subject: `Your ${year} giving statement from ${org.name}`,
    fromName: organizationSenderName(org.name),
    ...(email ? { replyTo: email } : {}),
    heading: `Thank you for your gifts to ${org.name} in ${year}. Here is your statement for your tax records.`,
    organization: org,
    blocks: [
      ...(legal ? [{ kind: "text" as const, text: `${org.name} · ${legal}` }] : []),
      {
        kind: "facts",
        rows: gifts.map((g) => ({
          label: `${g.day} · ${g.fundraiser}`,
          value: g.deductibleCents === null ? `Property given in kind${g.description ? `: ${g.description}` : ""} (not valued)` : formatCents(g.deductibleCents),
        })),
      },
      { kind: "text", text: `Total deductible in ${year}: ${formatCents(totalCents)}`, strong: true },
      { kind: "text", text: noGoodsStatement },
      { kind: "note", text: `Days are in ${org.name}'s time zone. This statement lists only your gifts to ${org.name}; your receipts from ${PLATFORM_NAME} list each gift.` },
    ],
  });
}
