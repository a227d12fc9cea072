/**
 * Checkout (spec section 7: createPaymentIntent, createPaymentIntentACH,
 * createPaymentIntentGoogle, createDonation). Creates the payment once per client
 * idempotency key (payments.idempotency_key is unique; INSERT ... ON CONFLICT DO NOTHING)
 * together with what it pays for, in one transaction: the gift (a donations row with the
 * payment's id) or, for a ticket order, the order's link to it. Then it asks the provider for
 * the charge with the same key and, for the sandbox, applies the events it answers with
 * through the payment core (applyPaymentEvent), as a verified webhook's events are. A
 * checkout retried after the server died mid-request finds the payment again and completes
 * it; the effects still apply exactly once (docs/decisions/0007-payment-model.md).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { preparedPerExecutor, selectBuiltOnce } from "@/lib/db/prepared";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { activeProviderName, providerByName } from "@/lib/payments";
import { feesFor } from "@/lib/payments/fees";
import { assertSandboxCard, sandboxPaymentId } from "@/lib/payments/sandbox";
import { canReceiveGifts, receivingColumns } from "@/lib/services/organizations/receiving";
import { addMonthsUtc } from "@/lib/time/recurring-dates";
import { assertNoDuplicateMonthlyGift } from "./duplicate-monthly-gift";
import { supporterPageForGift } from "./supporter-attribution";
import type { PaymentMethod, ProviderName, SandboxCard } from "@/lib/payments/types";
import { guestSchema, type CheckoutInput } from "@/lib/validations/donation";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { campaigns, donations, donorPreferences, eventTicketOrders, organizations, payments, recurringGifts } from "@/models";
import { applyPaymentEvent } from "./apply-payment-event";
import { toDonationResult, type DonationResult } from "./get-donation-result";

export type CheckoutResult = DonationResult & {
  /** Stripe client_secret for the browser's payment form; null for the sandbox. */
  clientSecret: string | null;
  /** PayPal approval link, when the donor must approve elsewhere. */
  redirectUrl: string | null;
};

/**
 * Server-side extras of a checkout, never taken from a request body: what the payment is for
 * (a gift unless `ticketOrderId` names the pending ticket order it pays, see
 * ./ticket-payments.ts), metadata stored on the payment and the provider's description.
 */
export type CheckoutOptions = { ticketOrderId?: string; metadata?: Record<string, string>; description?: string };

/** What {@link checkCheckout} found: the organization, provider, fundraiser, donor and fees. */
export type CheckedCheckout = {
  org: { id: string; name: string; legalName: string | null; stripeComplete: boolean; stripeAccountId: string | null };
  providerName: ProviderName;
  campaignName: string | null;
  donor: DonorColumns;
  sandboxCard: SandboxCard | undefined;
  fees: ReturnType<typeof feesFor>;
  /** The supporter page and team the gift is attributed to (peer-to-peer); nulls for none. */
  attribution: { supporterPageId: string | null; supporterTeamId: string | null };
};

const checkoutOrganizationColumns = {
  id: organizations.id,
  name: organizations.name,
  legalName: organizations.legalName,
  ...receivingColumns,
  campaignName: campaigns.name,
  campaignStatus: campaigns.status,
};

// checkCheckout's one read, built once per process (lib/db/prepared.ts): the organization
// with its fundraiser when the gift names one, and alone (no fundraiser matches) when not.
const checkoutOrganizationQuery = preparedPerExecutor((db: Executor) =>
  db
    .select(checkoutOrganizationColumns)
    .from(organizations)
    .leftJoin(campaigns, and(eq(campaigns.id, sql.placeholder("campaignId")), eq(campaigns.organizationId, organizations.id)))
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare("checkout_organization_campaign"),
);
const checkoutOrganizationOnlyQuery = preparedPerExecutor((db: Executor) =>
  db
    .select(checkoutOrganizationColumns)
    .from(organizations)
    .leftJoin(campaigns, sql`false`)
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare("checkout_organization"),
);

// The payment's state once the provider has answered (its events may have moved it).
const checkoutOutcomeQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ status: payments.status, failureReason: payments.failureReason, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, sql.placeholder("id")))
    .prepare("checkout_payment_outcome"),
);

