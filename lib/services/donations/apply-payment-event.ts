/**
 * The exactly-once heart of donations. A verified provider event is recorded in
 * payment_events (unique provider + event id) in the same transaction as its effect on the
 * donation, so a duplicate delivery changes nothing. The succeeded effect (campaign progress
 * += amount, effects_applied_at, receipt and notifications queued with the transaction) is
 * guarded by a conditional UPDATE ... WHERE effects_applied_at IS NULL AND refunded_at IS
 * NULL, and a refund reverses it once (UPDATE ... WHERE refunded_at IS NULL). The webhook
 * events of these effects (donation.succeeded / refunded, ticket_order.paid,
 * recurring_gift.created, fundraiser.goal_reached) are written in the same transaction, so
 * they too happen once (lib/services/webhooks/emit-webhook-event.ts). The donation
 * row is locked (SELECT ... FOR UPDATE) so events of one payment apply one at a time, in
 * whatever order they arrive.
 */
import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { refreshGiftPages, type GiftPages } from "@/lib/cache/public-pages";
import { getDb, type Executor } from "@/lib/db/client";
import { selectBuiltOnce } from "@/lib/db/prepared";
import { displayDonationStatus, paymentTypeLabel } from "@/lib/donations/labels";
import { baseUrl } from "@/lib/env";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics";
import { donationMailJob } from "@/lib/mail/mail-job";
import { enqueueMail, enqueueMails } from "@/lib/mail/queue";
import { donationMailHasRecipient, type DonationMailFacts } from "@/lib/mail/templates/donation";
import { providerByName } from "@/lib/payments";
import type { PaymentEvent, ProviderName } from "@/lib/payments/types";
import { campaigns, donations, organizations, paymentEvents, pledges, webhookEndpoints } from "@/models";
import { ticketConfirmationMail } from "@/lib/mail/templates/ticket";
import { completePledgeWithDonation } from "@/lib/services/pledges/pledges";
import { applyTicketPaymentOutcome, ticketSaleFacts } from "./ticket-payments";
import { isRecurringPeriod, recordRecurringChargeFailure, recordRecurringChargeSuccess } from "@/lib/services/recurring/failures";
import { emitDonationEvent, emitGoalReachedIfCrossed, emitRecurringGiftEvent, emitTicketOrderPaid } from "@/lib/services/webhooks/webhook-events";
import { recurringManageUrl } from "@/lib/services/recurring/manage-link";
import { organizationTimeZone } from "@/lib/time/organization-time-zone";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { donationFactsOrganizationColumns, loadDonationFacts, toDonationFacts, type DonationFacts, type DonationRow } from "./donation-facts";
import { organizationDisplayName } from "@/lib/directory/display-name";

export type EventOutcome = {
  /** False when the event was already recorded (a duplicate delivery). */
  recorded: boolean;
  donationId: string | null;
  /** applied: the succeeded effect ran now; reversed: a refund undid it now. */
  effect: "applied" | "reversed" | "none";
};

/**
 * Verify a webhook delivery on its raw body, then apply it.
 * @throws AppError(bad_request) for a missing or invalid signature — before any write.
 */
export async function handleWebhook(provider: ProviderName, rawBody: string, headers: Headers | Record<string, string>): Promise<EventOutcome> {
  const event = await providerByName(provider).verifyWebhook(rawBody, headers);
  return applyPaymentEvent(event);
}

/**
 * One statement: lock the event's donation (FOR UPDATE returns its latest committed version;
 * matched by the provider's payment id, or by our donation id with the same provider; a null
 * input matches nothing) and record the event with it in payment_events; with them the
 * receipt's facts (organization, fundraiser name) and the EffectHints, so no second read is
 * needed for them. No row back means the event was already recorded; `donation` is null when
 * no donation matched. Built once per process (lib/db/prepared.ts): at some 50 donation
 * columns named through two CTEs, building it took longer than PostgreSQL took to run it.
 */
