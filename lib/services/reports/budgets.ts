/**
 * Fundraiser budgets (spec section 1: "budgeting"): planned spending lines per fundraiser
 * (label and amount in cents, table campaign_budget_lines) edited by the organization's
 * nonprofit user, shown against money raised (campaigns.progress_cents), and published on
 * the public profile when campaigns.budget_published is on (see published-budgets.ts).
 */
import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import type { BudgetUpdate } from "@/lib/validations/report";
import { fundraiserBudgetLines, fundraisers } from "@/models";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import type { BudgetLine } from "./published-budgets";

export type FundraiserBudget = {
  campaignId: string;
  campaignName: string;
  status: "active" | "ended";
  goalCents: Cents;
  /** Money raised so far, cents. */
  progressCents: Cents;
  /** Sum of the lines, cents. */
  plannedCents: Cents;
  published: boolean;
  lines: BudgetLine[];
};

export type ListFundraiserBudgetsOptions = { actor: Actor | null; organizationId: string };

/**
 * Budgets of every fundraiser of the organization, newest fundraiser first.
 * @throws AppError(unauthenticated | forbidden) for anyone but the organization's nonprofit user.
 */
export async function listFundraiserBudgets({ actor, organizationId }: ListFundraiserBudgetsOptions): Promise<FundraiserBudget[]> {
  authorize(actor, "budget.manage", { organizationId });
  const db = await getDb();
  const list = await db
    .select({ id: fundraisers.id, name: fundraisers.name, status: fundraisers.status, goalCents: fundraisers.goalCents, progressCents: fundraisers.progressCents, published: fundraisers.budgetPublished })
    .from(fundraisers)
    .where(eq(fundraisers.organizationId, organizationId))
    .orderBy(desc(fundraisers.createdAt))
    .limit(200);
  if (list.length === 0) return [];
  const lines = await db
    .select({ id: fundraiserBudgetLines.id, campaignId: fundraiserBudgetLines.fundraiserId, label: fundraiserBudgetLines.label, amountCents: fundraiserBudgetLines.amountCents })
    .from(fundraiserBudgetLines)
    .where(inArray(fundraiserBudgetLines.fundraiserId, list.map((c) => c.id)))
    .orderBy(asc(fundraiserBudgetLines.createdAt), asc(fundraiserBudgetLines.id));
  return list.map((c) => {
    const own = lines.filter((l) => l.campaignId === c.id).map(({ id, label, amountCents }) => ({ id, label, amountCents }));
    return {
      campaignId: c.id,
      campaignName: c.name,
      status: c.status,
      goalCents: c.goalCents,
      progressCents: c.progressCents,
      plannedCents: own.reduce((s, l) => s + l.amountCents, 0),
      published: c.published,
      lines: own,
    };
  });
}

/**
 * Replace the budget lines of a fundraiser (when `update.lines` is given) and/or set its
 * "Publish on profile" flag, in one transaction.
 * @returns the fundraiser's budget after the change.
 * @throws AppError(unauthenticated | forbidden) for anyone but the organization's nonprofit
 *   user; AppError(not_found, messages.reports.fundraiserNotFound) for a fundraiser of another
 *   organization (nothing is changed).
 */
export async function saveFundraiserBudget({
  actor,
  organizationId,
  fundraiserId,
  update,
}: {
  actor: Actor | null;
  organizationId: string;
  fundraiserId: string;
  update: BudgetUpdate;
}): Promise<FundraiserBudget> {
  authorize(actor, "budget.manage", { organizationId });
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "budget.manage", organizationId);
    const [found] = await tx
      .select({ id: fundraisers.id })
      .from(fundraisers)
      .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
      .for("update")
      .limit(1);
    if (!found) throw new AppError("not_found", messages.reports.fundraiserNotFound);
    if (update.lines) {
      await tx.delete(fundraiserBudgetLines).where(eq(fundraiserBudgetLines.fundraiserId, fundraiserId));
      if (update.lines.length) {
        const base = Date.now();
        await tx.insert(fundraiserBudgetLines).values(
          update.lines.map((l, i) => ({ fundraiserId, label: l.label, amountCents: l.amountCents, createdAt: new Date(base + i) })),
        );
      }
    }
    if (update.published !== undefined) {
      await tx.update(fundraisers).set({ budgetPublished: update.published }).where(eq(fundraisers.id, fundraiserId));
    }
  });
  const all = await listFundraiserBudgets({ actor, organizationId });
  const budget = all.find((b) => b.campaignId === fundraiserId);
  if (!budget) throw new AppError("not_found", messages.reports.fundraiserNotFound);
  return budget;
}
