/**
 * The donation as it leaves Givebridge for a nonprofit's own tools: the public API's
 * `GET /api/v1/donations` and the `donation.*` webhook payloads use this one shape, so the
 * two can never disagree about what a donor shared.
 *
 * Privacy rule (spec section 3, the donor's sharing choices per gift): a donor field is
 * present only when the donor shared it for this gift and did not give anonymously; an
 * anonymous gift carries `donor: null`. Unshared fields are absent (not null), so a
 * consumer cannot tell an unshared field from an empty one. Ticket payments are not gifts
 * and never pass through here.
 *
 * A gift made on a supporter page (peer-to-peer fundraising) names that page and its team
 * (`supporter_page_id`, `team_id`); the supporter's own details are never part of it.
 *
 * A tribute gift carries its dedication (`tribute`: honor or memory, and the honoree's name);
 * the card's recipient, message and send day are the donor's and are never part of it.
 *
 * Money is integer cents; timestamps are UTC ISO 8601 strings.
 */
// No "server-only" marker: the webhook events are emitted inside the payment-event path, which
// command-line processes (the checkout crash test's child, scripts) load too; the marker throws
// outside Next.
import type { Cents } from "@/lib/money";
import { ageRangeLabels } from "@/lib/validations/donor";
import type { donations } from "@/models";

type DonationRow = typeof donations.$inferSelect;

/** The columns `toDonationResource` reads; select exactly these (never the whole row). */
export type DonationResourceSource = Pick<
  DonationRow,
  | "id"
  | "organizationId"
  | "fundraiserId"
  | "recurringGiftId"
  | "amountCents"
  | "feeCents"
  | "coverFees"
  | "currency"
  | "status"
  | "paymentMethodType"
  | "createdAt"
  | "succeededAt"
  | "refundedAt"
  | "donorName"
  | "donorEmail"
  | "donorTelephone"
  | "donorCity"
  | "donorState"
  | "donorGender"
  | "donorAgeRange"
  | "anonymous"
  | "shareName"
  | "shareEmail"
  | "shareTelephone"
  | "shareLocation"
  | "shareGender"
  | "shareAge"
  | "tributeType"
  | "tributeName"
  | "offlineMethod"
  | "supporterPageId"
  | "supporterTeamId"
>;

/** What the donor chose to share with the organization for one gift. */
export type SharedDonor = {
  name?: string;
  email?: string;
  telephone?: string;
  city?: string;
  state?: string;
  gender?: string;
  /** The spec's age range label ("18-34", …). */
  age_range?: string;
};

/** A donation as the public API and webhooks present it (snake_case, as JSON APIs do). */
export type DonationResource = {
  id: string;
  object: "donation";
  organization_id: string;
  /** Null for a direct donation to the organization. */
  fundraiser_id: string | null;
  /** The monthly gift this payment belongs to, or null for a one-time gift. */
  recurring_gift_id: string | null;
  /** The gift, in cents. */
  amount_cents: Cents;
  /** Processing and platform fees, in cents. */
  fee_cents: Cents;
  /** True when the donor added the fees on top of the gift. */
  cover_fees: boolean;
  currency: string;
  /** pending, requires_action, processing, succeeded, failed, refunded or canceled. */
  status: DonationRow["status"];
  payment_method_type: DonationRow["paymentMethodType"];
  created_at: string;
  succeeded_at: string | null;
  refunded_at: string | null;
  anonymous: boolean;
  /** Only the fields the donor shared for this gift; null when the gift is anonymous. */
  donor: SharedDonor | null;
  /** Whom the gift honors ("in honor of" or "in memory of" a name); null when it is not a tribute gift. */
  tribute: DonationTribute | null;
  /** How a gift the organization recorded offline was given (cash, check, daf, stock, in_kind); null for a gift made online. */
  offline_method: DonationRow["offlineMethod"];
  /** The supporter page (peer-to-peer fundraising) the gift was made on; null otherwise or once that page was deleted. */
  supporter_page_id: string | null;
  /** The supporter team the gift counts for; null otherwise. */
  team_id: string | null;
};

