/**
 * Connect Payments for nonprofits (spec sections 2, 4 and 7): a Stripe Connect Express
 * account with onboarding links, its balance, transactions and external bank accounts, and
 * PayPal partner-referral onboarding. Spec section 4: the organization is connected when the
 * Stripe details are submitted or a PayPal merchant id exists; stripeComplete is then set.
 * Every function checks that the actor is the organization's nonprofit user; connecting an
 * account also needs the organization's claim verified (models/claims.ts). A payout account
 * that is really connected, replaced or removed is written to the audit trail and emailed to
 * every member in one transaction (lib/services/organizations/organization-changes.ts), naming
 * the provider only (a bank account by its last 4 digits). Amounts in cents. Without keys
 * each call fails with AppError(unavailable) and a clear message.
 */
import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization, authorizeVerifiedOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { activeProviderName } from "@/lib/payments";
import { recordOrganizationChange } from "@/lib/services/organizations/organization-changes";
import { payoutConnected } from "@/lib/services/organizations/receiving";
import { notifyPledgers } from "@/lib/services/pledges/pledges";
import { paypalAccessToken, paypalApiBase, paypalConfigured } from "@/lib/payments/paypal";
import { stripeClient, stripeConfigured } from "@/lib/payments/stripe";
import { consumeToken, issueToken } from "@/lib/services/users/user-tokens";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";

type Org = typeof organizations.$inferSelect;

/** @throws AppError(forbidden) unless the actor is a nonprofit user of `organizationId` (default: their own). */
async function ownOrganization(actor: Actor, requested?: string): Promise<Org> {
  const organizationId = requested ? requested : authorizeOwnOrganization(actor, "payout.manage");
  const db = await getDb();
  await authorizeOrganization(db, actor, "payout.manage", organizationId);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError("not_found", messages.generic.notFound);
  return org;
}

/**
 * {@link ownOrganization} for connecting a payout account, which needs the organization's claim
 * verified ("payout.connect"): while it waits for verification, donors' gifts stay pledges and no
 * money can be routed to the claimant.
 * @throws AppError(forbidden) messages.claims.payoutsNeedVerification while the claim is pending; else as ownOrganization.
 */
async function connectingOrganization(actor: Actor, requested?: string): Promise<Org> {
  const org = await ownOrganization(actor, requested);
  const db = await getDb();
  await authorizeVerifiedOrganization(db, actor, "payout.connect", org.id, { base: "payout.manage", refusal: messages.claims.payoutsNeedVerification });
  return org;
}

function requireStripeAccount(org: Org): string {
  if (!org.stripeAccountId) throw new AppError("conflict", messages.donation.stripeRequired);
  return org.stripeAccountId;
}

export type PaymentConnection = {
  stripeConfigured: boolean;
  paypalConfigured: boolean;
  stripeAccountId: string | null;
  stripeComplete: boolean;
  paypalMerchantId: string | null;
  /**
   * Spec 4: connected when Stripe details are submitted or a PayPal merchant id exists; with
   * the sandbox provider, also after the sandbox connection.
   */
  connected: boolean;
  /** Payments run on the built-in sandbox provider: /connect-payments offers the sandbox connection. */
  sandbox: boolean;
  /** When the sandbox connection was made (UTC ISO), or null. */
  sandboxConnectedAt: string | null;
};

export type GetPaymentConnectionOptions = { actor: Actor };

/** The organization's payment connection as stored (no network call). */
export async function getPaymentConnection({ actor }: GetPaymentConnectionOptions): Promise<PaymentConnection> {
  const org = await ownOrganization(actor);
  return {
    stripeConfigured: stripeConfigured(),
    paypalConfigured: paypalConfigured(),
    stripeAccountId: org.stripeAccountId,
    stripeComplete: org.stripeComplete,
    paypalMerchantId: org.paypalMerchantId,
    connected: payoutConnected({ org }),
    sandbox: activeProviderName() === "sandbox",
    sandboxConnectedAt: org.sandboxConnectedAt ? org.sandboxConnectedAt.toISOString() : null,
  };
}

export type ConnectSandboxOptions = { actor: Actor };

/**
 * The sandbox connection: a simulated onboarding that marks the organization connected when
 * payments run on the built-in sandbox provider (no real money moves), then emails the
 * pledgers waiting for it. Idempotent.
 * @throws AppError(forbidden) unless the organization's nonprofit user; AppError(conflict)
 *   when a real provider (Stripe or PayPal) is active.
 */
