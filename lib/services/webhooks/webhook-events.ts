/**
 * The webhook events emitted where state changes, each called inside the
 * transaction of its change, and the shape of each event's `data`. Privacy rule: a payload
 * carries no donor field the donor did not share (spec section 3, sharing choices per gift).
 *
 * - donation.succeeded / donation.refunded: `data` is the donation in its one external shape
 *   (lib/integrations/donation-resource.ts: only shared donor fields, none for an anonymous
 *   gift). Gifts only: ticket payments are sales and emit ticket_order.paid instead.
 * - ticket_order.paid: the order (event, ticket type, quantity, amounts) and no buyer details.
 * - recurring_gift.*: the monthly gift with the donor fields shared on its gifts; emitted only
 *   for gifts that started (their first payment succeeded, which is recurring_gift.created).
 * - fundraiser.goal_reached: once per fundraiser, when its progress first reaches its goal.
 * - offline_gift.created: a gift the organization recorded offline, as the donation resource.
 * - donor.created: the donor resource (only shared name and email, never notes or tags), once
 *   per donor key per organization, for the succeeded gift that first shared that key.
 * - supporter_page.created / supporter_page.updated: the supporter page (peer-to-peer
 *   fundraising) in every state, with its totals; the supporter's email only when they chose to
 *   share it with the organization (supporter_pages.share_email_with_organization).
 *
 * - organization.verified: the organization resource (verified, IRS legal name), once per
 *   verified claim.
 *
 * Amounts are integer cents; times UTC ISO 8601.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import type { SupporterPageChange } from "@/lib/domain-events";
import type { SupporterPageEventResource } from "@/lib/integrations/api-resources";
import { donationResourceColumns, sharedDonorOf, toDonationResource, type SharedDonor } from "@/lib/integrations/donation-resource";
import type { Cents } from "@/lib/money";
import { donorIdOf, supporterPageCommonFields, toDonorResource } from "@/lib/services/api-resources/to-resources";
import { totalsByPage } from "@/lib/services/supporter-pages/supporter-pages";
import { claimNewDonorKey, findDonor } from "@/lib/services/donor-relationships/donors-view";
import { ticketSaleFacts } from "@/lib/services/events/ticket-payments";
import { anchorDayOf } from "@/lib/time/recurring-dates";
import { recurringGiftState, type RecurringGiftState } from "@/lib/services/recurring/manage-recurring-gift";
import type { WebhookEventType } from "@/lib/validations/webhooks";
import { donations, organizations, recurringGifts, users, type payments, type supporterPages } from "@/models";
import { publicOrganizationColumns, toPublicOrganization } from "@/lib/services/organizations/organization-dto";
import { toOrganizationResource } from "@/lib/services/api-resources/to-resources";
import { emitWebhookEvent } from "./emit-webhook-event";

type PaymentRow = typeof payments.$inferSelect;

export type EmitDonationEventOptions = {
  tx: Executor;
  donationId: string;
  organizationId: string;
  type: "donation.succeeded" | "donation.refunded";
  occurredAt: Date;
};

/** Emit donation.succeeded or donation.refunded (`type`) for gift `donationId` of organization `organizationId`, in `tx`. */
export async function emitDonationEvent({ tx, donationId, organizationId, type, occurredAt }: EmitDonationEventOptions): Promise<void> {
  await emitWebhookEvent({
    tx,
    organizationId,
    type,
    dedupeKey: `${type}:${donationId}`,
    occurredAt,
    data: async () => {
      const [row] = await tx.select(donationResourceColumns(donations)).from(donations).where(eq(donations.id, donationId));
      return row ? toDonationResource(row) : null;
    },
  });
}

export type EmitOfflineGiftCreatedOptions = { tx: Executor; donationId: string; organizationId: string; occurredAt: Date };

