/**
 * Gifts a nonprofit received outside the platform and records itself from Manage Donations:
 * cash, a check, a donor-advised fund grant, stock or in-kind property
 * (lib/validations/offline-gift.ts has the rules of each).
 *
 * An offline gift is a `donations` row without a payment (docs/decisions/0007-payment-model.md:
 * `payments` is the ledger of money that moved through a provider, so payouts never see it),
 * status succeeded, `offline_method` and `offline_details` set, `received_on` the calendar day
 * it was received and its created and succeeded times that day at noon UTC (the same calendar
 * day in every US time zone, so the report lists it on the day it was received). In-kind
 * property is recorded at 0 cents: it adds to gift counts, never to money received (IRS
 * Publication 1771: the organization does not value non-cash property). The donor's name and
 * email are shared with the organization, which recorded them; an email is recorded only with
 * the donor's consent.
 *
 * Each change is authorized against the database before the first write and is written with
 * the fundraiser's progress (moved by the amount, back on edit or delete, exactly once) and an
 * entry of organization_audit_log, in one transaction; recording one publishes
 * "offline_gift.recorded" in that transaction (lib/domain-events/events.ts). After the commit the cached public
 * pages that show the fundraiser's progress are refreshed (lib/cache/public-pages.ts). Gifts
 * made online are refused here: they change only through the payment core.
 */
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { refreshGiftPages } from "@/lib/cache/public-pages";
import { authorize, authorizeOrganization, unauthenticated } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb, type Executor } from "@/lib/db/client";
import { publish } from "@/lib/domain-events";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { reportTimeZone } from "@/lib/services/reports/donation-report";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { offlineGiftSchema, todayIn, type OfflineGiftInput, type OfflineGiftMethod } from "@/lib/validations/offline-gift";
import { fundraisers, donations, organizationAuditLog, type OfflineGiftDetails } from "@/models";

/**
 * A gift recorded offline as the organization sees it. Amount in cents, null for in-kind.
 * `method` "other_platform": a gift imported from another platform's history, paid there.
 */
export type OfflineGiftView = {
  id: string;
  organizationId: string;
  method: OfflineGiftMethod | "other_platform";
  /** YYYY-MM-DD. */
  receivedOn: string;
  amountCents: Cents | null;
  campaignId: string | null;
  details: OfflineGiftDetails;
  donorName: string | null;
  donorEmail: string | null;
};

/** The audit log's actions of offline gifts. */
export const OFFLINE_GIFT_AUDIT = { recorded: "offline_gift.recorded", updated: "offline_gift.updated", deleted: "offline_gift.deleted" } as const;

export type RecordOfflineGiftOptions = {
  actor: Actor | null;
  organizationId: string;
  /** The request body, validated here with offlineGiftSchema. */
  input: unknown;
  /** The present instant (UTC); "today" for the future-date rule. Tests fix it. */
  now?: Date;
};
export type UpdateOfflineGiftOptions = { actor: Actor | null; donationId: string; input: unknown; now?: Date };
export type DeleteOfflineGiftOptions = { actor: Actor | null; donationId: string };

/**
 * Record a gift received outside the platform for `organizationId`.
 * @returns the gift as stored.
 * @throws AppError(unauthenticated | forbidden) for anyone but a current member of the
 *   organization; AppError(not_found) for an unknown organization; AppError(validation) 422
 *   with per-field messages for bad input (lib/validations/messages.ts, offlineGifts), a
 *   fundraiser of another organization included. Nothing is written when it throws.
 */
export async function recordOfflineGift({ actor, organizationId, input, now = new Date() }: RecordOfflineGiftOptions): Promise<OfflineGiftView> {
  // A caller from another organization is refused before its input is read.
  authorize(actor, "donation.recordOffline", { organizationId });
  const db = await getDb();
  const gift = parseGift(input, await reportTimeZone({ db, organizationId }), now);
  const view = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "donation.recordOffline", organizationId);
    await assertFundraiser(tx, organizationId, gift.campaignId);
    const donor = await resolveDonor(tx, organizationId, gift);
    const [row] = await tx
      .insert(donations)
      .values({ organizationId, ...giftColumns(gift), ...donor, status: "succeeded", paymentId: null })
      .returning();
    await moveProgress(tx, gift.campaignId, row!.amountCents);
    await audit(tx, actor, organizationId, OFFLINE_GIFT_AUDIT.recorded, row!.id, auditFacts(row!));
    await publish(tx, "offline_gift.recorded", { donation: row!, occurredAt: now });
    return toView(row!);
  });
  refreshGiftPages({ organizationId, campaignId: view.campaignId });
  return view;
}

