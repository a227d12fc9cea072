import { count, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { fundraisers, donations, events, organizations, payments, updateNotices } from "@/models";
import { loadDemoDataIfEmpty } from "./demo-data";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const rowCount = async (table: typeof organizations | typeof fundraisers | typeof donations | typeof events | typeof updateNotices) =>
  (await h.db.select({ n: count() }).from(table))[0]!.n;

describe("loadDemoDataIfEmpty", () => {
  // One test on purpose: the Vermont import is the slow part, and the second call needs the first.
  test("loads the Vermont directory and a consistent demo seed once, then does nothing", async () => {
    const now = new Date("2026-11-21T15:00:00Z");
    const first = await loadDemoDataIfEmpty(h.db, { now });
    expect(first).toEqual({ loaded: true, organizations: 6208, campaigns: 5, donations: 30 });
    expect(await rowCount(organizations)).toBe(6208);

    const copley = (await h.db.select().from(organizations).where(eq(organizations.ein, "030179423")))[0];
    // Organizations running demo fundraisers are claimed and sandbox-connected: they can receive gifts.
    expect(copley).toMatchObject({ name: "COPLEY HOSPITAL INC", city: "MORRISVILLE", state: "VT", category: "Health Care", claimed: true });
    expect(copley!.sandboxConnectedAt).toBeInstanceOf(Date);
    const untouched = (await h.db.select().from(organizations).where(eq(organizations.ein, "030107682")))[0];
    expect(untouched).toMatchObject({ claimed: false, sandboxConnectedAt: null });

    const seeded = await h.db
      .select({
        name: fundraisers.name,
        description: fundraisers.description,
        goalCents: fundraisers.goalCents,
        progressCents: fundraisers.progressCents,
        startDate: fundraisers.startDate,
        endDate: fundraisers.endDate,
        organization: organizations.name,
        succeededCents: sql<string>`(select coalesce(sum(d.amount_cents), 0) from donations d where d.campaign_id = ${fundraisers.id} and d.status = 'succeeded')`,
      })
      .from(fundraisers)
      .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId));
    expect(seeded.map((c) => c.organization).sort()).toEqual([
      "COPLEY HOSPITAL INC",
      "HUMANE SOCIETY OF CHITTENDEN COUNTY",
      "MONTESSORI SCHOOL OF CENTRAL VERMONT INC",
      "RANDOLPH AREA FOOD SHELF",
      "VERMONT LAND TRUST INC",
    ]);
    for (const c of seeded) {
      expect(c.description).toMatch(/^Demo fundraiser:/);
      expect(c.progressCents).toBe(Number(c.succeededCents));
      expect(c.progressCents).toBeGreaterThan(0);
      expect(c.progressCents).toBeLessThan(c.goalCents);
      expect(c.startDate! <= "2026-11-21" && c.endDate! > "2026-11-21").toBe(true);
    }

    const gifts = (await h.db.select({ d: donations, payment: payments }).from(donations).innerJoin(payments, eq(payments.id, donations.paymentId))).map((r) => ({ ...r.d, payment: r.payment }));
    expect(gifts).toHaveLength(30);
    const byStatus = (s: string) => gifts.filter((d) => d.status === s);
    expect(byStatus("failed")).toHaveLength(2);
    expect(byStatus("failed").every((d) => !!d.failureReason && d.succeededAt === null)).toBe(true);
    expect(byStatus("requires_action")).toHaveLength(1);
    expect(byStatus("succeeded")).toHaveLength(27);
    expect(byStatus("succeeded").every((d) => d.succeededAt !== null && d.payment.effectsAppliedAt !== null)).toBe(true);
    expect(gifts.every((d) => d.demo && d.payment.provider === "sandbox" && d.payment.id === d.id && d.payment.amountCents === d.amountCents && Number.isInteger(d.amountCents))).toBe(true);
    expect(new Set(gifts.map((d) => d.payment.idempotencyKey)).size).toBe(30);
    expect(gifts.map((d) => d.donorEmail)).toContain("demo.donor1@example.org");
    expect(new Set(gifts.map((d) => `${d.anonymous}/${d.shareName}/${d.shareEmail}/${d.shareLocation}`)).size).toBeGreaterThan(2);

    expect((await h.db.select({ d: events.description }).from(events)).every((e) => e.d.startsWith("Demo event:"))).toBe(true);
    expect(await rowCount(events)).toBe(3);
    expect((await h.db.select({ t: updateNotices.title }).from(updateNotices)).map((n) => n.t.startsWith("Demo"))).toEqual([true, true]);

    const second = await loadDemoDataIfEmpty(h.db, { now });
    expect(second).toEqual({ loaded: false, organizations: 0, campaigns: 0, donations: 0 });
    expect([await rowCount(organizations), await rowCount(fundraisers), await rowCount(donations), await rowCount(events), await rowCount(updateNotices)]).toEqual([
      6208, 5, 30, 3, 2,
    ]);
  }, 120_000);
});
