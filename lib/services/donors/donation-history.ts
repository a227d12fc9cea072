/**
 * A donor's own donation history (/donor/{id}): every gift and every recurring gift.
 * Read straight from the donations tables; only the owner may see it.
 */
import "server-only";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { displayDonationStatus, fundraiserLabel } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, eventTicketOrders, organizations, payments, recurringGifts } from "@/models";

export type DonorGift = {
  id: string;
  createdAt: Date;
  organizationId: string;
  organization: string;
  /** Fundraiser name, or "Direct Donation". */
  fundraiser: string;
  amountCents: Cents;
  feeCents: Cents;
  status: string;
  statusLabel: string;
  failureReason: string | null;
  recurring: boolean;
  /** Link to the receipt PDF; only for completed gifts. */
  receiptUrl: string | null;
};

export type DonorRecurringGift = {
  id: string;
  organization: string;
  fundraiser: string;
  amountCents: Cents;
  status: "active" | "canceled";
  nextChargeAt: Date | null;
  createdAt: Date;
};

export type AssertOwnDonorPageOptions = { actor: Actor | null; donorId: string };

/**
 * @returns the actor, known to be the donor `donorId`.
 * @throws AppError(unauthenticated) without an actor; AppError(not_found) unless the actor is
 *         this donor (others cannot learn it exists).
 */
export function assertOwnDonorPage({ actor, donorId }: AssertOwnDonorPageOptions): Actor {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  if (!can(actor, "donationHistory.view", { userId: donorId })) throw new AppError("not_found", messages.generic.notFound);
  return actor;
}

/**
 * Gifts of a donor, newest first; with `year`, only gifts made in that UTC calendar year.
 * @throws AppError(not_found) for anyone but the donor.
 */
export async function listDonorGifts({ actor, donorId, year }: { actor: Actor | null; donorId: string; year?: number }): Promise<DonorGift[]> {
  assertOwnDonorPage({ actor, donorId });
  const db = await getDb();
  const where = [eq(donations.donorUserId, donorId)];
  if (year) {
    where.push(gte(donations.createdAt, new Date(Date.UTC(year, 0, 1))), lt(donations.createdAt, new Date(Date.UTC(year + 1, 0, 1))));
  }
  const gifts = await db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      organizationId: donations.organizationId,
      organization: organizations.name,
      fundraiser: fundraisers.name,
      amountCents: donations.amountCents,
      feeCents: donations.feeCents,
      status: donations.status,
      failureReason: donations.failureReason,
      recurringGiftId: donations.recurringGiftId,
    })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(and(...where))
    .orderBy(desc(donations.createdAt));
  // Ticket purchases paid by this account: listed as purchases (their confirmation is not a donation receipt).
  const ticketWhere = [eq(eventTicketOrders.buyerUserId, donorId)];
  if (year) ticketWhere.push(gte(payments.createdAt, new Date(Date.UTC(year, 0, 1))), lt(payments.createdAt, new Date(Date.UTC(year + 1, 0, 1))));
  const purchases = await db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      organizationId: payments.organizationId,
      organization: organizations.name,
      amountCents: payments.amountCents,
      feeCents: payments.feeCents,
      status: payments.status,
      failureReason: payments.failureReason,
    })
    .from(eventTicketOrders)
    .innerJoin(payments, eq(payments.id, eventTicketOrders.paymentId))
    .innerJoin(organizations, eq(organizations.id, payments.organizationId))
    .where(and(...ticketWhere));
  const rows = [
    ...gifts.map((r) => ({ ...r, fundraiser: fundraiserLabel(r.fundraiser) })),
    ...purchases.map((r) => ({ ...r, fundraiser: "Event tickets (purchase)", recurringGiftId: null })),
  ].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime());
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    organizationId: r.organizationId,
    organization: r.organization,
    fundraiser: r.fundraiser,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    status: r.status,
    statusLabel: displayDonationStatus(r.status),
    failureReason: r.status === "failed" ? r.failureReason : null,
    recurring: r.recurringGiftId !== null,
    receiptUrl: r.status === "succeeded" ? `/api/receipts/${r.id}` : null,
  }));
}

export type ListDonorRecurringGiftsOptions = { actor: Actor | null; donorId: string };

/**
 * Recurring gifts of a donor, active first.
 * @throws AppError(not_found) for anyone but the donor.
 */
export async function listDonorRecurringGifts({ actor, donorId }: ListDonorRecurringGiftsOptions): Promise<DonorRecurringGift[]> {
  assertOwnDonorPage({ actor, donorId });
  const db = await getDb();
  const rows = await db
    .select({
      id: recurringGifts.id,
      organization: organizations.name,
      fundraiser: fundraisers.name,
      amountCents: recurringGifts.amountCents,
      status: recurringGifts.status,
      nextChargeAt: recurringGifts.nextChargeAt,
      createdAt: recurringGifts.createdAt,
    })
    .from(recurringGifts)
    .innerJoin(organizations, eq(organizations.id, recurringGifts.organizationId))
    .leftJoin(fundraisers, eq(fundraisers.id, recurringGifts.fundraiserId))
    .where(eq(recurringGifts.donorUserId, donorId))
    .orderBy(recurringGifts.status, desc(recurringGifts.createdAt));
  return rows.map((r) => ({ ...r, fundraiser: fundraiserLabel(r.fundraiser) }));
}