/** Emit offline_gift.created for gift `donationId`, which its organization `organizationId` just recorded offline, in `tx`. */
export async function emitOfflineGiftCreated({ tx, donationId, organizationId, occurredAt }: EmitOfflineGiftCreatedOptions): Promise<void> {
  await emitWebhookEvent({
    tx,
    organizationId,
    type: "offline_gift.created",
    dedupeKey: `offline_gift.created:${donationId}`,
    occurredAt,
    data: async () => {
      const [row] = await tx.select(donationResourceColumns(donations)).from(donations).where(eq(donations.id, donationId));
      return row ? toDonationResource(row) : null;
    },
  });
}

export type EmitDonorCreatedIfNewOptions = { tx: Executor; donationId: string; organizationId: string; occurredAt: Date };

/**
 * Emit donor.created when succeeded gift `donationId` made its donor appear for its
 * organization (claimNewDonorKey: the key's organization_donors row is new and no other gift
 * shares it). Exactly once per donor per organization: of two first gifts committing at once
 * only one claims the row, and the outbox's dedupe key (organization and donor id) records
 * the event once whatever happens.
 */
export async function emitDonorCreatedIfNew({ tx, donationId, organizationId, occurredAt }: EmitDonorCreatedIfNewOptions): Promise<void> {
  const donorKey = await claimNewDonorKey({ db: tx, donationId });
  if (donorKey === null) return;
  await emitWebhookEvent({
    tx,
    organizationId,
    type: "donor.created",
    dedupeKey: `donor.created:${organizationId}:${donorIdOf(donorKey)}`,
    occurredAt,
    data: async () => {
      const row = await findDonor({ db: tx, organizationId, donorKey, now: occurredAt });
      return row ? toDonorResource(row) : null;
    },
  });
}

/** A ticket order as webhooks present it: no buyer details. */
export type TicketOrderResource = {
  id: string;
  object: "ticket_order";
  organization_id: string;
  event_id: string;
  event_name: string;
  ticket_type_id: string;
  ticket_type_name: string;
  quantity: number;
  amount_cents: Cents;
  /** Good-faith estimate of the goods received (quantity x fair market value). */
  goods_value_cents: Cents;
  /** Amount paid minus the goods' value, never below 0 (IRS Publication 1771). */
  deductible_cents: Cents;
  currency: string;
  payment_id: string;
  paid_at: string;
};

export type EmitTicketOrderPaidOptions = {
  tx: Executor;
  /** The order's payment, which just succeeded. */
  payment: PaymentRow;
  orderId: string;
  paidAt: Date;
};

/** Emit ticket_order.paid for ticket order `orderId`, whose `payment` just succeeded at `paidAt`, in `tx`. */
export async function emitTicketOrderPaid({ tx, payment: d, orderId, paidAt }: EmitTicketOrderPaidOptions): Promise<void> {
  await emitWebhookEvent({
    tx,
    organizationId: d.organizationId,
    type: "ticket_order.paid",
    dedupeKey: `ticket_order.paid:${orderId}`,
    occurredAt: paidAt,
    data: async (): Promise<TicketOrderResource | null> => {
      const sale = await ticketSaleFacts({ tx, orderId });
      if (!sale) return null;
      return {
        id: sale.orderId,
        object: "ticket_order",
        organization_id: d.organizationId,
        event_id: sale.eventId,
        event_name: sale.eventName,
        ticket_type_id: sale.ticketTypeId,
        ticket_type_name: sale.ticketTypeName,
        quantity: sale.quantity,
        amount_cents: sale.amountCents,
        goods_value_cents: sale.goodsValueCents,
        deductible_cents: sale.deductibleCents,
        currency: d.currency,
        payment_id: d.id,
        paid_at: paidAt.toISOString(),
      };
    },
  });
}

/** A fundraiser that reached its goal. */
export type FundraiserGoalResource = {
  id: string;
  object: "fundraiser";
  organization_id: string;
  name: string;
  goal_cents: Cents;
  progress_cents: Cents;
  reached_at: string;
};

/**
 * Whether adding `addedCents` (cents) took a fundraiser's progress from below its goal to the
 * goal or above; a fundraiser without a goal (0) never crosses. Pure: decided from the updated
 * row alone, so the caller reads nothing else for the gifts that cross nothing.
 */
