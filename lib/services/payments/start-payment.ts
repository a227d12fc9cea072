/**
 * One way into a payment: startPayment. A payment has a purpose (a gift, a ticket order, and
 * later an auction settlement, a membership charge or a sponsor's match pledge); every purpose
 * is paid through the same card-testing defences (./checkout-defences.ts), the same record of
 * the payment (payments.idempotency_key is unique: INSERT ... ON CONFLICT DO NOTHING) and the
 * same charge at the provider, whose answer goes through the payment core
 * (./apply-payment-event.ts) as a verified webhook's does (docs/decisions/0007-payment-model.md).
 *
 * What a purpose records besides the payment (a gift row, a ticket order's link to it) is done
 * by the folder that owns the purpose (lib/services/donations for gifts, lib/services/events for
 * ticket orders), which registers its implementation with {@link definePaymentPurpose} when the
 * subscribers are installed (lib/services/subscribers.ts): this folder imports neither of them.
 * No purpose pretends to be another: a ticket order is paid as a ticket order, never as a gift.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { preparedPerExecutor } from "@/lib/db/prepared";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { activeProviderName, providerByName } from "@/lib/payments";
import { feesFor } from "@/lib/payments/fees";
import { assertSandboxCard, sandboxPaymentId } from "@/lib/payments/sandbox";
import type { PaymentMethod, ProviderName, SandboxCard } from "@/lib/payments/types";
import { canReceiveGifts, receivingColumns, type ReceivingFacts } from "@/lib/services/organizations/receiving";
import type { CheckoutInput } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { organizations, payments } from "@/models";
import { applyPaymentEvent, type PaymentRow } from "./apply-payment-event";
import { admitCheckout, type CheckoutCard, type CheckoutClient } from "./checkout-defences";

/** A gift to an organization, as the checkout form sends it (amount in cents). */
export type GiftPurpose = { type: "gift"; checkout: CheckoutInput };

/**
 * A pending ticket order of an organization's event (event_ticket_orders); `hold` takes its
 * seats once the attempt is admitted and checked, before the payment is recorded (a new order;
 * if it throws, nothing is charged).
 */
export type TicketOrderPurpose = {
  type: "ticket_order";
  orderId: string;
  organizationId: string;
  /** The buyer's email as given with the order: the provider's receipt goes there for a guest. */
  buyerEmail: string;
  /** What the provider shows the buyer, e.g. "2 ticket(s) for Spring Gala". */
  description: string;
  hold?: () => Promise<void>;
};

/** The winning bid of an auction lot, settled by its bidder. Declared for the auctions; not implemented yet. */
export type AuctionSettlementPurpose = { type: "auction_settlement"; organizationId: string; auctionId: string; lotId: string; bidId: string };

/** One period's charge of a membership. Declared for the memberships; not implemented yet. */
export type MembershipChargePurpose = { type: "membership_charge"; organizationId: string; membershipId: string; periodStart: Date };

/** A sponsor's pledge to match gifts to a fundraiser, up to a cap in cents. Declared for matching gifts; not implemented yet. */
export type MatchPledgePurpose = { type: "match_pledge"; organizationId: string; campaignId: string; sponsorName: string; capCents: Cents };

/** What a payment pays for. */
export type PaymentPurpose = GiftPurpose | TicketOrderPurpose | AuctionSettlementPurpose | MembershipChargePurpose | MatchPledgePurpose;

/** The purposes that can be paid today; the others are declared types that nothing starts yet. */
export type ImplementedPurpose = GiftPurpose | TicketOrderPurpose;

export type StartPaymentOptions = {
  /** The signed-in payer, or null for a guest. */
  actor: Actor | null;
  /** Who is paying, as the request shows it (address, device cookie, challenge). */
  client: CheckoutClient;
  /** What the purpose costs, in cents (fees apart). */
  amountCents: Cents;
  method: PaymentMethod;
  /** Card details (the sandbox's only; real providers collect them in the browser). */
  card?: CheckoutCard;
  purpose: PaymentPurpose;
};

