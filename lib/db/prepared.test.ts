import { eq, sql } from "drizzle-orm";
import { fundraisers, organizations } from "@/models";
import type { DatabaseHandle, Executor } from "./client";
import { selectBuiltOnce } from "./prepared";
import { createTestDatabase } from "./testing";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe("selectBuiltOnce", () => {
  let builds = 0;
  // An organization with its fundraiser, left-joined: no fundraiser gives `campaign: null`.
  const organizationWithFundraiser = selectBuiltOnce("test_organization_with_fundraiser", (db: Executor) => {
    builds++;
    return db
      .select({ id: organizations.id, name: organizations.name, campaign: { id: fundraisers.id, goalCents: fundraisers.goalCents } })
      .from(organizations)
      .leftJoin(fundraisers, eq(fundraisers.organizationId, organizations.id))
      .where(eq(organizations.ein, sql.placeholder("ein")));
  });

  test("builds the query once and runs it on each transaction's own connection, mapping rows as Drizzle does", async () => {
    const seen = await h.db.transaction(async (tx) => {
      const [org] = await tx.insert(organizations).values({ name: "Built Once Org", ein: "190600001" }).returning({ id: organizations.id });
      // Not committed yet: only the transaction's connection can see this row.
      const alone = await organizationWithFundraiser(tx, { ein: "190600001" });
      await tx.insert(fundraisers).values({ organizationId: org!.id, name: "Roof", goalCents: 500_000 });
      const joined = await organizationWithFundraiser(tx, { ein: "190600001" });
      return { id: org!.id, alone, joined };
    });
    expect(seen.alone).toEqual([{ id: seen.id, name: "Built Once Org", campaign: null }]);
    expect(seen.joined).toEqual([{ id: seen.id, name: "Built Once Org", campaign: { id: expect.any(String), goalCents: 500_000 } }]);
    // bigint in "number" mode comes back as a number, as through the builder.
    expect(typeof seen.joined[0]!.campaign!.goalCents).toBe("number");

    // Another transaction, and the process's database itself, reuse the built text.
    const again = await h.db.transaction((tx) => organizationWithFundraiser(tx, { ein: "190600001" }));
    expect(again).toEqual(seen.joined);
    expect(await organizationWithFundraiser(h.db, { ein: "000000000" })).toEqual([]);
    expect(builds).toBe(1);
  });

  test("a rolled-back transaction leaves nothing for the next run to see", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: "Rolled Back Org", ein: "190600002" });
        expect(await organizationWithFundraiser(tx, { ein: "190600002" })).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await organizationWithFundraiser(h.db, { ein: "190600002" })).toEqual([]);
  });
});