export async function connectSandbox({ actor }: ConnectSandboxOptions): Promise<PaymentConnection> {
  const org = await connectingOrganization(actor);
  if (activeProviderName() !== "sandbox") throw new AppError("conflict", messages.receiving.sandboxConnectOnlyInSandbox);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [connected] = await tx
      .update(organizations)
      .set({ sandboxConnectedAt: sql`now()` })
      .where(and(eq(organizations.id, org.id), isNull(organizations.sandboxConnectedAt)))
      .returning({ id: organizations.id });
    if (connected) await recordOrganizationChange({ tx, actor, organizationId: org.id, change: { kind: "payout.connected", provider: "sandbox" } });
  });
  await notifyPledgers({ organizationId: org.id });
  return getPaymentConnection({ actor });
}

export type CreateStripeAccountOptions = { actor: Actor };

/** createStripeAccount: the organization's Express account (created once, then reused). */
export async function createStripeAccount({ actor }: CreateStripeAccountOptions): Promise<{ accountId: string }> {
  const org = await connectingOrganization(actor);
  if (org.stripeAccountId) return { accountId: org.stripeAccountId };
  const account = await stripeClient().accounts.create(
    {
      type: "express",
      country: "US",
      email: org.email ?? actor.email,
      business_type: "non_profit",
      capabilities: { card_payments: { requested: true }, transfers: { requested: true }, us_bank_account_ach_payments: { requested: true } },
      metadata: { organizationId: org.id },
    },
    { idempotencyKey: `org-account-${org.id}` },
  );
  const db = await getDb();
  await db.update(organizations).set({ stripeAccountId: account.id }).where(eq(organizations.id, org.id));
  return { accountId: account.id };
}

export type CreateStripeAccountLinksOptions = { actor: Actor };

/** createStripeAccountLinks: the Stripe-hosted onboarding URL. */
export async function createStripeAccountLinks({ actor }: CreateStripeAccountLinksOptions): Promise<{ url: string }> {
  const org = await connectingOrganization(actor);
  const link = await stripeClient().accountLinks.create({
    account: requireStripeAccount(org),
    refresh_url: `${baseUrl()}/connect-payments`,
    return_url: `${baseUrl()}/connect-payments?stripe=return`,
    type: "account_onboarding",
  });
  return { url: link.url };
}

export type GetStripeAccountOptions = { actor: Actor; organizationId: string };

/**
 * Set stripeComplete in `tx` unless it is set already; when this write set it, the payout
 * account (`provider`) is newly connected and the members are told.
 * @returns whether this write connected it.
 */
async function markConnected(tx: Executor, actor: Actor, organizationId: string, provider: "stripe" | "paypal"): Promise<boolean> {
  const [row] = await tx
    .update(organizations)
    .set({ stripeComplete: true })
    .where(and(eq(organizations.id, organizationId), eq(organizations.stripeComplete, false)))
    .returning({ id: organizations.id });
  if (row) await recordOrganizationChange({ tx, actor, organizationId, change: { kind: "payout.connected", provider } });
  return !!row;
}

/** getStripeAcct/{id}: details_submitted; marks stripeComplete when submitted (spec 4). */
export async function getStripeAccount({ actor, organizationId }: GetStripeAccountOptions): Promise<{ details_submitted: boolean; stripeID: string }> {
  const org = await ownOrganization(actor, organizationId);
  const account = await stripeClient().accounts.retrieve(requireStripeAccount(org));
  if (account.details_submitted && !org.stripeComplete) {
    const db = await getDb();
    const connected = await db.transaction((tx) => markConnected(tx, actor, org.id, "stripe"));
    if (connected) await notifyPledgers({ organizationId: org.id });
  }
  return { details_submitted: Boolean(account.details_submitted), stripeID: account.id };
}

export type UpdateUserStripeInfoOptions = { actor: Actor };

/** updateUserStripeInfo: re-check the connection and set stripeComplete when connected (spec 4). */
export async function updateUserStripeInfo({ actor }: UpdateUserStripeInfoOptions): Promise<PaymentConnection> {
  const org = await connectingOrganization(actor);
  let connected = org.stripeComplete || Boolean(org.paypalMerchantId);
  if (!connected && org.stripeAccountId && stripeConfigured()) {
    connected = (await getStripeAccount({ actor, organizationId: org.id })).details_submitted;
  }
  if (connected && !org.stripeComplete) {
    const db = await getDb();
    await db.transaction((tx) => markConnected(tx, actor, org.id, org.paypalMerchantId && !org.stripeAccountId ? "paypal" : "stripe"));
  }
  return getPaymentConnection({ actor });
}

