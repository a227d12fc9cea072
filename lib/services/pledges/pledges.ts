/**
 * Pledges to organizations that cannot receive gifts yet (not claimed, not approved and live,
 * or not connected to a payout account: see canReceiveGifts). A pledge is an amount in cents
 * and an email: no card is taken and no money is held, and a pledge is never counted as money
 * received. When the organization can receive gifts, each open pledge's donor gets exactly
 * one email (UPDATE ... WHERE status = 'open' in the transaction that queues it) with a signed
 * link opening checkout prefilled; the gift made there is an ordinary donation that completes
 * the pledge. An open pledge lapses 90 days after it is made; a notified one 90 days after
 * its email (PLEDGE_DAYS).
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { authSecret } from "@/lib/config/signing-secret";
import { getDb, type Executor } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { pledgeReadyMail } from "@/lib/mail/templates/pledge";
import { formatCents, type Cents } from "@/lib/money";
import { canReceiveGifts, receivingColumns } from "@/lib/services/organizations/receiving";
import { messages } from "@/lib/validations/messages";
import { pledgeEmailSchema, type PledgeInput } from "@/lib/validations/pledge";
import { fundraisers, organizations, pledges } from "@/models";
import { organizationDisplayName } from "@/lib/directory/display-name";

/** How long a pledge (and then its email's link) stays valid, in days. */
export const PLEDGE_DAYS = 90;
const DAY_MS = 86_400_000;

/** The pledge's link token: an HMAC of its id with the auth secret (32 url-safe characters). */
export function pledgeToken(pledgeId: string): string {
  return createHmac("sha256", authSecret()).update(`pledge:${pledgeId}`).digest("base64url").slice(0, 32);
}

function checkPledgeToken(pledgeId: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const a = Buffer.from(pledgeToken(pledgeId));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout link of a pledge (absolute URL). */
export function pledgeCheckoutUrl(p: { id: string; organizationId: string; fundraiserId: string | null }): string {
  return `${baseUrl()}/donation/${p.organizationId}/${p.fundraiserId ?? "direct"}?pledge=${p.id}&token=${pledgeToken(p.id)}`;
}

/**
 * Record a pledge. A signed-in donor pledges with their account's email; a guest gives one.
 * A second pledge of the same email to the same organization replaces the open one (one
 * email later, never two).
 * @returns the pledge id and when it lapses (UTC ISO).
 * @throws AppError(validation) bad email; AppError(not_found) unknown organization or
 *   fundraiser; AppError(conflict) the organization can already receive gifts (give instead).
 */
export async function createPledge({ actor, input, now = new Date() }: { actor: Actor | null; input: PledgeInput; now?: Date }): Promise<{ pledgeId: string; expiresAt: string }> {
  const emailResult = pledgeEmailSchema.safeParse(actor?.email || input.email);
  if (!emailResult.success) {
    const message = emailResult.error.issues[0]?.message ?? messages.receiving.pledgeEmailRequired;
    throw new AppError("validation", message, { email: message });
  }
  const email = emailResult.data.toLowerCase();
  if (input.amountCents > serverEnv().DONATION_MAX_CENTS) throw new AppError("validation", messages.receiving.pledgeAmountInvalid, { amountCents: messages.receiving.pledgeAmountInvalid });
  const db = await getDb();
  const [org] = await db.select({ id: organizations.id, ...receivingColumns }).from(organizations).where(eq(organizations.id, input.organizationId));
  if (!org || !org.live || org.approvalStatus === "rejected") throw new AppError("not_found", messages.donation.organizationNotFound);
  if (canReceiveGifts({ org })) throw new AppError("conflict", messages.receiving.pledgeCannotReceive);
  if (input.campaignId) {
    const [c] = await db.select({ id: fundraisers.id }).from(fundraisers).where(and(eq(fundraisers.id, input.campaignId), eq(fundraisers.organizationId, org.id)));
    if (!c) throw new AppError("not_found", messages.donation.campaignNotFound);
  }
  const expiresAt = new Date(now.getTime() + PLEDGE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.organizationId, org.id), eq(pledges.email, email), eq(pledges.status, "open")))
      .limit(1)
      .for("update");
    if (open) {
      await tx.update(pledges).set({ amountCents: input.amountCents, fundraiserId: input.campaignId, donorUserId: actor?.id ?? null, expiresAt }).where(eq(pledges.id, open.id));
      return { pledgeId: open.id, expiresAt: expiresAt.toISOString() };
    }
    const [row] = await tx
      .insert(pledges)
      .values({ organizationId: org.id, fundraiserId: input.campaignId, donorUserId: actor?.id ?? null, email, amountCents: input.amountCents, expiresAt, createdAt: now })
      .returning({ id: pledges.id });
    return { pledgeId: row!.id, expiresAt: expiresAt.toISOString() };
  });
}

/** Open pledges of an organization: distinct donors and the pledged total (cents). Not money received. */
export type PledgeSummary = { donors: number; totalCents: Cents; message: string | null };

