/**
 * organization_donors (drizzle/0026_organization_donors.sql): the migration fills in the donor
 * key of every gift already made exactly as the Donors view builds it (only what a gift shared,
 * never an anonymous or unshared one), and claimNewDonorKey claims a key once.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { migrationsFolder } from "@/lib/db/migrate";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { organizationDonors } from "@/models";
import { claimNewDonorKey } from "./donors-view";

jest.setTimeout(120_000);

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;

beforeAll(async () => {
  ({ h, a, b } = await makeTwoNonprofitsAndADonor(["Maple Valley Food Shelf", "Birch Hollow Library"], "org-donors@example.org"));
}, 180_000);

afterAll(() => h.close());

test("the migration's backfill keys the gifts already made by what each shared", async () => {
  const org = a.organizationId;
  await makeGift(h.db, org, null, { shareEmail: true, shareName: true, donorName: "Sam Sharer", donorEmail: " Sam@Example.org " });
  await makeGift(h.db, org, null, { shareEmail: true, donorEmail: "sam@example.org", status: "refunded", refundedAt: new Date() });
  await makeGift(h.db, org, null, { shareName: true, donorName: "Nell Nameonly", donorEmail: "nell@example.org" });
  await makeGift(h.db, org, null, { anonymous: true, shareName: true, shareEmail: true, donorName: "Ann Onymous", donorEmail: "ann@example.org" });
  await makeGift(h.db, org, null, { donorName: "Quiet Quinn", donorEmail: "quinn@example.org" });
  await makeGift(h.db, org, null, { shareEmail: true, donorEmail: "failed@example.org", status: "failed" });
  await makeGift(h.db, b.organizationId, null, { shareName: true, donorName: "Bea Other" });
  await h.db.delete(organizationDonors);
  const migration = readFileSync(path.join(migrationsFolder, "0026_organization_donors.sql"), "utf8");
  const backfill = migration.split("--> statement-breakpoint")[1]!;
  await h.db.execute(sql.raw(backfill));
  const rows = await h.db.select({ organizationId: organizationDonors.organizationId, donorKey: organizationDonors.donorKey }).from(organizationDonors);
  expect(rows.filter((r) => r.organizationId === org).map((r) => r.donorKey).sort()).toEqual(["email:sam@example.org", "name:Nell Nameonly"]);
  expect(rows.filter((r) => r.organizationId === b.organizationId).map((r) => r.donorKey)).toEqual(["name:Bea Other"]);
  // Once filled in, a later gift of those donors claims nothing; a new donor's gift claims its key once.
  const again = await makeGift(h.db, org, null, { shareEmail: true, donorEmail: "SAM@example.org" });
  expect(await claimNewDonorKey({ db: h.db, donationId: again })).toBeNull();
  const fresh = await makeGift(h.db, org, null, { shareName: true, donorName: "Fay Fresh" });
  expect(await claimNewDonorKey({ db: h.db, donationId: fresh })).toBe("name:Fay Fresh");
  expect(await claimNewDonorKey({ db: h.db, donationId: fresh })).toBeNull();
  expect(await h.db.select().from(organizationDonors).where(eq(organizationDonors.donorKey, "name:Fay Fresh"))).toHaveLength(1);
});
