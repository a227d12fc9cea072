/** Contact Us messages for the admin console. */
import "server-only";
import { desc } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { feedback } from "@/models";

export type FeedbackEntry = { _id: string; userName: string; email: string; description: string; createdAt: Date };

export type ListFeedbackOptions = { actor: Actor | null; limit?: number };

/**
 * The latest contact messages, newest first (admin only).
 * @param options.limit most messages returned (default 100).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listFeedback({ actor, limit = 100 }: ListFeedbackOptions): Promise<FeedbackEntry[]> {
  authorize(actor, "admin.view", {});
  const db = await getDb();
  const rows = await db
    .select({ id: feedback.id, userName: feedback.userName, email: feedback.email, description: feedback.description, createdAt: feedback.createdAt })
    .from(feedback)
    .orderBy(desc(feedback.createdAt))
    .limit(Math.min(Math.max(limit, 1), 500));
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}