export function crossedGoal({ fundraiser, addedCents }: { fundraiser: { goalCents: Cents; progressCents: Cents }; addedCents: Cents }): boolean {
  const { goalCents, progressCents } = fundraiser;
  return addedCents > 0 && goalCents > 0 && progressCents >= goalCents && progressCents - addedCents < goalCents;
}

export type EmitGoalReachedIfCrossedOptions = {
  tx: Executor;
  /** The fundraiser as updated by the gift (progress includes `addedCents`). */
  fundraiser: { id: string; organizationId: string; name: string; goalCents: Cents; progressCents: Cents };
  /** What the gift added to the progress, in cents. */
  addedCents: Cents;
  reachedAt: Date;
};

/**
 * Emit fundraiser.goal_reached when adding `addedCents` took the `campaign`'s progress from
 * below its goal to the goal or above (crossedGoal; once per fundraiser, whatever happens later).
 */
export async function emitGoalReachedIfCrossed({ tx, fundraiser, addedCents, reachedAt }: EmitGoalReachedIfCrossedOptions): Promise<void> {
  const { goalCents, progressCents } = fundraiser;
  if (!crossedGoal({ fundraiser, addedCents })) return;
  await emitWebhookEvent({
    tx,
    organizationId: fundraiser.organizationId,
    type: "fundraiser.goal_reached",
    dedupeKey: `fundraiser.goal_reached:${fundraiser.id}`,
    occurredAt: reachedAt,
    data: async (): Promise<FundraiserGoalResource> => ({
      id: fundraiser.id,
      object: "fundraiser",
      organization_id: fundraiser.organizationId,
      name: fundraiser.name,
      goal_cents: goalCents,
      progress_cents: progressCents,
      reached_at: reachedAt.toISOString(),
    }),
  });
}

/** A monthly gift as webhooks present it. */
export type RecurringGiftResource = {
  id: string;
  object: "recurring_gift";
  organization_id: string;
  fundraiser_id: string | null;
  amount_cents: Cents;
  currency: string;
  interval: "month";
  status: RecurringGiftState;
  /** Day of month it is charged on (1..31, clamped to short months). */
  charge_day: number;
  next_charge_at: string | null;
  paused_until: string | null;
  created_at: string;
  canceled_at: string | null;
  anonymous: boolean;
  /** The donor fields shared on the gift's first payment; null when anonymous. */
  donor: SharedDonor | null;
  /** recurring_gift.payment_failed only: the charge that failed. */
  failed_payment?: {
    donation_id: string;
    amount_cents: Cents;
    failure_reason: string;
    /** 1 for the period's first attempt, then each retry. */
    attempt: number;
    next_retry_at: string | null;
    /** True when no retry is left: the gift is canceled a week later unless the donor acts. */
    past_due: boolean;
  };
};

type RecurringEventType = Extract<WebhookEventType, `recurring_gift.${string}`>;

export type EmitRecurringGiftEventOptions = {
  tx: Executor;
  giftId: string;
  type: RecurringEventType;
  /** When the change happened; defaults to the current time. */
  now?: Date;
  /** recurring_gift.payment_failed only: the charge that failed. */
  failedPayment?: RecurringGiftResource["failed_payment"];
};

/**
 * Emit a recurring_gift.* event (`type`) for gift `giftId` as it is now in `tx`. Does nothing
 * for a gift that never started (no succeeded payment): its consumers never heard of it.
 * Dedupe: created and canceled once per gift; payment_failed once per failed charge
 * (`failedPayment`); each update is its own event.
 */
