/** What's New: update notices published by admins, newest first (GET /api/getUpdate). */
import "server-only";
import { desc } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { updateNotices } from "@/models";

export type UpdateNotice = { _id: string; title: string; description: string; link: string | null; createdAt: Date };

/** The latest `limit` notices (default 20, clamped to 1..100). Public content: no actor needed. */
export async function listUpdateNotices({ limit = 20 }: { limit?: number } = {}): Promise<UpdateNotice[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: updateNotices.id, title: updateNotices.title, description: updateNotices.description, link: updateNotices.link, createdAt: updateNotices.createdAt })
    .from(updateNotices)
    .orderBy(desc(updateNotices.createdAt))
    .limit(Math.min(Math.max(limit, 1), 100));
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}
