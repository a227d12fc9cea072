/**
 * Starting a monthly gift that duplicates an active one (same donor, by account or
 * email, same organization and same fundraiser or both direct) asks the donor to confirm.
 */
import "server-only";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formatCents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { recurringGifts } from "@/models";

/** The field the checkout form reads to show its confirmation step. */
export const DUPLICATE_MONTHLY_FIELD = "confirmDuplicate";

/**
 * @throws AppError(conflict) with fields { confirmDuplicate: message } when the donor already has
 *   an active (or paused / past due, not canceled) monthly gift to the same organization and
 *   fundraiser. The message says which one exists; nothing is written.
 */
export async function assertNoDuplicateMonthlyGift(options: {
  donorUserId: string | null;
  donorEmail: string | null;
  organizationId: string;
  organizationName: string;
  fundraiserId: string | null;
}): Promise<void> {
  const who = [
    options.donorUserId ? eq(recurringGifts.donorUserId, options.donorUserId) : undefined,
    options.donorEmail ? sql`lower(${recurringGifts.donorEmail}) = ${options.donorEmail.toLowerCase()}` : undefined,
  ].filter(Boolean);
  if (who.length === 0) return;
  const db = await getDb();
  const [existing] = await db
    .select({ amountCents: recurringGifts.amountCents })
    .from(recurringGifts)
    .where(
      and(
        ne(recurringGifts.status, "canceled"),
        eq(recurringGifts.organizationId, options.organizationId),
        options.fundraiserId ? eq(recurringGifts.fundraiserId, options.fundraiserId) : isNull(recurringGifts.fundraiserId),
        or(...who),
      ),
    )
    .limit(1);
  if (!existing) return;
  const message = messages.recurringManage.duplicateMonthly(formatCents(existing.amountCents), options.organizationName);
  throw new AppError("conflict", message, { [DUPLICATE_MONTHLY_FIELD]: message });
}
