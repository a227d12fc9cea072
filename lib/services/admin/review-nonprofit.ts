/**
 * Admin review of nonprofits waiting for approval (registered without an EIN, or a disputed
 * claim): approve (approval_status 'approved' and live, so the organization shows in search
 * and can receive donations) or reject ('rejected', stays hidden), from the console or from a
 * signed, single-use approval link. Every decision writes admin_audit_log in the same
 * transaction, and an approval emails the nonprofit.
 */
import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { messages } from "@/lib/validations/messages";
import { approvalLinks, organizations, users } from "@/models";
import { recordAdminAction } from "./audit";
import { approvalSignatureValid } from "./approval-links";

export type PendingNonprofit = {
  _id: string;
  name: string;
  ein: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  contactName: string | null;
  createdAt: Date;
};

export type ReviewResult = { _id: string; name: string; approvalStatus: "approved" | "rejected"; live: boolean };

export type ListPendingNonprofitsOptions = { actor: Actor | null };

/**
 * Organizations whose approval_status is 'pending', oldest first, with the contact of their
 * nonprofit account (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listPendingNonprofits({ actor }: ListPendingNonprofitsOptions): Promise<PendingNonprofit[]> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      ein: organizations.ein,
      email: organizations.email,
      city: organizations.city,
      state: organizations.state,
      zipcode: organizations.zipcode,
      createdAt: organizations.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(organizations)
    .leftJoin(users, and(eq(users.organizationId, organizations.id), isNull(users.deletedAt)))
    .where(eq(organizations.approvalStatus, "pending"))
    .orderBy(asc(organizations.createdAt))
    .limit(200);
  const seen = new Set<string>();
  const out: PendingNonprofit[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const contact = [r.firstName, r.lastName].filter(Boolean).join(" ");
    out.push({ _id: r.id, name: r.name, ein: r.ein, email: r.email, city: r.city, state: r.state, zipcode: r.zipcode, contactName: contact || null, createdAt: r.createdAt });
  }
  return out;
}

async function notifyApproved(tx: Executor, organizationId: string, name: string, orgEmail: string | null) {
  const accounts = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)));
  const recipients = [...new Set([...accounts.map((a) => a.email), ...(orgEmail ? [orgEmail] : [])].map((e) => e.toLowerCase()))];
  for (const to of recipients) {
    await enqueueMail(
      {
        to,
        subject: `${name} is approved on Givebridge`,
        text: [
          `Good news: ${name} has been approved.`,
          "Your profile is now live: donors can find it in search and give to it.",
          "",
          `Open your dashboard: ${baseUrl()}/dashboard`,
        ].join("\n"),
      },
      { tx },
    );
  }
}

/** Set the decision on a pending organization; returns null when it is not pending. */
async function decide(tx: Executor, organizationId: string, decision: "approved" | "rejected"): Promise<ReviewResult | null> {
  const [row] = await tx
    .update(organizations)
    .set(decision === "approved" ? { approvalStatus: "approved", live: true } : { approvalStatus: "rejected", live: false })
    .where(and(eq(organizations.id, organizationId), eq(organizations.approvalStatus, "pending")))
    .returning({ id: organizations.id, name: organizations.name, email: organizations.email, live: organizations.live });
  if (!row) return null;
  // Outstanding links for this organization can no longer act.
  await tx.update(approvalLinks).set({ usedAt: new Date() }).where(and(eq(approvalLinks.organizationId, organizationId), isNull(approvalLinks.usedAt)));
  if (decision === "approved") await notifyApproved(tx, row.id, row.name, row.email);
  return { _id: row.id, name: row.name, approvalStatus: decision, live: row.live };
}

async function assertExists(tx: Executor, organizationId: string) {
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
}

/**
 * Approve or reject a pending organization from the console (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin;
 *         AppError(not_found) for an unknown id; AppError(conflict) when it is not pending.
 */
export async function reviewNonprofit(input: { actor: Actor | null; organizationId: string; decision: "approved" | "rejected" }): Promise<ReviewResult> {
  const { actor } = input;
  authorize(actor, "admin.review", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const result = await decide(tx, input.organizationId, input.decision);
    if (!result) {
      await assertExists(tx, input.organizationId);
      throw new AppError("conflict", messages.admin.notPending);
    }
    await recordAdminAction({
      tx,
      actor,
      action: input.decision === "approved" ? "nonprofit.approve" : "nonprofit.reject",
      target: result._id,
      details: { name: result.name, via: "console" },
    });
    return result;
  });
}

export type ApprovalLinkView = {
  state: "valid" | "used" | "expired";
  expiresAt: Date;
  organization: { _id: string; name: string; city: string | null; state: string | null; email: string | null; approvalStatus: string };
};

type LinkRow = { id: string; organizationId: string; expiresAt: Date; usedAt: Date | null };

/** Load a link and check its signature; an unknown id and a bad signature look the same. */
async function loadSignedLink(tx: Executor, linkId: string, signature: unknown, lock: boolean): Promise<LinkRow> {
  const q = tx
    .select({ id: approvalLinks.id, organizationId: approvalLinks.organizationId, expiresAt: approvalLinks.expiresAt, usedAt: approvalLinks.usedAt })
    .from(approvalLinks)
    .where(eq(approvalLinks.id, linkId))
    .limit(1);
  const [link] = lock ? await q.for("update") : await q;
  if (!link || !approvalSignatureValid({ linkId: link.id, expiresAt: link.expiresAt, signature })) throw new AppError("forbidden", messages.admin.linkInvalid);
  return link;
}

/**
 * What a signed approval link is about, for the /approve page (admin only; changes nothing).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin;
 *         AppError(forbidden) for an unknown link or a bad signature.
 */
export async function describeApprovalLink(input: { actor: Actor | null; linkId: string; signature: unknown; now?: Date }): Promise<ApprovalLinkView> {
  authorize(input.actor, "admin.review", {});
  const db = await getDb();
  const link = await loadSignedLink(db, input.linkId, input.signature, false);
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name, city: organizations.city, state: organizations.state, email: organizations.email, approvalStatus: organizations.approvalStatus })
    .from(organizations)
    .where(eq(organizations.id, link.organizationId))
    .limit(1);
  if (!org) throw new AppError("forbidden", messages.admin.linkInvalid);
  const now = input.now ?? new Date();
  const state = link.usedAt ? "used" : link.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
  const { id, ...rest } = org;
  return { state, expiresAt: link.expiresAt, organization: { _id: id, ...rest } };
}

/**
 * Approve the organization of a signed approval link (PUT /api/approve/{type}/{id}/{signature}).
 * The link is consumed in the same transaction as the approval and the audit row; an
 * unsigned, altered, reused or expired link changes nothing.
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin;
 *         AppError(forbidden) for an unknown link, a bad signature or an expired link;
 *         AppError(conflict) for a used link or an organization no longer pending.
 */
export async function approveByLink(input: { actor: Actor | null; linkId: string; signature: unknown; now?: Date }): Promise<ReviewResult> {
  const { actor } = input;
  authorize(actor, "admin.review", {});
  const now = input.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const link = await loadSignedLink(tx, input.linkId, input.signature, true);
    if (link.usedAt) throw new AppError("conflict", messages.admin.linkUsed);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError("forbidden", messages.admin.linkExpired);
    const result = await decide(tx, link.organizationId, "approved");
    if (!result) throw new AppError("conflict", messages.admin.notPending);
    await recordAdminAction({ tx, actor, action: "nonprofit.approve", target: result._id, details: { name: result.name, via: "link", linkId: link.id } });
    return result;
  });
}