/**
 * The nonprofit's view of the pledges waiting for it ("N donors pledged $X: connect payments
 * to receive them"). Only the organization's own nonprofit user (or an admin) may read it.
 * @throws AppError(forbidden) for anyone else.
 */
export async function getPledgeSummary({ actor, organizationId, now = new Date() }: { actor: Actor; organizationId: string; now?: Date }): Promise<PledgeSummary> {
  authorize(actor, "pledge.view", { organizationId });
  const db = await getDb();
  const [row] = await db
    .select({ donors: sql<string>`count(distinct ${pledges.email})`, cents: sql<string>`coalesce(sum(${pledges.amountCents}), 0)` })
    .from(pledges)
    .where(and(eq(pledges.organizationId, organizationId), eq(pledges.status, "open"), gt(pledges.expiresAt, now)));
  const donors = Number(row?.donors ?? 0);
  const totalCents = Number(row?.cents ?? 0);
  return { donors, totalCents, message: donors > 0 ? messages.receiving.pledgesWaiting(donors, formatCents(totalCents)) : null };
}

/**
 * Email every open, unexpired pledge of organization `organizationId` once it can receive
 * gifts; each pledge is moved to "notified" in the transaction that queues its email, so a
 * repeated or concurrent call sends nothing twice. No-op while it cannot receive gifts.
 * `now` (UTC) judges expiry and starts the link's PLEDGE_DAYS; defaults to the current time.
 * @returns the number of pledgers emailed now.
 */
export async function notifyPledgers({ organizationId, now = new Date() }: { organizationId: string; now?: Date }): Promise<number> {
  const db = await getDb();
  const [org] = await db.select({ name: organizations.name, legalName: organizations.legalName, logoUrl: organizations.logoUrl, ...receivingColumns }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org || !canReceiveGifts({ org })) return 0;
  const due = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.organizationId, organizationId), eq(pledges.status, "open"), gt(pledges.expiresAt, now)));
  let sent = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const expiresAt = new Date(now.getTime() + PLEDGE_DAYS * DAY_MS);
      const [p] = await tx
        .update(pledges)
        .set({ status: "notified", notifiedAt: now, expiresAt })
        .where(and(eq(pledges.id, id), eq(pledges.status, "open")))
        .returning();
      if (!p) return false;
      await enqueueMail(pledgeReadyMail({ email: p.email, organizationName: organizationDisplayName(org), organizationLogoUrl: org.logoUrl, amountCents: p.amountCents, checkoutUrl: pledgeCheckoutUrl(p), expiresAt }), { tx });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

export type PledgePrefillOptions = { pledgeId: string; token: string | null | undefined; organizationId: string; now?: Date };

/**
 * The checkout prefill of a pledge link: amount and email, only with the right token, while
 * the pledge is notified (or open) and unexpired, for the same organization.
 * @param options.token the token from the pledge link; options.organizationId the organization
 *        whose checkout is open; options.now the clock for the expiry check (default: now).
 * @returns null for a bad token, another organization, or an expired/completed pledge.
 */
export async function pledgePrefill({ pledgeId, token, organizationId, now = new Date() }: PledgePrefillOptions): Promise<{ amountCents: Cents; email: string } | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(pledgeId) || !checkPledgeToken(pledgeId, token)) return null;
  const db = await getDb();
  const [p] = await db
    .select({ amountCents: pledges.amountCents, email: pledges.email, organizationId: pledges.organizationId })
    .from(pledges)
    .where(and(eq(pledges.id, pledgeId), inArray(pledges.status, ["open", "notified"]), gt(pledges.expiresAt, now)));
  if (!p || p.organizationId !== organizationId) return null;
  return { amountCents: p.amountCents, email: p.email };
}

/** Lapse pledges whose time has passed at `now` (UTC; default the current time). Idempotent. @returns how many lapsed now. */
export async function expirePledges({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(pledges)
    .set({ status: "expired" })
    .where(and(inArray(pledges.status, ["open", "notified"]), lt(pledges.expiresAt, now)))
    .returning({ id: pledges.id });
  return rows.length;
}

/**
 * Inside succeeded `donation`'s transaction `tx`: the donor's notified pledge to that
 * organization is completed by this gift (matched by email). Idempotent (only notified pledges change).
 */
export async function completePledgeWithDonation({ tx, donation: d }: { tx: Executor; donation: { id: string; organizationId: string; donorEmail: string | null } }): Promise<void> {
  if (!d.donorEmail) return;
  await tx
    .update(pledges)
    .set({ status: "completed", donationId: d.id })
    .where(and(eq(pledges.organizationId, d.organizationId), eq(pledges.email, d.donorEmail.toLowerCase()), eq(pledges.status, "notified")));
}

/** Organizations with open pledges unexpired at `now` (UTC; default the current time), for the periodic notifier. */
export async function organizationsWithOpenPledges({ now = new Date() }: { now?: Date } = {}): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: pledges.organizationId })
    .from(pledges)
    .where(and(eq(pledges.status, "open"), gt(pledges.expiresAt, now)))
    .limit(1000);
  return rows.map((r) => r.id);
}
