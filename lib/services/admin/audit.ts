/** The admin audit log: who did what to which record, and when (UTC). */
import "server-only";
import { desc } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { adminAuditLog } from "@/models";

export type AuditEntry = { _id: string; actor: string; action: string; target: string | null; details: Record<string, unknown>; createdAt: Date };

export type RecordAdminActionOptions = {
  tx: Executor;
  actor: Actor | string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Write one audit row in the caller's transaction `tx`, so the row exists only if the action does.
 * `actor` is the admin's session email (or "admin"), or an Actor (its email, else its id);
 * `action` a dotted verb like "nonprofit.approve"; `target` the record's id (default null);
 * `details` the facts kept with it (default {}).
 */
export async function recordAdminAction({ tx, actor, action, target, details }: RecordAdminActionOptions): Promise<void> {
  const by = typeof actor === "string" ? actor : actor.email || actor.id;
  await tx.insert(adminAuditLog).values({ actor: by, action, target: target ?? null, details: details ?? {} });
}

export type ListAuditLogOptions = { actor: Actor | null; limit?: number };

/**
 * The latest audit rows, newest first (admin only).
 * @param options.limit most rows returned (default 50).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listAuditLog({ actor, limit = 50 }: ListAuditLogOptions): Promise<AuditEntry[]> {
  authorize(actor, "admin.view", {});
  const db = await getDb();
  const rows = await db
    .select({
      id: adminAuditLog.id,
      actor: adminAuditLog.actor,
      action: adminAuditLog.action,
      target: adminAuditLog.target,
      details: adminAuditLog.details,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}
