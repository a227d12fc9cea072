/**
 * The security notice every member of an organization gets when its display name or its payout
 * account changes (lib/services/organizations/organization-changes.ts): what changed, who did it
 * and when (UTC), and what to do if it was not them (OWASP ASVS 5.0 V6.3.7: users are notified of
 * changes to their account's sensitive settings). A platform message, not the organization's:
 * it never names an account number, a merchant or account id or a token, at most the last 4
 * digits of a bank account, as the Connect Payments page shows them.
 */
import "server-only";
import { baseUrl } from "@/lib/env";
import { renderMail, type MailBlock } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { legalNameLine } from "@/lib/validations/legal-name";

/** Where money is paid out: the providers a member connects on Connect Payments. */
export type PayoutProviderKind = "stripe" | "paypal" | "sandbox" | "bank_account";

/** One change an organization's members are told of. */
export type OrganizationChange =
  | { kind: "renamed"; from: string; to: string }
  | { kind: "payout.connected" | "payout.replaced" | "payout.removed"; provider: PayoutProviderKind; /** A bank account's last 4 digits. */ last4?: string | null };

/** The provider as a member reads it. */
export function payoutProviderLabel(provider: PayoutProviderKind, last4?: string | null): string {
  switch (provider) {
    case "stripe":
      return "Stripe Connect account";
    case "paypal":
      return "PayPal account";
    case "sandbox":
      return "Sandbox payments (test mode, no real money)";
    case "bank_account":
      return last4 ? `Bank account ending in ${last4}` : "Bank account";
  }
}

/** What happened, in one sentence without the organization's name ("The display name was changed"). */
export function organizationChangeSummary(change: OrganizationChange): string {
  if (change.kind === "renamed") return `The display name was changed from "${change.from}" to "${change.to}".`;
  const what = payoutProviderLabel(change.provider, change.last4);
  if (change.kind === "payout.connected") return `A payout account was connected: ${what}.`;
  if (change.kind === "payout.replaced") return `The payout account was replaced by another ${what}.`;
  return `A payout account was removed: ${what}.`;
}

export type OrganizationChangeMailFacts = {
  to: string;
  organization: { name: string; legalName: string | null; ein: string | null };
  change: OrganizationChange;
  /** Who made the change: the member's name and sign-in email. */
  by: { name: string; email: string };
  at: Date;
};

/** "2026-05-01 14:03 UTC". */
export function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const SUBJECTS: Record<OrganizationChange["kind"], string> = {
  renamed: "display name was changed",
  "payout.connected": "payout account was connected",
  "payout.replaced": "payout account was replaced",
  "payout.removed": "payout account was removed",
};

/** The notice to one member. */
export function organizationChangeMail(f: OrganizationChangeMailFacts): MailMessage {
  const site = baseUrl();
  const legal = legalNameLine(f.organization);
  const rows: { label: string; value: string }[] = [{ label: "Organization", value: f.organization.name }];
  if (legal) rows.push({ label: "IRS record", value: legal });
  if (f.change.kind === "renamed") {
    rows.push({ label: "Old display name", value: f.change.from }, { label: "New display name", value: f.change.to });
  } else {
    rows.push({ label: f.change.kind === "payout.removed" ? "Removed" : "Connected", value: payoutProviderLabel(f.change.provider, f.change.last4) });
  }
  rows.push({ label: "Changed by", value: `${f.by.name} (${f.by.email})` }, { label: "When", value: utcMinute(f.at) });
  const blocks: MailBlock[] = [
    { kind: "facts", rows },
    { kind: "text", text: "If you or a colleague made this change, there is nothing to do." },
    {
      kind: "text",
      text:
        "If nobody at your organization made it: sign in, check the account activity below, change your password in Account Settings, " +
        `put back what was changed, and tell us at once through ${site}/contact so that we can secure the listing.`,
      strong: true,
    },
    { kind: "action", label: "See your organization's account activity", url: `${site}/dashboard/activity` },
    { kind: "note", text: "Every member of your organization on Givebridge gets this notice." },
  ];
  return renderMail({
    to: f.to,
    subject: `${f.organization.name}: your organization's ${SUBJECTS[f.change.kind]} on Givebridge`,
    heading: `${organizationChangeSummary(f.change)}`,
    organization: null,
    blocks,
  });
}
