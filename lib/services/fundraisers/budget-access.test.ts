import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import type { AppError } from "@/lib/errors";
import { saveFundraiserBudget } from "@/lib/services/reports/budgets";
import { type ClaimedNonprofit, makeTwoNonprofitsAndADonor } from "@/lib/testing/service-fixtures";
import { fundraiserBudgetLines, fundraisers } from "@/models";

let h: DatabaseHandle, a: ClaimedNonprofit, b: ClaimedNonprofit;
beforeAll(async () => void ({ h, a, b } = await makeTwoNonprofitsAndADonor(["Addison County Pantry", "Barre Arts Council"], "budget-access-donor@example.org")), 120_000);
afterAll(() => h.close());

const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

test("a session that claims an organization its account does not belong to writes no budget", async () => {
  const [c] = await h.db.insert(fundraisers).values({ organizationId: a.organizationId, name: "Food boxes", goalCents: 100_000 }).returning({ id: fundraisers.id });
  const foreign: Actor = { ...b.user, organizationId: a.organizationId };
  const update = { lines: [{ label: "Boxes", amountCents: 50_000 }], published: true };
  expect((await fail(saveFundraiserBudget({ actor: foreign, organizationId: a.organizationId, fundraiserId: c!.id, update })))?.status).toBe(403);
  expect(await h.db.select().from(fundraiserBudgetLines).where(eq(fundraiserBudgetLines.fundraiserId, c!.id))).toEqual([]);
  const [row] = await h.db.select({ published: fundraisers.budgetPublished }).from(fundraisers).where(eq(fundraisers.id, c!.id));
  expect(row).toEqual({ published: false });
  // The real owner still can.
  const saved = await saveFundraiserBudget({ actor: a.user, organizationId: a.organizationId, fundraiserId: c!.id, update });
  expect(saved.published).toBe(true);
});