/** A tribute gift's dedication. The card's recipient, message and send day never leave Givebridge. */
export type DonationTribute = { type: NonNullable<DonationRow["tributeType"]>; name: string };

/** The dedication of `d`, or null when it is not a tribute gift. */
export function tributeOf(d: Pick<DonationResourceSource, "tributeType" | "tributeName">): DonationTribute | null {
  return d.tributeType && d.tributeName ? { type: d.tributeType, name: d.tributeName } : null;
}

/** The shared donor fields of `d` (see the module's privacy rule). */
export function sharedDonorOf(d: DonationResourceSource): SharedDonor | null {
  if (d.anonymous) return null;
  const donor: SharedDonor = {};
  if (d.shareName && d.donorName) donor.name = d.donorName;
  if (d.shareEmail && d.donorEmail) donor.email = d.donorEmail;
  if (d.shareTelephone && d.donorTelephone) donor.telephone = d.donorTelephone;
  if (d.shareLocation) {
    if (d.donorCity) donor.city = d.donorCity;
    if (d.donorState) donor.state = d.donorState;
  }
  if (d.shareGender && d.donorGender) donor.gender = d.donorGender;
  if (d.shareAge && d.donorAgeRange !== null && ageRangeLabels[d.donorAgeRange] !== undefined) {
    donor.age_range = ageRangeLabels[d.donorAgeRange];
  }
  return donor;
}

/** Map a donation row (the `DonationResourceSource` columns) to its external shape. */
export function toDonationResource(d: DonationResourceSource): DonationResource {
  return {
    id: d.id,
    object: "donation",
    organization_id: d.organizationId,
    fundraiser_id: d.fundraiserId,
    recurring_gift_id: d.recurringGiftId,
    amount_cents: d.amountCents,
    fee_cents: d.feeCents,
    cover_fees: d.coverFees,
    currency: d.currency,
    status: d.status,
    payment_method_type: d.paymentMethodType,
    created_at: d.createdAt.toISOString(),
    succeeded_at: d.succeededAt ? d.succeededAt.toISOString() : null,
    refunded_at: d.refundedAt ? d.refundedAt.toISOString() : null,
    anonymous: d.anonymous,
    donor: sharedDonorOf(d),
    tribute: tributeOf(d),
    offline_method: d.offlineMethod,
    supporter_page_id: d.supporterPageId,
    team_id: d.supporterTeamId,
  };
}

/** The Drizzle column selection for `DonationResourceSource` (use with `db.select(...)`). */
export function donationResourceColumns(t: typeof donations) {
  return {
    id: t.id,
    organizationId: t.organizationId,
    fundraiserId: t.fundraiserId,
    recurringGiftId: t.recurringGiftId,
    amountCents: t.amountCents,
    feeCents: t.feeCents,
    coverFees: t.coverFees,
    currency: t.currency,
    status: t.status,
    paymentMethodType: t.paymentMethodType,
    createdAt: t.createdAt,
    succeededAt: t.succeededAt,
    refundedAt: t.refundedAt,
    donorName: t.donorName,
    donorEmail: t.donorEmail,
    donorTelephone: t.donorTelephone,
    donorCity: t.donorCity,
    donorState: t.donorState,
    donorGender: t.donorGender,
    donorAgeRange: t.donorAgeRange,
    anonymous: t.anonymous,
    shareName: t.shareName,
    shareEmail: t.shareEmail,
    shareTelephone: t.shareTelephone,
    shareLocation: t.shareLocation,
    shareGender: t.shareGender,
    shareAge: t.shareAge,
    tributeType: t.tributeType,
    tributeName: t.tributeName,
    offlineMethod: t.offlineMethod,
    supporterPageId: t.supporterPageId,
    supporterTeamId: t.supporterTeamId,
  };
}