/**
 * Correct a gift its organization recorded offline (every field is given again). The
 * fundraiser's progress moves by the difference: the old amount off the old fundraiser, the
 * new amount onto the new one.
 * @throws AppError(not_found) for an unknown gift or one the caller's organization does not
 *   own (its existence is not revealed); AppError(unauthenticated | forbidden) as
 *   recordOfflineGift; AppError(conflict) 409 for a gift made online; AppError(validation) 422
 *   for bad input. Nothing is written when it throws.
 */
export async function updateOfflineGift({ actor, donationId, input, now = new Date() }: UpdateOfflineGiftOptions): Promise<OfflineGiftView> {
  const db = await getDb();
  const own = await findOwnGift(db, actor, donationId);
  const gift = parseGift(input, await reportTimeZone({ db, organizationId: own.organizationId }), now);
  const { view, previousCampaignId: previousFundraiserId } = await db.transaction(async (tx) => {
    const before = await findOwnGift(tx, actor, donationId, { lock: true });
    await assertFundraiser(tx, before.organizationId, gift.campaignId);
    const donor = await resolveDonor(tx, before.organizationId, gift);
    const [row] = await tx
      .update(donations)
      .set({ ...giftColumns(gift), ...donor })
      .where(eq(donations.id, donationId))
      .returning();
    await moveProgress(tx, before.fundraiserId, -before.amountCents);
    await moveProgress(tx, row!.fundraiserId, row!.amountCents);
    await audit(tx, actor!, before.organizationId, OFFLINE_GIFT_AUDIT.updated, donationId, { before: auditFacts(before), after: auditFacts(row!) });
    return { view: toView(row!), previousCampaignId: before.fundraiserId };
  });
  refreshGiftPages({ organizationId: view.organizationId, campaignId: view.campaignId });
  if (previousFundraiserId && previousFundraiserId !== view.campaignId) refreshGiftPages({ organizationId: view.organizationId, campaignId: previousFundraiserId });
  return view;
}

/**
 * Delete a gift its organization recorded offline; the fundraiser's progress goes back by its
 * amount.
 * @returns the deleted gift's id.
 * @throws as updateOfflineGift (no validation).
 */
export async function deleteOfflineGift({ actor, donationId }: DeleteOfflineGiftOptions): Promise<{ id: string }> {
  const db = await getDb();
  const before = await db.transaction(async (tx) => {
    const before = await findOwnGift(tx, actor, donationId, { lock: true });
    await tx.delete(donations).where(eq(donations.id, donationId));
    await moveProgress(tx, before.fundraiserId, -before.amountCents);
    await audit(tx, actor!, before.organizationId, OFFLINE_GIFT_AUDIT.deleted, donationId, auditFacts(before));
    return before;
  });
  refreshGiftPages({ organizationId: before.organizationId, campaignId: before.fundraiserId });
  return { id: donationId };
}

/**
 * A gift its organization recorded offline, as stored, for the member who corrects it.
 * @throws as updateOfflineGift (no validation).
 */
export async function getOfflineGift({ actor, donationId }: DeleteOfflineGiftOptions): Promise<OfflineGiftView> {
  return toView(await findOwnGift(await getDb(), actor, donationId));
}

type DonationRow = typeof donations.$inferSelect;

/**
 * The gift `input` with its date received checked against today in the organization's zone
 * `timeZone` (the real date where it is, never a later one).
 * @throws AppError(validation) with `{ field: message }` for input the schema refuses.
 */
function parseGift(input: unknown, timeZone: string, now: Date): OfflineGiftInput {
  const parsed = offlineGiftSchema(todayIn(timeZone, now)).safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = zodFieldErrors(parsed.error, topField);
  throw new AppError("validation", Object.values(fields)[0] ?? messages.generic.badRequest, fields);
}

/**
 * The gift `donationId` when `actor` may change it: a current member of its organization, and
 * the gift was recorded offline.
 * @throws AppError(unauthenticated) for nobody; AppError(not_found) for an unknown gift or
 *   another organization's; AppError(forbidden) for a member's stale session; AppError(conflict)
 *   for a gift made online.
 */
