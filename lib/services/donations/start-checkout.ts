/**
 * A gift's checkout (spec section 7: createPaymentIntent, createPaymentIntentACH,
 * createPaymentIntentGoogle, createDonation): the gift purpose of startPayment
 * (lib/services/payments/start-payment.ts). Creates the payment once per client idempotency
 * key (payments.idempotency_key is unique; INSERT ... ON CONFLICT DO NOTHING) together with
 * the gift (a donations row with the payment's id), atomically. Then the payment is charged
 * with the same key (chargePayment) and, for the sandbox, the events the provider answers
 * with are applied through the payment core, as a verified webhook's events are. A checkout
 * retried after the server died mid-request finds the payment again and completes it; the
 * effects still apply exactly once (docs/decisions/0007-payment-model.md).
 */
import "server-only";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { preparedPerExecutor, selectBuiltOnce } from "@/lib/db/prepared";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { feesFor } from "@/lib/payments/fees";
import { receivingColumns } from "@/lib/services/organizations/receiving";
import type { CheckoutClient } from "@/lib/services/payments/checkout-defences";
import {
  assertAmountAllowed,
  assertPayee,
  chargePayment,
  checkCard,
  definePaymentPurpose,
  newPaymentValues,
  startPayment,
  type GiftPurpose,
  type NewPaymentValues,
  type PurposeStartOptions,
  type StartedPayment,
} from "@/lib/services/payments/start-payment";
import { addMonthsUtc } from "@/lib/time/recurring-dates";
import { assertNoDuplicateMonthlyGift } from "./duplicate-monthly-gift";
import { supporterPageForGift } from "./supporter-attribution";
import type { ProviderName, SandboxCard } from "@/lib/payments/types";
import { guestSchema, type CheckoutInput } from "@/lib/validations/donation";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, donorPreferences, organizations, payments, recurringGifts } from "@/models";
import { toDonationResult, type DonationResult } from "./get-donation-result";

/** A gift's checkout as started: its donation's result, with the provider's client secret or approval link. */
export type CheckoutResult = DonationResult & Pick<StartedPayment, "clientSecret" | "redirectUrl">;

/** Server-side extras of a checkout, never taken from a request body: metadata stored on the payment. */
export type CheckoutOptions = { metadata?: Record<string, string> };

/** What {@link checkCheckout} found: the organization, provider, fundraiser, donor and fees. */
export type CheckedCheckout = {
  org: { id: string; name: string; legalName: string | null; stripeComplete: boolean; stripeAccountId: string | null };
  providerName: ProviderName;
  fundraiserName: string | null;
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
  fundraiserName: fundraisers.name,
  fundraiserStatus: fundraisers.status,
};

// checkCheckout's one read, built once per process (lib/db/prepared.ts): the organization
// with its fundraiser when the gift names one, and alone (no fundraiser matches) when not.
const checkoutOrganizationQuery = preparedPerExecutor((db: Executor) =>
  db
    .select(checkoutOrganizationColumns)
    .from(organizations)
    .leftJoin(fundraisers, and(eq(fundraisers.id, sql.placeholder("fundraiserId")), eq(fundraisers.organizationId, organizations.id)))
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare("checkout_organization_fundraiser"),
);
const checkoutOrganizationOnlyQuery = preparedPerExecutor((db: Executor) =>
  db
    .select(checkoutOrganizationColumns)
    .from(organizations)
    .leftJoin(fundraisers, sql`false`)
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare("checkout_organization"),
);

/** The payment columns a checkout writes; the others take their defaults. */
const CHECKOUT_PAYMENT_COLUMNS = ["id", "organizationId", "provider", "providerPaymentId", "paymentMethodType", "amountCents", "feeCents", "status", "idempotencyKey", "metadata"] as const;
/** The gift columns a checkout writes. */
const CHECKOUT_GIFT_COLUMNS = [
  "id", "paymentId", "organizationId", "fundraiserId", "donorUserId", "recurringGiftId", "amountCents", "feeCents", "coverFees", "status", "paymentMethodType",
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
  assertAmountAllowed({ amountCents: input.amountCents });
  const db = await getDb();
  // The organization and the fundraiser (when given) in one read.
  const [row] = input.campaignId
    ? await checkoutOrganizationQuery(db).execute({ organizationId: input.organizationId, fundraiserId: input.campaignId })
    : await checkoutOrganizationOnlyQuery(db).execute({ organizationId: input.organizationId });
  const providerName = assertPayee({ org: row, method: input.method });
  const org = row!;
  let fundraiserName: string | null = null;
  if (input.campaignId) {
    if (org.fundraiserName === null) throw new AppError("not_found", messages.donation.campaignNotFound);
    if (org.fundraiserStatus !== "active") throw new AppError("conflict", messages.donation.campaignEnded);
    fundraiserName = org.fundraiserName;
  }
  // A gift made on a supporter page is the organization's gift to the page's fundraiser.
  const attribution = input.supporterPageId ? await supporterPageForGift({ db, pageId: input.supporterPageId, fundraiserId: input.campaignId }) : { supporterPageId: null, supporterTeamId: null };
  const donor = await donorDetails(actor, input);
  const sandboxCard = checkCard({ card: input.card, providerName, method: input.method });
  const fees = feesFor(input.amountCents, input.method, input.coverFees, env.PLATFORM_FEE_BPS);
  return { org, providerName, fundraiserName, donor, sandboxCard, fees, attribution };
}

