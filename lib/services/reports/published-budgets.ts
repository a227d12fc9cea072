/**
 * Public budgets of an organization's fundraisers (spec: "budgeting" — a budget per fundraiser
 * shown against money raised, publishable on the profile for transparency). Only fundraisers
 * whose owner turned on "Publish on profile" (campaigns.budget_published) are returned. Money
 * is integer cents.
 */
import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { fundraiserBudgetLines, fundraisers } from "@/models";

export type BudgetLine = { id: string; label: string; amountCents: Cents };

export type PublishedBudget = {
  campaignId: string;
  campaignName: string;
  /** Money raised so far (succeeded, unrefunded donations), cents. */
  progressCents: Cents;
  goalCents: Cents;
  /** Sum of the planned spending lines, cents. */
  plannedCents: Cents;
  lines: BudgetLine[];
};

/**
 * Published budgets of organization `organizationId`, newest fundraiser first; fundraisers
 * without any line are left out. No session needed: these are shown on the public profile.
 */
export async function listPublishedBudgets({ organizationId }: { organizationId: string }): Promise<PublishedBudget[]> {
  const db = await getDb();
  const published = await db
    .select({ id: fundraisers.id, name: fundraisers.name, progressCents: fundraisers.progressCents, goalCents: fundraisers.goalCents })
    .from(fundraisers)
    .where(and(eq(fundraisers.organizationId, organizationId), eq(fundraisers.budgetPublished, true)))
    .orderBy(desc(fundraisers.createdAt))
    .limit(50);
  if (published.length === 0) return [];
  const lines = await db
    .select({ id: fundraiserBudgetLines.id, campaignId: fundraiserBudgetLines.fundraiserId, label: fundraiserBudgetLines.label, amountCents: fundraiserBudgetLines.amountCents })
    .from(fundraiserBudgetLines)
    .where(inArray(fundraiserBudgetLines.fundraiserId, published.map((c) => c.id)))
    .orderBy(asc(fundraiserBudgetLines.createdAt), asc(fundraiserBudgetLines.id));
  return published
    .map((c) => {
      const own = lines.filter((l) => l.campaignId === c.id).map(({ id, label, amountCents }) => ({ id, label, amountCents }));
      return {
        campaignId: c.id,
        campaignName: c.name,
        progressCents: c.progressCents,
        goalCents: c.goalCents,
        plannedCents: own.reduce((sum, l) => sum + l.amountCents, 0),
        lines: own,
      };
    })
    .filter((b) => b.lines.length > 0);
}