/** The payment columns a checkout writes; the others take their defaults. */
const CHECKOUT_PAYMENT_COLUMNS = ["id", "organizationId", "provider", "providerPaymentId", "paymentMethodType", "amountCents", "feeCents", "status", "idempotencyKey", "metadata"] as const;
/** The gift columns a checkout writes. */
const CHECKOUT_GIFT_COLUMNS = [
  "id", "paymentId", "organizationId", "campaignId", "donorUserId", "recurringGiftId", "amountCents", "feeCents", "coverFees", "status", "paymentMethodType",
  "donorName", "donorEmail", "donorTelephone", "donorCity", "donorState", "donorGender", "donorAgeRange",
  "anonymous", "shareName", "shareEmail", "shareTelephone", "shareLocation", "shareGender", "shareAge", "metadata",
  "tributeType", "tributeName", "tributeCard", "supporterPageId", "supporterTeamId",
] as const;
type CheckoutPaymentValues = Pick<typeof payments.$inferInsert, (typeof CHECKOUT_PAYMENT_COLUMNS)[number]>;
type CheckoutGiftValues = Pick<typeof donations.$inferInsert, (typeof CHECKOUT_GIFT_COLUMNS)[number]>;

/**
 * A one-time gift's payment and gift as one statement, built once per process
 * (lib/db/prepared.ts): the payment is inserted unless its idempotency key is taken, and the
 * gift is inserted from the payment's returned row, so a taken key inserts neither and the
 * statement returns no row (the retried checkout then reads the existing ones). One statement
 * is atomic without a transaction: the two rows are written together or not at all. The
 * payment's values are the placeholders `p_<column>`, the gift's `g_<column>`.
 */
const insertPaymentWithGift = selectBuiltOnce("checkout_insert_payment_gift", (db: Executor) => {
  const paymentValues = Object.fromEntries(CHECKOUT_PAYMENT_COLUMNS.map((column) => [column, sql.placeholder(`p_${column}`)])) as unknown as CheckoutPaymentValues;
  const inserted = db.$with("inserted_payment").as(db.insert(payments).values(paymentValues).onConflictDoNothing({ target: payments.idempotencyKey }).returning());
  // INSERT ... SELECT ... FROM the payment's CTE: Drizzle's insert().select() needs every
  // column of the table, so the column list and the typed values are spelled here.
  const giftColumns = sql.join(CHECKOUT_GIFT_COLUMNS.map((column) => sql.identifier(donations[column].name)), sql`, `);
  // A null value stays SQL NULL: Drizzle hands a placeholder's null to the column's encoder,
  // which would write a nullable jsonb column's null as the JSON value 'null'.
  const encoderOf = (column: (typeof CHECKOUT_GIFT_COLUMNS)[number]) => ({ mapToDriverValue: (value: unknown) => (value === null ? null : donations[column].mapToDriverValue(value as never)) });
  const giftValues = sql.join(CHECKOUT_GIFT_COLUMNS.map((column) => sql`${sql.param(sql.placeholder(`g_${column}`), encoderOf(column))}::${sql.raw(donations[column].getSQLType())}`), sql`, `);
  const gift = db.$with("inserted_gift", getTableColumns(donations)).as(sql`insert into ${donations} (${giftColumns}) select ${giftValues} from ${inserted} returning *`);
  return db
    .with(inserted, gift)
    .select({ payment: inserted._.selectedFields, gift: gift._.selectedFields })
    .from(inserted)
    .innerJoin(gift, sql`true`);
});

/** The placeholder values of {@link insertPaymentWithGift}. */
function paymentWithGiftValues(payment: CheckoutPaymentValues, gift: CheckoutGiftValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of CHECKOUT_PAYMENT_COLUMNS) values[`p_${column}`] = payment[column] ?? null;
  for (const column of CHECKOUT_GIFT_COLUMNS) values[`g_${column}`] = gift[column] ?? null;
  return values;
}

/** What {@link checkCheckout} checks: the caller (null for a guest) and the parsed checkout body. */
export type CheckCheckoutOptions = { actor: Actor | null; input: CheckoutInput };

/**
 * Everything a checkout checks before it records anything (validate the
 * whole request first): the amount, the organization and its payout connection, the
 * fundraiser, the donor's details and the card. Writes nothing.
 * @throws as {@link startCheckout}, except the idempotency and duplicate-gift checks.
 */
