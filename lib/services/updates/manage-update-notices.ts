/**
 * What's New update notices published by admins (createUpdate, updateUpdate, deleteUpdate).
 * Each change writes admin_audit_log in the same transaction.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { updateNotices } from "@/models";
import type { UpdateNotice } from "./list-update-notices";
import type { UpdateNoticeValues } from "@/lib/validations/update-notice";

const columns = {
  id: updateNotices.id,
  title: updateNotices.title,
  description: updateNotices.description,
  link: updateNotices.link,
  createdAt: updateNotices.createdAt,
};
const toDto = ({ id, ...r }: { id: string; title: string; description: string; link: string | null; createdAt: Date }): UpdateNotice => ({ _id: id, ...r });

export type CreateUpdateOptions = { actor: Actor | null; values: UpdateNoticeValues };

/**
 * Publish a notice (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function createUpdate({ actor, values }: CreateUpdateOptions): Promise<UpdateNotice> {
  authorize(actor, "updateNotice.manage", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(updateNotices).values(values).returning(columns);
    await recordAdminAction({ tx, actor, action: "update.create", target: row!.id, details: { title: values.title } });
    return toDto(row!);
  });
}

/**
 * Edit a notice (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin; AppError(not_found).
 */
export async function updateUpdate({ actor, id, values }: { actor: Actor | null; id: string; values: UpdateNoticeValues }): Promise<UpdateNotice> {
  authorize(actor, "updateNotice.manage", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.update(updateNotices).set(values).where(eq(updateNotices.id, id)).returning(columns);
    if (!row) throw new AppError("not_found", messages.admin.updateNotFound);
    await recordAdminAction({ tx, actor, action: "update.edit", target: id, details: { title: values.title } });
    return toDto(row);
  });
}

export type DeleteUpdateOptions = { actor: Actor | null; id: string };

/**
 * Delete a notice (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin; AppError(not_found).
 */
export async function deleteUpdate({ actor, id }: DeleteUpdateOptions): Promise<{ deleted: true; _id: string }> {
  authorize(actor, "updateNotice.manage", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(updateNotices).where(eq(updateNotices.id, id)).returning({ id: updateNotices.id, title: updateNotices.title });
    if (!row) throw new AppError("not_found", messages.admin.updateNotFound);
    await recordAdminAction({ tx, actor, action: "update.delete", target: id, details: { title: row.title } });
    return { deleted: true as const, _id: id };
  });
}
