/**
 * Whether an organization can receive gifts on Givebridge (issue: money goes only where it
 * can be paid out). A charge is made only for an organization that is claimed with its claim
 * verified (models/claims.ts: a pending claim takes pledges, as an unclaimed organization does),
 * approved, live and connected to a payout account for the provider that takes the payment:
 * - Stripe: a Connect account with its details submitted (stripeComplete);
 * - PayPal: a PayPal merchant id;
 * - the built-in sandbox: the sandbox connection (simulated onboarding), or a real one.
 * Everything else takes pledges only (lib/services/pledges).
 */
import "server-only";
import { and, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { activeProviderName } from "@/lib/payments";
import type { ProviderName } from "@/lib/payments/types";
import { organizations } from "@/models";

export type ReceivingFacts = Pick<
  typeof organizations.$inferSelect,
  "claimed" | "claimPendingSince" | "approvalStatus" | "live" | "stripeAccountId" | "stripeComplete" | "paypalMerchantId" | "sandboxConnectedAt"
>;

/** The organization and the payment provider a receiving check is made for. */
export type ReceivingCheckOptions = {
  org: ReceivingFacts;
  /** The provider that takes the payment; defaults to the active one (activeProviderName). */
  provider?: ProviderName;
};

/** True when organization `org` has a payout account the provider `provider` can pay into. */
export function payoutConnected({ org, provider = activeProviderName() }: ReceivingCheckOptions): boolean {
  const stripe = Boolean(org.stripeAccountId) && org.stripeComplete;
  const paypal = Boolean(org.paypalMerchantId);
  if (provider === "stripe") return stripe;
  if (provider === "paypal") return paypal;
  return stripe || paypal || Boolean(org.sandboxConnectedAt);
}

/** True when the organization is claimed and its claim verified (no claim waiting for verification). */
export function claimVerified(org: Pick<ReceivingFacts, "claimed" | "claimPendingSince">): boolean {
  return org.claimed && !org.claimPendingSince;
}

/** True when a charge for `org` may be made with `provider` (claimed and verified, approved, live, connected). */
export function canReceiveGifts({ org, provider = activeProviderName() }: ReceivingCheckOptions): boolean {
  return claimVerified(org) && org.approvalStatus === "approved" && org.live && payoutConnected({ org, provider });
}

/** The columns `canReceiveGifts` needs, for a Drizzle select. */
export const receivingColumns = {
  claimed: organizations.claimed,
  claimPendingSince: organizations.claimPendingSince,
  approvalStatus: organizations.approvalStatus,
  live: organizations.live,
  stripeAccountId: organizations.stripeAccountId,
  stripeComplete: organizations.stripeComplete,
  paypalMerchantId: organizations.paypalMerchantId,
  sandboxConnectedAt: organizations.sandboxConnectedAt,
};

/**
 * The SQL twin of canReceiveGifts over the `organizations` table (for lists that must show
 * only organizations that can receive gifts, e.g. the home page's fundraisers): claimed and
 * verified, approved, live and connected for `provider`.
 */
export function canReceiveGiftsSql(provider: ProviderName = activeProviderName()): SQL {
  const stripe = and(isNotNull(organizations.stripeAccountId), eq(organizations.stripeComplete, true))!;
  const paypal = isNotNull(organizations.paypalMerchantId);
  const connected = provider === "stripe" ? stripe : provider === "paypal" ? paypal : or(stripe, paypal, isNotNull(organizations.sandboxConnectedAt))!;
  return and(eq(organizations.claimed, true), isNull(organizations.claimPendingSince), eq(organizations.approvalStatus, "approved"), eq(organizations.live, true), connected)!;
}