export async function checkCheckout({ actor, input }: CheckCheckoutOptions): Promise<CheckedCheckout> {
  const env = serverEnv();
  if (input.amountCents > env.DONATION_MAX_CENTS) {
    throw new AppError("validation", messages.donation.amountMax(`$${(env.DONATION_MAX_CENTS / 100).toLocaleString("en-US")}`), {
      amountCents: messages.donation.amountMax(`$${(env.DONATION_MAX_CENTS / 100).toLocaleString("en-US")}`),
    });
  }
  const db = await getDb();
  // The organization and the fundraiser (when given) in one read.
  const [org] = input.campaignId
    ? await checkoutOrganizationQuery(db).execute({ organizationId: input.organizationId, campaignId: input.campaignId })
    : await checkoutOrganizationOnlyQuery(db).execute({ organizationId: input.organizationId });
  if (!org) throw new AppError("not_found", messages.donation.organizationNotFound);
  if (org.approvalStatus !== "approved" || !org.live) throw new AppError("conflict", messages.donation.organizationNotAccepting);
  const providerName = input.method === "paypal" ? "paypal" : activeProviderName();
  // Never charge for an organization that cannot be paid out: the money would have no owner.
  if (!canReceiveGifts(org, providerName)) throw new AppError("conflict", messages.receiving.notReceiving);
  let campaignName: string | null = null;
  if (input.campaignId) {
    if (org.campaignName === null) throw new AppError("not_found", messages.donation.campaignNotFound);
    if (org.campaignStatus !== "active") throw new AppError("conflict", messages.donation.campaignEnded);
    campaignName = org.campaignName;
  }
  // A gift made on a supporter page is the organization's gift to the page's fundraiser.
  const attribution = input.supporterPageId ? await supporterPageForGift(db, input.supporterPageId, input.campaignId) : { supporterPageId: null, supporterTeamId: null };
  const donor = await donorDetails(actor, input);
  const sandboxCard = input.card ? toSandboxCard(input.card) : undefined;
  // The sandbox knows its test cards only: an unknown one is refused here, not by the charge.
  if (providerName === "sandbox" && input.method === "card") assertSandboxCard(input.card?.number ?? "");
  const fees = feesFor(input.amountCents, input.method, input.coverFees, env.PLATFORM_FEE_BPS);
  return { org, providerName, campaignName, donor, sandboxCard, fees, attribution };
}

/**
 * Start (or resume, for a retried idempotency key) a checkout.
 * @param actor the signed-in user, or null for a guest (who must give name and email).
 * @param input the parsed checkout body (amount in cents); the rest are {@link CheckoutOptions}.
 * @throws AppError(validation) bad guest details or an unknown sandbox card;
 *   AppError(not_found) unknown organization, fundraiser or supporter page (or one not public);
 *   AppError(conflict) a paused or closed supporter page, or one of another fundraiser; organization not
 *   approved and live, or not claimed and connected to a payout account for the provider
 *   (messages.receiving.notReceiving: it takes pledges instead, see canReceiveGifts),
 *   fundraiser ended, or the key reused with different details;
 *   AppError(unavailable) provider not configured.
 */