/** A payment as started: its state once the provider has answered (a purpose's result includes it). */
export type StartedPayment = {
  status: PaymentRow["status"];
  failureReason: string | null;
  /** Stripe client_secret for the browser's payment form; null for the sandbox. */
  clientSecret: string | null;
  /** PayPal approval link, when the payer must approve elsewhere. */
  redirectUrl: string | null;
};

/** What a purpose's implementation is given: the payment's options and the metadata to store on it. */
export type PurposeStartOptions<P extends ImplementedPurpose> = Omit<StartPaymentOptions, "purpose" | "client"> & {
  purpose: P;
  /** Stored on the payment (the checkout's limit digests, `checkoutLimits`). */
  metadata: Record<string, string>;
};

/** A purpose's implementation: checks, records the payment with what it pays for, and charges it. */
export type PurposeImplementation<P extends ImplementedPurpose, R extends StartedPayment> = (options: PurposeStartOptions<P>) => Promise<R>;

type AnyImplementation = PurposeImplementation<ImplementedPurpose, StartedPayment>;
const implementations = new Map<ImplementedPurpose["type"], AnyImplementation>();

/** What each purpose still waiting for its feature is called in the error startPayment throws. */
const NOT_IMPLEMENTED: Record<Exclude<PaymentPurpose, ImplementedPurpose>["type"], string> = {
  auction_settlement: "an auction settlement",
  membership_charge: "a membership charge",
  match_pledge: "a sponsor's match pledge",
};

/**
 * Register the implementation of purpose `type` (once per module graph, from
 * lib/services/subscribers.ts; a second registration replaces the first).
 */
export function definePaymentPurpose<P extends ImplementedPurpose, R extends StartedPayment>({ type, start }: { type: P["type"]; start: PurposeImplementation<P, R> }): void {
  implementations.set(type, start as unknown as AnyImplementation);
}

/**
 * Start (or resume, for a retried idempotency key) a payment for `purpose`: the defences
 * (challenge, velocity limits) count the attempt, then the purpose's implementation checks the
 * whole request, records the payment with what it pays for and charges it. A declined card
 * costs one more point on each limit; a succeeded payment gives its point back (after commit).
 * @returns the purpose's own result, which includes {@link StartedPayment} (a gift's checkout
 *   answers with its donation's result).
 * @throws Error when `purpose` is one nothing implements yet (an auction settlement, a
 *   membership charge, a sponsor's match pledge) or whose implementation was not registered;
 *   AppError(validation) a missing or bad challenge; AppError(rate_limited) a limit used up
 *   (nothing is recorded then); and whatever the purpose's checks or the provider throw.
 */
export async function startPayment<R extends StartedPayment = StartedPayment>({ actor, client, amountCents, method, card, purpose }: StartPaymentOptions): Promise<R> {
  if (purpose.type in NOT_IMPLEMENTED) {
    throw new Error(`Paying for ${NOT_IMPLEMENTED[purpose.type as keyof typeof NOT_IMPLEMENTED]} is not implemented yet.`);
  }
  const implemented = purpose as ImplementedPurpose;
  const start = implementations.get(implemented.type);
  if (!start) throw new Error(`Payment purpose ${implemented.type} has no implementation registered (import lib/services/subscribers).`);
  const admitted = await admitCheckout({ actor, client, card });
  const result = await start({ actor, amountCents, method, card, purpose: implemented, metadata: { checkoutLimits: admitted.checkoutLimits } });
  // A declined card costs one more point.
  if (result.status === "failed") await admitted.penalize();
  return result as R;
}

/** The organization a payment goes to, as {@link checkPayee} reads it. */
export type Payee = { id: string; name: string; legalName: string | null; stripeComplete: boolean; stripeAccountId: string | null };

/** What every payment checks about its receiver and its card, found by {@link checkPayee}. */
export type CheckedPayee = { org: Payee; providerName: ProviderName; sandboxCard: SandboxCard | undefined; fees: ReturnType<typeof feesFor> };

/** An organization as {@link assertPayee} checks it: the payee with its receiving facts. */
export type PayeeRow = Payee & ReceivingFacts;

/**
 * The first check of every payment: its amount is at most DONATION_MAX_CENTS.
 * @throws AppError(validation) the amount is above the maximum.
 */