async function findOwnGift(db: Executor, actor: Actor | null, donationId: string, options: { lock?: boolean } = {}): Promise<DonationRow> {
  if (!actor) throw unauthenticated();
  const query = db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || !can(actor, "donation.recordOffline", { organizationId: row.organizationId })) throw new AppError("not_found", messages.donation.notFound);
  await authorizeOrganization(db, actor, "donation.recordOffline", row.organizationId);
  if (!row.offlineMethod || row.paymentId) throw new AppError("conflict", messages.offlineGifts.notOffline);
  return row;
}

/** @throws AppError(validation) when `campaignId` is not one of the organization's fundraisers. */
async function assertFundraiser(db: Executor, organizationId: string, fundraiserId: string | null): Promise<void> {
  if (!fundraiserId) return;
  const [found] = await db
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
    .limit(1);
  if (!found) throw new AppError("validation", messages.offlineGifts.fundraiserNotFound, { campaignId: messages.offlineGifts.fundraiserNotFound });
}

/**
 * The donor's columns. An email that a previous gift to this organization shared (not
 * anonymously) names that existing donor: the gift joins their account and, when no name is
 * given, takes the name of that gift. The organization recorded the details itself, so they
 * are shared with it; nothing else about the donor is stored.
 */
async function resolveDonor(db: Executor, organizationId: string, gift: OfflineGiftInput) {
  const email = gift.donorEmail ? gift.donorEmail.toLowerCase() : null;
  let donorUserId: string | null = null;
  let donorName = gift.donorName || null;
  if (email) {
    const [previous] = await db
      .select({ donorUserId: donations.donorUserId, donorName: donations.donorName, shareName: donations.shareName })
      .from(donations)
      .where(and(eq(donations.organizationId, organizationId), eq(donations.shareEmail, true), eq(donations.anonymous, false), sql`lower(${donations.donorEmail}) = ${email}`))
      .orderBy(desc(donations.createdAt))
      .limit(1);
    if (previous) {
      donorUserId = previous.donorUserId;
      donorName ??= previous.shareName ? previous.donorName : null;
    }
  }
  return { donorUserId, donorName, donorEmail: email, shareName: donorName !== null, shareEmail: email !== null, anonymous: false };
}

/** Noon UTC of a calendar day: that same day in every US time zone. */
function noonUtc(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

/** The gift's own columns from validated input (in-kind: 0 cents). */
function giftColumns(gift: OfflineGiftInput) {
  const details: OfflineGiftDetails = {};
  if (gift.checkNumber) details.checkNumber = gift.checkNumber;
  if (gift.fundName) details.fundName = gift.fundName;
  if (gift.description) details.description = gift.description;
  if (gift.shares) details.shares = gift.shares;
  const at = noonUtc(gift.receivedOn);
  return {
    fundraiserId: gift.campaignId,
    amountCents: gift.amountCents ?? 0,
    feeCents: 0,
    coverFees: false,
    offlineMethod: gift.method,
    offlineDetails: details,
    receivedOn: gift.receivedOn,
    succeededAt: at,
    createdAt: at,
  };
}

/** Move a fundraiser's progress by `cents` (negative to take a gift back); nothing without a fundraiser or an amount. */
async function moveProgress(db: Executor, fundraiserId: string | null, cents: Cents): Promise<void> {
  if (!fundraiserId || cents === 0) return;
  await db
    .update(fundraisers)
    .set({ progressCents: sql`${fundraisers.progressCents} + ${cents}` })
    .where(eq(fundraisers.id, fundraiserId));
}

/** What the audit log keeps of a gift: never the donor's contact details. */
function auditFacts(row: DonationRow): Record<string, unknown> {
  return { method: row.offlineMethod, amountCents: row.amountCents, receivedOn: row.receivedOn, campaignId: row.fundraiserId };
}

async function audit(db: Executor, actor: Actor, organizationId: string, action: string, subjectId: string, details: Record<string, unknown>): Promise<void> {
  await db.insert(organizationAuditLog).values({ organizationId, actorUserId: actor.id, action, subjectId, details });
}

function toView(row: DonationRow): OfflineGiftView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    method: row.offlineMethod!,
    receivedOn: row.receivedOn!,
    amountCents: row.offlineMethod === "in_kind" ? null : row.amountCents,
    campaignId: row.fundraiserId,
    details: row.offlineDetails ?? {},
    donorName: row.donorName,
    donorEmail: row.donorEmail,
  };
}