const lockAndRecordEvent = selectBuiltOnce("payment_event_lock_and_record", (tx: Executor) => {
  const provider = sql.placeholder("provider");
  const locked = tx.$with("locked").as(
    tx
      .select()
      .from(donations)
      .where(
        or(
          and(eq(donations.provider, provider), eq(donations.providerPaymentId, sql.placeholder("providerPaymentId"))),
          and(eq(donations.id, sql.placeholder("donationId")), eq(donations.provider, provider)),
        ),
      )
      .limit(1)
      .for("update"),
  );
  const recorded = tx.$with("recorded").as(
    tx
      .insert(paymentEvents)
      .values({ provider, eventId: sql.placeholder("eventId"), type: sql.placeholder("type"), donationId: sql`(select "id" from "locked")` })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId }),
  );
  return tx
    .with(locked, recorded)
    .select({
      eventId: recorded.eventId,
      donation: locked._.selectedFields,
      organization: donationFactsOrganizationColumns,
      fundraiserName: campaigns.name,
      // What the succeeded effect may have to do besides the receipt: most gifts have no
      // notified pledge to complete and their organization no webhook endpoint, and then the
      // transaction skips those statements.
      notifiedPledge: sql<boolean>`exists (select 1 from ${pledges} where ${pledges.organizationId} = ${locked.organizationId} and ${pledges.email} = ${locked.donorEmail}::citext and ${pledges.status} = 'notified')`,
      webhookEndpoints: sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.organizationId} = ${locked.organizationId})`,
    })
    .from(recorded)
    .leftJoin(locked, sql`true`)
    .leftJoin(organizations, eq(organizations.id, locked.organizationId))
    .leftJoin(campaigns, eq(campaigns.id, locked.campaignId));
});

/** Apply one verified event exactly once (see the module comment). */
export async function applyPaymentEvent(event: PaymentEvent): Promise<EventOutcome> {
  const db = await getDb();
  // The cached pages the change shows on, refreshed once the transaction has committed.
  const changed: { pages?: GiftPages } = {};
  const outcome = await db.transaction(async (tx) => {
    const [row] = await lockAndRecordEvent(tx, {
      provider: event.provider,
      providerPaymentId: event.providerPaymentId ?? null,
      donationId: event.donationId ?? null,
      eventId: event.eventId,
      type: event.rawType,
    });
    if (!row) return { recorded: false, donationId: null, effect: "none" as const };
    const donation: DonationRow | null = row.donation;
    if (!donation) {
      if (event.providerPaymentId || event.donationId) logger.warn("payment event for an unknown donation", { provider: event.provider, type: event.rawType });
      return { recorded: true, donationId: null, effect: "none" as const };
    }
    const facts = row.organization ? toDonationFacts({ donation, organization: row.organization, fundraiserName: row.fundraiserName }) : null;
    const effect = await transition(tx, donation, event, facts, row);
    if (effect !== "none") changed.pages = { organizationId: donation.organizationId, campaignId: donation.campaignId, ticket: donation.kind === "ticket" };
    return { recorded: true, donationId: donation.id, effect };
  });
  if (changed.pages) refreshGiftPages(changed.pages);
  if (outcome.recorded) metrics.paymentEventApplied(outcome.effect);
  return outcome;
}

/**
 * What the lock-and-record statement found besides the donation, read in the same
 * transaction: whether the donor has a notified pledge to this organization to complete, and
 * whether the organization has any webhook endpoint (without one, no webhook event is due).
 */
type EffectHints = { notifiedPledge: boolean; webhookEndpoints: boolean };

async function transition(tx: Executor, d: DonationRow, event: PaymentEvent, facts: DonationFacts | null, hints: EffectHints): Promise<EventOutcome["effect"]> {
  const now = new Date();
  const paymentId = event.providerPaymentId && !d.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {};
  const chargeId = event.providerChargeId ? { providerChargeId: event.providerChargeId } : {};
  switch (event.type) {
    case "payment.requires_action":
    case "payment.processing": {
      // Only moves forward from a state that has not settled yet.
      if (d.status !== "pending" && d.status !== "requires_action") return "none";
      const status = event.type === "payment.processing" ? "processing" : "requires_action";
      await tx.update(donations).set({ status, ...paymentId, updatedAt: now }).where(eq(donations.id, d.id));
      return "none";
    }
    case "payment.failed": {
      if (d.status === "succeeded" || d.status === "refunded") return "none";
      await tx
        .update(donations)
        .set({ status: "failed", failureReason: event.failureReason ?? "The payment failed.", ...paymentId, updatedAt: now })
        .where(eq(donations.id, d.id));
      // Event tickets: a failed ticket payment cancels its pending order and frees the seats.
      await applyTicketPaymentOutcome(tx, d, "failed");
      // Monthly gifts: schedule the retry or mark past due, and tell the donor (once per event).
      await recordRecurringChargeFailure(tx, d, event.failureReason ?? "The payment failed.", now);
      return "none";
    }
    case "payment.succeeded": {
      // `d` was read under this transaction's row lock, so whether the effect is still due is
      // known here; the WHERE repeats it so the statement can never apply it twice.
      const due = !d.effectsAppliedAt && !d.refundedAt;
      if (d.status !== "refunded") {
        await tx
          .update(donations)
          .set({ status: "succeeded", failureReason: null, succeededAt: d.succeededAt ?? now, ...paymentId, ...chargeId, updatedAt: now, ...(due ? { effectsAppliedAt: now } : {}) })
          .where(due ? and(eq(donations.id, d.id), isNull(donations.effectsAppliedAt), isNull(donations.refundedAt)) : eq(donations.id, d.id));
        // Event tickets: a paid ticket order is confirmed once its payment succeeds.
        await applyTicketPaymentOutcome(tx, d, "succeeded");
        await recordRecurringChargeSuccess(tx, d);
      }
      if (!due) return "none";
      // A ticket payment is a sale: the buyer gets a purchase confirmation, never a donation receipt.
      if (d.kind === "ticket") {
        await enqueueTicketMail(tx, { ...d, status: "succeeded" });
        if (hints.webhookEndpoints) await emitTicketOrderPaid(tx, d, now);
      } else {
        await enqueueDonationMail(tx, { ...d, status: "succeeded" }, undefined, facts);
        if (hints.notifiedPledge) await completePledgeWithDonation(tx, d);
        // Webhooks, in this transaction (the outbox): once, as the effects above.
        if (hints.webhookEndpoints) {
          await emitDonationEvent(tx, d.id, d.organizationId, "donation.succeeded", now);
          if (d.recurringGiftId && !isRecurringPeriod(d)) await emitRecurringGiftEvent(tx, d.recurringGiftId, "recurring_gift.created", { now });
        }
      }
      // The fundraiser's progress row is the one every gift to it writes: it is updated last,
      // so its lock is held for this statement and the commit only, not for the work above.
      const [campaign] = d.campaignId
        ? await tx
            .update(campaigns)
            .set({ progressCents: sql`${campaigns.progressCents} + ${d.amountCents}` })
            .where(eq(campaigns.id, d.campaignId))
            .returning({ id: campaigns.id, organizationId: campaigns.organizationId, name: campaigns.name, goalCents: campaigns.goalCents, progressCents: campaigns.progressCents })
        : [];
      if (campaign && hints.webhookEndpoints) await emitGoalReachedIfCrossed(tx, campaign, d.amountCents, now);
      return "applied";
    }
    case "payment.refunded": {
      const refunded = await tx
        .update(donations)
        .set({ status: "refunded", refundedAt: now, ...chargeId, updatedAt: now })
        .where(and(eq(donations.id, d.id), isNull(donations.refundedAt)))
        .returning({ effectsAppliedAt: donations.effectsAppliedAt });
      if (refunded.length === 0 || !refunded[0]!.effectsAppliedAt) return "none";
      if (d.campaignId) {
        await tx
          .update(campaigns)
          .set({ progressCents: sql`${campaigns.progressCents} - ${d.amountCents}` })
          .where(eq(campaigns.id, d.campaignId));
      }
      // A refunded ticket sale is not a refunded gift: no donation.refunded event for it.
      if (hints.webhookEndpoints && d.kind === "donation") await emitDonationEvent(tx, d.id, d.organizationId, "donation.refunded", now);
      return "reversed";
    }
    default:
      return "none";
  }
}

/**
 * The facts the donation emails need: `known` when the caller has read them in `tx` already
 * (the payment-event read takes them with the donation), else read inside `tx` through
 * loadDonationFacts. The donation fields come from `d`, the caller's row: inside a webhook's
 * transaction it carries the status just applied.
 */
export async function donationMailFacts(tx: Executor, d: DonationRow, known?: DonationFacts | null): Promise<DonationMailFacts> {
  const facts = known ?? (await loadDonationFacts(tx, d.id));
  const org = facts?.organization;
  return {
    donationId: d.id,
    createdAt: d.createdAt,
    amountCents: d.amountCents,
    feeCents: d.feeCents,
    coverFees: d.coverFees,
    status: displayDonationStatus(d.status),
    paymentType: paymentTypeLabel(d.paymentMethodType),
    recurring: Boolean(d.recurringGiftId),
    organizationName: org ? organizationDisplayName(org) : "the organization",
    organizationLegalName: org?.legalName ?? null,
    organizationEin: org?.ein ?? null,
    organizationEmail: org?.email ?? null,
    organizationLogoUrl: org?.logoUrl ?? null,
    irsDeductibility: org?.irsDeductibility ?? null,
    fundraiserName: facts?.fundraiserName ?? null,
    donor: {
      name: d.donorName,
      email: d.donorEmail,
      telephone: d.donorTelephone,
      city: d.donorCity,
      state: d.donorState,
      gender: d.donorGender,
      ageRange: d.donorAgeRange,
    },
    anonymous: d.anonymous,
    share: { name: d.shareName, email: d.shareEmail, phone: d.shareTelephone, location: d.shareLocation, gender: d.shareGender, age: d.shareAge },
    receiptUrl: `${baseUrl()}/api/receipts/${d.id}?token=${donationAccessToken(d.id)}`,
    manageUrl: d.recurringGiftId ? recurringManageUrl(d.recurringGiftId) : null,
  };
}

/** The ticket confirmation's facts for ticket payment `d`, read in `tx` (null when its order is gone). */
export async function ticketMailFacts(tx: Executor, d: DonationRow) {
  const sale = await ticketSaleFacts(tx, d);
  if (!sale) return null;
  const [org] = await tx
    .select({ name: organizations.name, legalName: organizations.legalName, ein: organizations.ein, logoUrl: organizations.logoUrl, irsDeductibility: organizations.irsDeductibility, state: organizations.state, zipcode: organizations.zipcode })
    .from(organizations)
    .where(eq(organizations.id, d.organizationId));
  return {
    paymentId: d.id,
    paidAt: d.succeededAt ?? d.createdAt,
    buyerEmail: d.donorEmail,
    organizationName: org ? organizationDisplayName(org) : "the organization",
    organizationEin: org?.ein ?? null,
    organizationLogoUrl: org?.logoUrl ?? null,
    irsDeductibility: org?.irsDeductibility ?? null,
    eventName: sale.eventName,
    eventStartsAt: sale.eventStartsAt,
    eventTimeZone: organizationTimeZone({ state: org?.state, zipcode: org?.zipcode }),
    ticketTypeName: sale.ticketTypeName,
    quantity: sale.quantity,
    amountCents: sale.amountCents,
    goodsValueCents: sale.goodsValueCents,
    deductibleCents: sale.deductibleCents,
    receiptUrl: `${baseUrl()}/api/receipts/${d.id}?token=${donationAccessToken(d.id)}`,
  };
}

async function enqueueTicketMail(tx: Executor, d: DonationRow): Promise<void> {
  const facts = await ticketMailFacts(tx, d);
  const mail = facts ? ticketConfirmationMail(facts) : null;
  if (mail) await enqueueMail(mail, { tx });
}

/**
 * Queue the receipt, the nonprofit notification and the platform copy in `tx` (`which`: some
 * of them; `known`: the donation's facts when already read in `tx`). Returns how many.
 */
export async function enqueueDonationMail(
  tx: Executor,
  d: DonationRow,
  which: { receipt?: boolean; nonprofit?: boolean; platform?: boolean } = { receipt: true, nonprofit: true, platform: true },
  known?: DonationFacts | null,
): Promise<number> {
  const facts = await donationMailFacts(tx, d, known);
  // Queued as their facts and rendered at delivery (lib/mail/mail-job.ts); none without a recipient.
  const kinds = (["receipt", "nonprofit", "platform"] as const).filter((kind) => which[kind] && donationMailHasRecipient(kind, facts));
  await enqueueMails(
    kinds.map((kind) => donationMailJob(kind, facts)),
    { tx },
  );
  return kinds.length;
}