export function assertAmountAllowed({ amountCents }: { amountCents: Cents }): void {
  const env = serverEnv();
  if (amountCents > env.DONATION_MAX_CENTS) {
    const message = messages.donation.amountMax(`$${(env.DONATION_MAX_CENTS / 100).toLocaleString("en-US")}`);
    throw new AppError("validation", message, { amountCents: message });
  }
}

/**
 * The organization's part of the checks (after {@link assertAmountAllowed}): known, approved
 * and live, and able to be paid out with the provider `method` uses (spec section 7: never
 * charge for money that would have no owner).
 * @returns the provider that will charge.
 * @throws AppError(not_found) unknown organization; AppError(conflict) not approved and live,
 *   or not receiving (messages.receiving.notReceiving: it takes pledges instead, see canReceiveGifts).
 */
export function assertPayee({ org, method }: { org: PayeeRow | undefined; method: PaymentMethod }): ProviderName {
  if (!org) throw new AppError("not_found", messages.donation.organizationNotFound);
  if (org.approvalStatus !== "approved" || !org.live) throw new AppError("conflict", messages.donation.organizationNotAccepting);
  const providerName = method === "paypal" ? "paypal" : activeProviderName();
  if (!canReceiveGifts({ org, provider: providerName })) throw new AppError("conflict", messages.receiving.notReceiving);
  return providerName;
}

/**
 * The card's part of the checks: its expiry (MM/YY, not before this month, UTC), and for the
 * sandbox, that it is one of its published test cards.
 * @returns the sandbox's card, or undefined without card details.
 * @throws AppError(validation) an expired card or a card the sandbox does not know.
 */
export function checkCard({ card, providerName, method }: { card: CheckoutCard; providerName: ProviderName; method: PaymentMethod }): SandboxCard | undefined {
  const sandboxCard = card ? toSandboxCard(card) : undefined;
  // The sandbox knows its test cards only: an unknown one is refused here, not by the charge.
  if (providerName === "sandbox" && method === "card") assertSandboxCard(card?.number ?? "");
  return sandboxCard;
}

const payeeQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ id: organizations.id, name: organizations.name, legalName: organizations.legalName, ...receivingColumns })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare("payment_payee"),
);

/**
 * Everything a payment that is not a gift checks before it records anything (a gift checks the
 * same, with its fundraiser and donor, in one read: lib/services/donations/start-checkout.ts):
 * the amount, the organization and its payout connection, the card, and the fees (in cents;
 * `coverFees`: the payer adds them). Writes nothing.
 * @throws as {@link assertAmountAllowed}, {@link assertPayee} and {@link checkCard}.
 */
export async function checkPayee({ organizationId, amountCents, method, card, coverFees }: { organizationId: string; amountCents: Cents; method: PaymentMethod; card: CheckoutCard; coverFees: boolean }): Promise<CheckedPayee> {
  assertAmountAllowed({ amountCents });
  const [org] = await payeeQuery(await getDb()).execute({ organizationId });
  const providerName = assertPayee({ org, method });
  const sandboxCard = checkCard({ card, providerName, method });
  const fees = feesFor(amountCents, method, coverFees, serverEnv().PLATFORM_FEE_BPS);
  return { org: org!, providerName, sandboxCard, fees };
}

/** The payment columns a new payment is recorded with; the others take their defaults. */
export type NewPaymentValues = Pick<typeof payments.$inferInsert, "id" | "organizationId" | "provider" | "providerPaymentId" | "paymentMethodType" | "amountCents" | "feeCents" | "status" | "idempotencyKey" | "metadata">;

/**
 * A new pending payment's values: a fresh id (a gift uses it for its donation too), the
 * sandbox's payment id known at once (so a retry finds it), amounts in cents.
 */
export function newPaymentValues(o: { organizationId: string; providerName: ProviderName; method: PaymentMethod; amountCents: Cents; feeCents: Cents; idempotencyKey: string; metadata: Record<string, string> }): NewPaymentValues {
  const id = randomUUID();
  return {
    id,
    organizationId: o.organizationId,
    provider: o.providerName,
    providerPaymentId: o.providerName === "sandbox" ? sandboxPaymentId(id) : null,
    paymentMethodType: o.method,
    amountCents: o.amountCents,
    feeCents: o.feeCents,
    status: "pending",
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
  };
}