export type GetStripeBalanceOptions = { actor: Actor; organizationId: string };

/** getStripeBalance/{id}: available and pending balance in cents (USD). */
export async function getStripeBalance({ actor, organizationId }: GetStripeBalanceOptions): Promise<{ availableCents: Cents; pendingCents: Cents }> {
  const org = await ownOrganization(actor, organizationId);
  const balance = await stripeClient().balance.retrieve({}, { stripeAccount: requireStripeAccount(org) });
  const usd = (list: { amount: number; currency: string }[]) => list.filter((b) => b.currency === "usd").reduce((s, b) => s + b.amount, 0);
  return { availableCents: usd(balance.available), pendingCents: usd(balance.pending) };
}

export type GetStripeTransactionsOptions = { actor: Actor; organizationId: string };

/** getTransactions/{id}: the latest balance transactions, amounts in cents, dates UTC ISO. */
export async function getStripeTransactions({ actor, organizationId }: GetStripeTransactionsOptions) {
  const org = await ownOrganization(actor, organizationId);
  const list = await stripeClient().balanceTransactions.list({ limit: 50 }, { stripeAccount: requireStripeAccount(org) });
  return list.data.map((t) => ({
    id: t.id,
    amountCents: t.amount,
    feeCents: t.fee,
    netCents: t.net,
    type: t.type,
    status: t.status,
    description: t.description,
    createdAt: new Date(t.created * 1000).toISOString(),
  }));
}

export type GetBankAccountsOptions = { actor: Actor; organizationId: string };

/** getBankAcct/{id}: the connected account's bank accounts (last 4 digits only). */
export async function getBankAccounts({ actor, organizationId }: GetBankAccountsOptions) {
  const org = await ownOrganization(actor, organizationId);
  const list = await stripeClient().accounts.listExternalAccounts(requireStripeAccount(org), { object: "bank_account", limit: 10 });
  return list.data.map((b) => {
    const bank = b as { id: string; bank_name?: string | null; last4?: string; default_for_currency?: boolean | null; status?: string };
    return { id: bank.id, bankName: bank.bank_name ?? null, last4: bank.last4 ?? "", default: Boolean(bank.default_for_currency), status: bank.status ?? null };
  });
}

/** A bank account's last 4 digits as Stripe gives them, or null. */
function last4Of(account: unknown): string | null {
  const last4 = (account as { last4?: unknown } | null)?.last4;
  return typeof last4 === "string" && /^\d{4}$/.test(last4) ? last4 : null;
}

/**
 * updateBankAcct/{organizationId}/{token}: add a bank account (a Stripe bank token) as the
 * default payout account; the members are told (provider and last 4 digits only).
 */
export async function updateBankAccount({ actor, organizationId, bankToken }: { actor: Actor; organizationId: string; bankToken: string }): Promise<{ id: string }> {
  const org = await connectingOrganization(actor, organizationId);
  const bank = await stripeClient().accounts.createExternalAccount(requireStripeAccount(org), { external_account: bankToken, default_for_currency: true });
  const db = await getDb();
  await db.transaction((tx) => recordOrganizationChange({ tx, actor, organizationId: org.id, change: { kind: "payout.connected", provider: "bank_account", last4: last4Of(bank) } }));
  return { id: bank.id };
}

/** removeBankAcct/{organizationId}/{bankAccountId}: remove a bank account; once Stripe confirms, the members are told. */
export async function removeBankAccount({ actor, organizationId, bankAccountId }: { actor: Actor; organizationId: string; bankAccountId: string }): Promise<{ deleted: boolean }> {
  const org = await ownOrganization(actor, organizationId);
  const accountId = requireStripeAccount(org);
  const stripe = stripeClient();
  // Its last 4 digits, for the notice: Stripe's answer to a deletion no longer has them.
  const last4 = await stripe.accounts.retrieveExternalAccount(accountId, bankAccountId).then(last4Of, () => null);
  const res = await stripe.accounts.deleteExternalAccount(accountId, bankAccountId);
  if (res.deleted) {
    const db = await getDb();
    await db.transaction((tx) => recordOrganizationChange({ tx, actor, organizationId: org.id, change: { kind: "payout.removed", provider: "bank_account", last4 } }));
  }
  return { deleted: Boolean(res.deleted) };
}

