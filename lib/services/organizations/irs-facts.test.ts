import { organizations } from "@/models";
import { createTestDatabase } from "@/lib/db/testing";
import type { DatabaseHandle } from "@/lib/db/client";
import { getIrsFacts, listNearbyOrganizations, taxPeriodText } from "./irs-facts";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values([
    { id: "org-a", ein: "000000101", name: "KENTUCKY HUMANE SOCIETY", legalName: "KENTUCKY HUMANE SOCIETY", city: "LOUISVILLE", state: "KY", latitude: 38.26, longitude: -85.62, nteeCode: "D20", nteeMajorGroup: "D", irsRevenueAmount: 7_871_942, irsAssetAmount: 12_000_000, irsTaxPeriod: "202312", irsDeductibility: "1", irsFoundation: "15", irsRuling: "195601" },
    { id: "org-b", ein: "000000102", name: "ALLEY CAT ADVOCATES INC", city: "LOUISVILLE", state: "KY", latitude: 38.25, longitude: -85.70, nteeCode: "D20", nteeMajorGroup: "D" },
    { id: "org-c", ein: "000000103", name: "LOUISVILLE ORCHESTRA", city: "LOUISVILLE", state: "KY", latitude: 38.25, longitude: -85.76, nteeCode: "A69", nteeMajorGroup: "A" },
    { id: "org-d", ein: "000000104", name: "OMAHA ANIMAL RESCUE", city: "OMAHA", state: "NE", latitude: 41.26, longitude: -96.0, nteeCode: "D20", nteeMajorGroup: "D" },
  ]);
});
afterAll(async () => h.close());

describe("what the IRS file says", () => {
  test("revenue and assets with their tax period, deductibility, foundation type, ruling year", async () => {
    expect(await getIrsFacts({ organizationId: "org-a" })).toEqual({
      legalName: "KENTUCKY HUMANE SOCIETY",
      revenueDollars: 7_871_942,
      assetDollars: 12_000_000,
      taxPeriod: "December 2023",
      deductibility: "Gifts are tax-deductible",
      foundation: "Organization that receives a substantial part of its support from a governmental unit or the general public",
      rulingYear: 1956,
      ntee: "D20 Animal Protection & Welfare",
    });
    expect(taxPeriodText("202313")).toBeNull();
    expect(await getIrsFacts({ organizationId: "missing" })).toBeNull();
  });

  test("nearby: same NTEE major group, nearest first, within the radius", async () => {
    const nearby = await listNearbyOrganizations({ organizationId: "org-a" });
    expect(nearby.map((n) => n._id)).toEqual(["org-b"]);
    expect(nearby[0]).toMatchObject({ name: "Alley Cat Advocates Inc", city: "Louisville", state: "KY" });
    expect(nearby[0]!.distanceMiles).toBeGreaterThan(0);
  });
});