/**
 * A gift's checkout behind the card-testing defences: startPayment with the gift as its
 * purpose (what the checkout routes call).
 * @param actor the signed-in user, or null for a guest; `client`: the request's address,
 *   device cookie and challenge; `input`: the parsed checkout body (amount in cents).
 * @throws as startPayment (a missing or bad challenge, a limit used up) and {@link startCheckout}.
 */
export async function checkoutGift({ actor, input, client }: { actor: Actor | null; input: CheckoutInput; client: CheckoutClient }): Promise<CheckoutResult> {
  return startPayment<CheckoutResult>({ actor, client, amountCents: input.amountCents, method: input.method, card: input.card, purpose: { type: "gift", checkout: input } });
}

/** Register the gift as a purpose of startPayment (lib/services/subscribers.ts). */
export function installGiftPurpose(): void {
  definePaymentPurpose<GiftPurpose, CheckoutResult>({
    type: "gift",
    start: ({ actor, purpose, metadata }: PurposeStartOptions<GiftPurpose>) => startCheckout({ actor, input: purpose.checkout, metadata }),
  });
}

/**
 * Start (or resume, for a retried idempotency key) a gift's checkout, without the defences
 * (startPayment applies them first; a test calls this directly).
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
  const { org, providerName, fundraiserName, donor, sandboxCard, fees, attribution } = await checkCheckout({ actor, input });
  const db = await getDb();
  const method = input.method;

  // A new monthly gift that repeats an active one asks the donor first; a retried
  // checkout (same key) is not a new gift.
  if (input.frequency === "month" && !input.confirmDuplicate) {
    const [again] = await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (!again) await assertNoDuplicateMonthlyGift({ donorUserId: actor?.id ?? null, donorEmail: donor.donorEmail, organizationId: org.id, organizationName: org.name, fundraiserId: input.campaignId });
  }

  const payment = newPaymentValues({ organizationId: org.id, providerName, method, amountCents: input.amountCents, feeCents: fees.feeCents, idempotencyKey: input.idempotencyKey, metadata: options.metadata ?? {} });
  const gift: typeof donations.$inferInsert = {
    id: payment.id,
    paymentId: payment.id,
    organizationId: org.id,
    fundraiserId: input.campaignId,
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
  // The payment and its gift are written together, or not at all: a one-time gift in one
  // statement, a monthly gift (its recurring gift first) in a transaction.
  const created = input.frequency !== "month" ? await insertOneTimeGift(db, payment, { ...gift, recurringGiftId: null } as CheckoutGiftValues) : await db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(payment).onConflictDoNothing({ target: payments.idempotencyKey }).returning();
    if (!row) return null;
    // The gift's day of month is its anchor: later charges fall on it, clamped to short months.
    const start = new Date();
    const [recurring] = await tx
      .insert(recurringGifts)
      .values({
        donorUserId: actor?.id ?? null,
        organizationId: org.id,
        fundraiserId: input.campaignId,
        amountCents: input.amountCents,
        provider: providerName,
        nextChargeAt: addMonthsUtc(start, 1),
        createdAt: start,
        donorEmail: donor.donorEmail,
        chargeDay: start.getUTCDate(),
      })
      .returning({ id: recurringGifts.id });
    const [donation] = await tx.insert(donations).values({ ...gift, recurringGiftId: recurring!.id }).returning();
    return { payment: row, gift: donation! };
  });
  const existing = created ?? (await checkoutOfKey(db, input.idempotencyKey));
  if (!existing) throw new AppError("conflict", messages.donation.idempotencyMismatch);
  const { payment: paid, gift: donation } = existing;
  // A retried key must name the same gift: a key of a ticket order's payment never does.
  if (!donation || (!created && (paid.organizationId !== org.id || paid.amountCents !== input.amountCents || donation.fundraiserId !== input.campaignId))) {
    throw new AppError("conflict", messages.donation.idempotencyMismatch);
  }

  const charged = await chargePayment({
    payment: paid,
    providerName,
    org,
    fees,
    method,
    description: `Donation to ${org.name}${fundraiserName ? ` (${fundraiserName})` : ""}`,
    receiptEmail: donor.donorEmail,
    card: sandboxCard,
    saveForRecurring: input.frequency === "month",
  });
  // The donor's own checkout: its state now, with the organization and fundraiser this
  // checkout has read already (one narrow read instead of getDonationResult's joined one).
  const outcome = { status: charged.status, failureReason: charged.failureReason, providerPaymentId: charged.providerPaymentId };
  return {
    ...toDonationResult({
      donation: { ...paid, fundraiserId: donation.fundraiserId, recurringGiftId: donation.recurringGiftId, coverFees: donation.coverFees, donorEmail: donation.donorEmail, ...outcome },
      organization: org,
      fundraiserName,
    }),
    clientSecret: charged.clientSecret,
    redirectUrl: charged.redirectUrl,
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
async function insertOneTimeGift(db: Executor, payment: NewPaymentValues, gift: CheckoutGiftValues): Promise<{ payment: typeof payments.$inferSelect; gift: typeof donations.$inferSelect } | null> {
  const [row] = await insertPaymentWithGift(db, paymentWithGiftValues(payment, gift));
  return row ?? null;
}

/** The payment of idempotency key `key` with its gift (null for another purpose's payment); null when there is none. */
async function checkoutOfKey(db: Executor, key: string): Promise<{ payment: typeof payments.$inferSelect; gift: typeof donations.$inferSelect | null } | null> {
  const [row] = await db.select({ payment: payments, gift: donations }).from(payments).leftJoin(donations, eq(donations.paymentId, payments.id)).where(eq(payments.idempotencyKey, key));
  return row ?? null;
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