export async function startCheckout({ actor, input, ...options }: { actor: Actor | null; input: CheckoutInput } & CheckoutOptions): Promise<CheckoutResult> {
  // The whole request is checked before anything is recorded.
  const { org, providerName, campaignName, donor, sandboxCard, fees, attribution } = await checkCheckout({ actor, input });
  const db = await getDb();
  const provider = providerByName(providerName);
  const method: PaymentMethod = input.method;

  // A new monthly gift that repeats an active one asks the donor first; a retried
  // checkout (same key) is not a new gift.
  if (input.frequency === "month" && !input.confirmDuplicate) {
    const [again] = await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (!again) await assertNoDuplicateMonthlyGift({ donorUserId: actor?.id ?? null, donorEmail: donor.donorEmail, organizationId: org.id, organizationName: org.name, campaignId: input.campaignId });
  }

  const paymentId = randomUUID();
  const payment: typeof payments.$inferInsert = {
    id: paymentId,
    organizationId: org.id,
    provider: providerName,
    providerPaymentId: providerName === "sandbox" ? sandboxPaymentId(paymentId) : null,
    paymentMethodType: method,
    amountCents: input.amountCents,
    feeCents: fees.feeCents,
    status: "pending",
    idempotencyKey: input.idempotencyKey,
    metadata: options.metadata ?? {},
  };
  const gift: typeof donations.$inferInsert | null = options.ticketOrderId
    ? null
    : {
        id: paymentId,
        paymentId,
        organizationId: org.id,
        campaignId: input.campaignId,
        donorUserId: actor?.id ?? null,
        amountCents: input.amountCents,
        feeCents: fees.feeCents,
        coverFees: input.coverFees,
        status: "pending",
        paymentMethodType: method,
        ...donor,
        anonymous: input.anonymous,
        shareName: input.share.name,
        shareEmail: input.share.email,
        shareTelephone: input.share.phone,
        shareLocation: input.share.location,
        shareGender: input.share.gender,
        shareAge: input.share.age,
        metadata: { frequency: input.frequency },
        ...tributeColumns(input.tribute),
        ...attribution,
      };
  // The payment and what it pays for are written together, or not at all: a one-time gift in
  // one statement, a monthly gift (its recurring gift first) or a ticket order in a transaction.
  const created = gift && input.frequency !== "month" ? await insertOneTimeGift(db, payment as CheckoutPaymentValues, { ...gift, recurringGiftId: null } as CheckoutGiftValues) : await db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(payment).onConflictDoNothing({ target: payments.idempotencyKey }).returning();
    if (!row) return null;
    if (!gift) {
      await tx.update(eventTicketOrders).set({ paymentId: row.id }).where(and(eq(eventTicketOrders.id, options.ticketOrderId!), isNull(eventTicketOrders.paymentId)));
      return { payment: row, gift: null };
    }
    let recurringGiftId: string | null = null;
    if (input.frequency === "month") {
      // The gift's day of month is its anchor: later charges fall on it, clamped to short months.
      const start = new Date();
      const [recurring] = await tx
        .insert(recurringGifts)
        .values({
          donorUserId: actor?.id ?? null,
          organizationId: org.id,
          campaignId: input.campaignId,
          amountCents: input.amountCents,
          provider: providerName,
          nextChargeAt: addMonthsUtc(start, 1),
          createdAt: start,
          donorEmail: donor.donorEmail,
          chargeDay: start.getUTCDate(),
        })
        .returning({ id: recurringGifts.id });
      recurringGiftId = recurring!.id;
    }
    const [donation] = await tx.insert(donations).values({ ...gift, recurringGiftId }).returning();
    return { payment: row, gift: donation! };
  });
  const existing = created ?? (await checkoutOfKey(db, input.idempotencyKey));
  if (!existing) throw new AppError("conflict", messages.donation.idempotencyMismatch);
  const { payment: paid, gift: donation } = existing;
  if (
    !created &&
    (paid.organizationId !== org.id ||
      paid.amountCents !== input.amountCents ||
      (donation?.campaignId ?? null) !== input.campaignId ||
      Boolean(donation) === Boolean(options.ticketOrderId))
  ) {
    throw new AppError("conflict", messages.donation.idempotencyMismatch);
  }

  let clientSecret: string | null = null;
  let redirectUrl: string | null = null;
  // A new payment, or a retry of one whose first attempt never reached the provider's answer.
  if (paid.status === "pending") {
    await testPauseBeforeProvider();
    const charge = await provider.createCharge({
      paymentId: paid.id,
      chargeCents: fees.chargeCents,
      applicationFeeCents: fees.platformFeeCents,
      currency: "usd",
      method,
      idempotencyKey: input.idempotencyKey,
      destinationAccountId: org.stripeComplete ? org.stripeAccountId : null,
      description: options.description ?? `Donation to ${org.name}${campaignName ? ` (${campaignName})` : ""}`,
      receiptEmail: donor.donorEmail,
      card: sandboxCard,
      saveForRecurring: input.frequency === "month",
    });
    clientSecret = charge.clientSecret;
    redirectUrl = charge.redirectUrl ?? null;
    if (!paid.providerPaymentId) {
      await db.update(payments).set({ providerPaymentId: charge.providerPaymentId }).where(and(eq(payments.id, paid.id), isNull(payments.providerPaymentId)));
    }
    for (const event of charge.events) await applyPaymentEvent(event);
  }
  // The donor's own checkout: its state now, with the organization and fundraiser this
  // checkout has read already (one narrow read instead of getDonationResult's joined one).
  const [outcome] = await checkoutOutcomeQuery(db).execute({ id: paid.id });
  const paidFor = donation ?? { campaignId: null, recurringGiftId: null, coverFees: false, donorEmail: donor.donorEmail };
  return {
    ...toDonationResult({ ...paid, campaignId: paidFor.campaignId, recurringGiftId: paidFor.recurringGiftId, coverFees: paidFor.coverFees, donorEmail: paidFor.donorEmail, ...outcome }, org, campaignName),
    clientSecret,
    redirectUrl,
  };
}

