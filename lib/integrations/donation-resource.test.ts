import { sharedDonorOf, toDonationResource, type DonationResourceSource } from "./donation-resource";

const base: DonationResourceSource = {
  id: "don_1",
  organizationId: "org_1",
  fundraiserId: null,
  recurringGiftId: null,
  amountCents: 2500,
  feeCents: 103,
  coverFees: true,
  currency: "usd",
  status: "succeeded",
  paymentMethodType: "card",
  createdAt: new Date("2026-03-01T12:00:00Z"),
  succeededAt: new Date("2026-03-01T12:00:05Z"),
  refundedAt: null,
  donorName: "Ada Donor",
  donorEmail: "ada@example.org",
  donorTelephone: "6175550100",
  donorCity: "Boston",
  donorState: "MA",
  donorGender: "female",
  donorAgeRange: 1,
  anonymous: false,
  shareName: false,
  shareEmail: false,
  shareTelephone: false,
  shareLocation: false,
  shareGender: false,
  shareAge: false,
  tributeType: null,
  tributeName: null,
  offlineMethod: null,
  supporterPageId: null,
  supporterTeamId: null,
};

describe("donation resource", () => {
  it("carries no donor field the donor did not share", () => {
    const json = JSON.stringify(toDonationResource(base));
    for (const secret of ["Ada Donor", "ada@example.org", "6175550100", "Boston", "female", "18-34"]) {
      expect(json).not.toContain(secret);
    }
    expect(toDonationResource(base).donor).toEqual({});
  });

  it("carries exactly the fields the donor shared, ages as the spec's labels", () => {
    expect(sharedDonorOf({ ...base, shareEmail: true, shareAge: true, shareLocation: true })).toEqual({
      email: "ada@example.org",
      city: "Boston",
      state: "MA",
      age_range: "18-34",
    });
  });

  it("gives no donor at all for an anonymous gift, whatever was shared", () => {
    const all = { shareName: true, shareEmail: true, shareTelephone: true, shareLocation: true, shareGender: true, shareAge: true };
    expect(toDonationResource({ ...base, ...all, anonymous: true }).donor).toBeNull();
  });

  it("keeps money in cents and times in UTC ISO form", () => {
    const r = toDonationResource(base);
    expect(r).toMatchObject({ amount_cents: 2500, fee_cents: 103, created_at: "2026-03-01T12:00:00.000Z", refunded_at: null });
  });

  it("carries a tribute gift's dedication, and null for any other gift", () => {
    expect(toDonationResource({ ...base, tributeType: "memory", tributeName: "Jane Doe" }).tribute).toEqual({ type: "memory", name: "Jane Doe" });
    expect(toDonationResource({ ...base, anonymous: true, tributeType: "honor", tributeName: "Coach Lee" }).tribute).toEqual({ type: "honor", name: "Coach Lee" });
    expect(toDonationResource(base).tribute).toBeNull();
  });

  it("marks a gift recorded offline with how it was given, and online gifts with null", () => {
    expect(toDonationResource({ ...base, offlineMethod: "check" }).offline_method).toBe("check");
    expect(toDonationResource(base).offline_method).toBeNull();
  });

  it("names the supporter page and team a gift was made on, and null for a gift on the fundraiser's own page", () => {
    expect(toDonationResource({ ...base, fundraiserId: "c_1", supporterPageId: "sp_1", supporterTeamId: "st_1" })).toMatchObject({ fundraiser_id: "c_1", supporter_page_id: "sp_1", team_id: "st_1" });
    expect(toDonationResource(base)).toMatchObject({ supporter_page_id: null, team_id: null });
  });
});
