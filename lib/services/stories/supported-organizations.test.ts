/**
 * A donor may write an impact story about an organization they supported with a completed
 * gift; buying a ticket is a purchase of goods and services (IRS Publication 1771), not support.
 */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { supportedOrganizations } from "@/lib/services/stories/impact-stories";
import { makeDonor, makeGift, makeNonprofit, makeTicketPurchase } from "@/lib/testing/service-fixtures";

describe("supportedOrganizations", () => {
  let h: DatabaseHandle;

  beforeAll(async () => {
    h = await createTestDatabase();
  });

  afterAll(async () => {
    await h.close();
  });

  it("lists an organization given to, not one only bought a ticket from", async () => {
    const gifted = await makeNonprofit(h.db, "Harbor Food Bank");
    const ticketed = await makeNonprofit(h.db, "Valley Arts Council");
    const donor = await makeDonor("story-donor@example.org");
    await makeGift(h.db, gifted.organizationId, donor.id);
    await makeTicketPurchase(h.db, ticketed.organizationId, donor.id, { amountCents: 15_000 });

    expect(await supportedOrganizations({ actor: donor })).toEqual([{ id: gifted.organizationId, name: "Harbor Food Bank" }]);
  });
});