export type PaypalOnboardingReturnUrlOptions = { actor: Actor };

/**
 * The return address of PayPal's onboarding for `actor`: /paypal-onboarding-complete with a
 * single-use `state` (a 256-bit random token, stored hashed, bound to the user, valid 1 day)
 * that savePaypalMerchant() requires, so no other site can send a nonprofit's browser back
 * with a merchant id of its choosing (OAuth 2.0 state, RFC 6749 section 10.12).
 */
export async function paypalOnboardingReturnUrl({ actor }: PaypalOnboardingReturnUrlOptions): Promise<string> {
  const state = await issueToken({ db: await getDb(), userId: actor.id, purpose: "paypal_onboarding" });
  return `${baseUrl()}/paypal-onboarding-complete?state=${encodeURIComponent(state)}`;
}

export type CreatePartnerReferralOptions = { actor: Actor; organizationId?: string };

/**
 * createPartnerReferral (OrgId): PayPal's onboarding link for the organization. PayPal sends
 * the nonprofit back to the app's own /paypal-onboarding-complete with a single-use state.
 * @param options.organizationId the organization to onboard; defaults to the actor's own.
 * @throws AppError(forbidden) unless the organization's nonprofit user; AppError(unavailable)
 *   when PayPal is not configured or does not answer with an onboarding link.
 */
export async function createPartnerReferral({ actor, organizationId }: CreatePartnerReferralOptions): Promise<{ url: string }> {
  const org = await connectingOrganization(actor, organizationId);
  if (!paypalConfigured()) throw new AppError("unavailable", messages.donation.paypalRequired);
  const returnUrl = await paypalOnboardingReturnUrl({ actor });
  const res = await fetch(`${paypalApiBase()}/v2/customer/partner-referrals`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await paypalAccessToken()}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      tracking_id: org.id,
      operations: [{ operation: "API_INTEGRATION", api_integration_preference: { rest_api_integration: { integration_method: "PAYPAL", integration_type: "THIRD_PARTY", third_party_details: { features: ["PAYMENT", "REFUND"] } } } }],
      products: ["EXPRESS_CHECKOUT"],
      legal_consents: [{ type: "SHARE_DATA_CONSENT", granted: true }],
      partner_config_override: { return_url: returnUrl },
    }),
  });
  if (!res.ok) throw new AppError("unavailable", messages.donation.paypalRequired);
  const body = (await res.json()) as { links?: { rel: string; href: string }[] };
  const url = body.links?.find((l) => l.rel === "action_url")?.href;
  if (!url) throw new AppError("unavailable", messages.donation.paypalRequired);
  return { url };
}

/**
 * getPaypalPartnerDetail (merchant id): store the PayPal merchant id; the organization is then
 * connected (spec 4). Only with the single-use `state` issued to this user by
 * paypalOnboardingReturnUrl(); it is consumed in the same transaction as the write.
 * @throws AppError(forbidden) for another user's, a used, an expired or a missing state;
 *   AppError(bad_request) for a malformed merchant id.
 */
export async function savePaypalMerchant({ actor, merchantId, state }: { actor: Actor; merchantId: string; state: string | null | undefined }): Promise<PaymentConnection> {
  const org = await connectingOrganization(actor);
  if (!/^[A-Z0-9]{5,32}$/i.test(merchantId)) throw new AppError("bad_request", messages.generic.badRequest);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const owner = state && state.length <= 128 ? await consumeToken({ db: tx, raw: state, purpose: "paypal_onboarding" }) : null;
    if (!can(actor, "payout.finishOwnOnboarding", { userId: owner })) throw new AppError("forbidden", messages.payments.paypalStateInvalid);
    const [before] = await tx.select({ merchantId: organizations.paypalMerchantId }).from(organizations).where(eq(organizations.id, org.id)).for("update").limit(1);
    await tx.update(organizations).set({ paypalMerchantId: merchantId, stripeComplete: true }).where(eq(organizations.id, org.id));
    const previous = before?.merchantId ?? null;
    if (previous !== merchantId) {
      await recordOrganizationChange({ tx, actor, organizationId: org.id, change: { kind: previous ? "payout.replaced" : "payout.connected", provider: "paypal" } });
    }
  });
  await notifyPledgers({ organizationId: org.id });
  return getPaymentConnection({ actor });
}