// The payment's state once the provider has answered (its events may have moved it).
const paymentOutcomeQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ status: payments.status, failureReason: payments.failureReason, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, sql.placeholder("id")))
    .prepare("checkout_payment_outcome"),
);

/** What {@link chargePayment} asks the provider for. */
export type ChargePaymentOptions = {
  /** The recorded payment (new, or the one a retried key found). */
  payment: PaymentRow;
  /** The provider the purpose's checks chose (see assertPayee). */
  providerName: ProviderName;
  org: Pick<Payee, "stripeComplete" | "stripeAccountId">;
  fees: ReturnType<typeof feesFor>;
  method: PaymentMethod;
  description: string;
  receiptEmail: string | null;
  card: SandboxCard | undefined;
  /** The first payment of a monthly gift: the provider keeps the payment method. */
  saveForRecurring: boolean;
};

/**
 * Charge a recorded payment at its provider, once: only while it is pending (a new payment, or
 * a retry of one whose first attempt never reached the provider's answer), under the payment's
 * idempotency key, then apply the events the provider answers with (the sandbox's) through the
 * payment core.
 * @returns the payment's state afterwards, with the provider's client secret or approval link.
 * @throws whatever the provider throws (AppError(unavailable) when it is not configured).
 */
export async function chargePayment({ payment, providerName, org, fees, method, description, receiptEmail, card, saveForRecurring }: ChargePaymentOptions): Promise<StartedPayment & { paymentId: string; providerPaymentId: string | null }> {
  const db = await getDb();
  let clientSecret: string | null = null;
  let redirectUrl: string | null = null;
  if (payment.status === "pending") {
    await testPauseBeforeProvider();
    const charge = await providerByName(providerName).createCharge({
      paymentId: payment.id,
      chargeCents: fees.chargeCents,
      applicationFeeCents: fees.platformFeeCents,
      currency: "usd",
      method,
      idempotencyKey: payment.idempotencyKey,
      destinationAccountId: org.stripeComplete ? org.stripeAccountId : null,
      description,
      receiptEmail,
      card,
      saveForRecurring,
    });
    clientSecret = charge.clientSecret;
    redirectUrl = charge.redirectUrl ?? null;
    if (!payment.providerPaymentId) {
      await db.update(payments).set({ providerPaymentId: charge.providerPaymentId }).where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
    }
    for (const event of charge.events) await applyPaymentEvent(event);
  }
  const [outcome] = await paymentOutcomeQuery(db).execute({ id: payment.id });
  return {
    paymentId: payment.id,
    status: outcome ? outcome.status : payment.status,
    failureReason: outcome ? outcome.failureReason : payment.failureReason,
    providerPaymentId: outcome ? outcome.providerPaymentId : payment.providerPaymentId,
    clientSecret,
    redirectUrl,
  };
}

/**
 * Tests only (NODE_ENV=test): CHECKOUT_TEST_PAUSE_MS holds a checkout after its payment is
 * committed and before the provider is called, so a test can kill the process at that point
 * (lib/services/donations/checkout-crash.test.ts). Never set outside tests.
 */
async function testPauseBeforeProvider(): Promise<void> {
  const env = serverEnv();
  if (env.NODE_ENV !== "test" || !env.CHECKOUT_TEST_PAUSE_MS) return;
  console.log("checkout: donation recorded, calling the provider");
  await new Promise((resolve) => setTimeout(resolve, env.CHECKOUT_TEST_PAUSE_MS));
}

function toSandboxCard(card: NonNullable<CheckoutCard>): SandboxCard {
  const [mm, yy] = card.expiry.split("/").map((s) => Number(s.trim()));
  const expYear = 2000 + (yy ?? 0);
  const now = new Date();
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && (mm ?? 0) < now.getUTCMonth() + 1)) {
    throw new AppError("validation", messages.donation.cardExpired, { "card.expiry": messages.donation.cardExpired });
  }
  return { number: card.number, expMonth: mm ?? 0, expYear, cvc: card.cvc };
}