/**
 * The gift's tribute columns from the checkout's dedication (checked by tributeSchema): none
 * for type "", else the honoree's name and, when the donor asked for a card, its facts (send
 * day YYYY-MM-DD in the donor's IANA zone; the recipient's email in lower case).
 */
export function tributeColumns(tribute: CheckoutInput["tribute"]): Pick<typeof donations.$inferInsert, "tributeType" | "tributeName" | "tributeCard"> {
  if (tribute.type === "") return { tributeType: null, tributeName: null, tributeCard: null };
  return {
    tributeType: tribute.type,
    tributeName: tribute.name,
    tributeCard: tribute.sendCard
      ? {
          recipientName: tribute.recipientName,
          recipientEmail: tribute.recipientEmail.toLowerCase(),
          message: tribute.message,
          sendOn: tribute.sendOn,
          timeZone: tribute.timeZone,
          showAmount: tribute.showAmount,
        }
      : null,
  };
}

/** Insert a one-time gift's payment and gift; null when the idempotency key is taken. */
async function insertOneTimeGift(db: Executor, payment: CheckoutPaymentValues, gift: CheckoutGiftValues): Promise<{ payment: typeof payments.$inferSelect; gift: typeof donations.$inferSelect } | null> {
  const [row] = await insertPaymentWithGift(db, paymentWithGiftValues(payment, gift));
  return row ?? null;
}

/** The payment of idempotency key `key` with its gift (null for a ticket order's payment); null when there is none. */
async function checkoutOfKey(db: Executor, key: string): Promise<{ payment: typeof payments.$inferSelect; gift: typeof donations.$inferSelect | null } | null> {
  const [row] = await db.select({ payment: payments, gift: donations }).from(payments).leftJoin(donations, eq(donations.paymentId, payments.id)).where(eq(payments.idempotencyKey, key));
  return row ?? null;
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

function toSandboxCard(card: NonNullable<CheckoutInput["card"]>): SandboxCard {
  const [mm, yy] = card.expiry.split("/").map((s) => Number(s.trim()));
  const expYear = 2000 + (yy ?? 0);
  const now = new Date();
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && (mm ?? 0) < now.getUTCMonth() + 1)) {
    throw new AppError("validation", messages.donation.cardExpired, { "card.expiry": messages.donation.cardExpired });
  }
  return { number: card.number, expMonth: mm ?? 0, expYear, cvc: card.cvc };
}

type DonorColumns = {
  donorName: string | null;
  donorEmail: string | null;
  donorTelephone: string | null;
  donorCity: string | null;
  donorState: string | null;
  donorGender: string | null;
  donorAgeRange: number | null;
};

/** The donor snapshot: the signed-in user's details and preferences, or the guest's name and email. */
async function donorDetails(actor: Actor | null, input: CheckoutInput): Promise<DonorColumns> {
  if (!actor) {
    const guest = guestSchema.safeParse({ name: input.name, email: input.email });
    if (!guest.success) {
      const fields = zodFieldErrors(guest.error, topField);
      throw new AppError("validation", Object.values(fields)[0]!, fields);
    }
    return { donorName: guest.data.name, donorEmail: guest.data.email.toLowerCase(), donorTelephone: null, donorCity: null, donorState: null, donorGender: null, donorAgeRange: null };
  }
  const db = await getDb();
  const [prefs] = await db.select().from(donorPreferences).where(eq(donorPreferences.userId, actor.id));
  return {
    donorName: `${actor.firstName} ${actor.lastName}`.trim() || actor.organizationName || null,
    donorEmail: actor.email,
    donorTelephone: prefs?.telephone ?? actor.telephone ?? null,
    donorCity: prefs?.city ?? null,
    donorState: prefs?.state ?? null,
    donorGender: prefs?.gender === "other" ? (prefs.otherGender ?? "other") : (prefs?.gender ?? null),
    donorAgeRange: prefs?.ageRange ?? null,
  };
}

export type { Cents };