export async function emitRecurringGiftEvent({ tx, giftId, type, now = new Date(), failedPayment }: EmitRecurringGiftEventOptions): Promise<void> {
  const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
  if (!gift) return;
  const dedupeKey =
    type === "recurring_gift.updated" ? `${type}:${giftId}:${randomUUID()}` : type === "recurring_gift.payment_failed" ? `${type}:${failedPayment?.donation_id}` : `${type}:${giftId}`;
  await emitWebhookEvent({
    tx,
    organizationId: gift.organizationId,
    type,
    dedupeKey,
    occurredAt: now,
    data: async (): Promise<RecurringGiftResource | null> => {
      const [first] = await tx
        .select(donationResourceColumns(donations))
        .from(donations)
        .where(and(eq(donations.recurringGiftId, gift.id), inArray(donations.status, ["succeeded", "refunded"])))
        .orderBy(asc(donations.createdAt))
        .limit(1);
      if (!first) return null;
      return {
        id: gift.id,
        object: "recurring_gift",
        organization_id: gift.organizationId,
        fundraiser_id: gift.fundraiserId,
        amount_cents: gift.amountCents,
        currency: first.currency,
        interval: "month",
        status: recurringGiftState({ gift, now }),
        charge_day: anchorDayOf(gift),
        next_charge_at: gift.status === "canceled" ? null : (gift.nextChargeAt?.toISOString() ?? null),
        paused_until: gift.pausedUntil && gift.pausedUntil > now ? gift.pausedUntil.toISOString() : null,
        created_at: gift.createdAt.toISOString(),
        canceled_at: gift.canceledAt?.toISOString() ?? null,
        anonymous: first.anonymous,
        donor: sharedDonorOf(first),
        ...(failedPayment ? { failed_payment: failedPayment } : {}),
      };
    },
  });
}

export type EmitSupporterPageEventOptions = { tx: Executor; page: typeof supporterPages.$inferSelect; type: SupporterPageChange; occurredAt: Date };

/**
 * Emit supporter_page.created or supporter_page.updated (`type`) for `page` as just written in `tx`
 * (SupporterPageEventResource: every state, totals in cents). The supporter's email is read
 * only when they agreed to share it with the organization; their name leaves as "Ana R.".
 * Dedupe: created once per page; each update is its own event.
 */
export async function emitSupporterPageEvent({ tx, page, type, occurredAt }: EmitSupporterPageEventOptions): Promise<void> {
  await emitWebhookEvent({
    tx,
    organizationId: page.organizationId,
    type,
    dedupeKey: type === "supporter_page.created" ? `${type}:${page.id}` : `${type}:${page.id}:${randomUUID()}`,
    occurredAt,
    data: async (): Promise<SupporterPageEventResource> => {
      // The email column is selected only when shared, so an unshared email never leaves the database.
      const email = page.shareEmailWithOrganization ? users.email : sql<null>`null`;
      const [supporter] = page.userId ? await tx.select({ firstName: users.firstName, lastName: users.lastName, email }).from(users).where(eq(users.id, page.userId)) : [];
      const totals = (await totalsByPage({ db: tx, pageIds: [page.id] })).get(page.id) ?? { raisedCents: 0, giftCount: 0 };
      return {
        ...supporterPageCommonFields({ page: { ...page, supporterFirstName: supporter?.firstName ?? null, supporterLastName: supporter?.lastName ?? null }, totals }),
        organization_id: page.organizationId,
        status: page.status,
        team_id: page.teamId,
        ...(supporter?.email ? { supporter_email: supporter.email } : {}),
      };
    },
  });
}

export type EmitOrganizationVerifiedOptions = { tx: Executor; organizationId: string; claimId: string; occurredAt: Date };

/** Emit organization.verified for the verified claim `claimId` of `organizationId`, in `tx`: `data` is the organization as the public API answers it. */
export async function emitOrganizationVerified({ tx, organizationId, claimId, occurredAt }: EmitOrganizationVerifiedOptions): Promise<void> {
  await emitWebhookEvent({
    tx,
    organizationId,
    type: "organization.verified",
    dedupeKey: `organization.verified:${claimId}`,
    occurredAt,
    data: async () => {
      const [row] = await tx.select(publicOrganizationColumns).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
      return row ? toOrganizationResource(toPublicOrganization(row)) : null;
    },
  });
}
