/**
 * The PDF receipt of a donation, read from the stored gift: only a succeeded gift has one,
 * only its access token or the donor's own session opens it, and its text states the facts
 * and the legal wording the receipt email states (lib/receipts/receipt-text.ts).
 */
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { pdfLines } from "@/lib/receipts/testing";
import { donationStrangers, makeDonationScene, makeGift, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { organizations } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { donationReceiptPdf } from "./get-receipt";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let donor: Actor;
let otherDonor: Actor;
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-receipts-0123456789" });
  resetServerEnv();
  ({ h, np, donor, otherDonor, campaignId: fundraiserId } = await makeDonationScene("Randolph Area Food Shelf", "Winter Pantry Drive", ["ada.receipt@example.org", "eve.receipt@example.org"]));
  await h.db
    .update(organizations)
    .set({ ein: "030324429", irsDeductibility: "1", addressLine1: "10 Main St", city: "Randolph", state: "VT", zipcode: "05060" })
    .where(eq(organizations.id, np.organizationId));
});

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
  resetServerEnv();
});

const text = async (id: string, token: string | null = donationAccessToken(id), actor: Actor | null = null) => {
  const { pdf, filename } = await donationReceiptPdf({ actor, donationId: id, token });
  const lines = await pdfLines(pdf);
  return { lines, joined: lines.join(" "), filename };
};

describe("the PDF receipt of a donation", () => {
  test("states the organization, EIN, address, amounts, fundraiser, payment method and the no-goods statement", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id, { fundraiserId, amountCents: 5_000, feeCents: 175, coverFees: true, donorName: "Ada Guest", paymentMethodType: "card" });
    const { lines, joined, filename } = await text(id);
    expect(filename).toBe(`givebridge-receipt-${id.slice(0, 8)}.pdf`);
    expect(lines.slice(1, 4)).toEqual(["Randolph Area Food Shelf", "EIN 03-0324429", "10 Main St, Randolph, VT, 05060"]);
    expect(lines).toContain("Donation receipt");
    expect(lines).toContain(id);
    expect(joined).toContain("Ada Guest");
    expect(joined).toContain("Amount: $50.00");
    expect(joined).toContain("Deductible amount: $50.00");
    expect(joined).toContain("Fees paid by the donor (not a gift, not deductible): $1.75");
    expect(joined).toContain("Fundraiser: Winter Pantry Drive");
    expect(joined).toContain("Payment method: Card");
    expect(lines).toContain("No goods or services were provided in exchange for this contribution.");
    expect(joined).toContain("Contributions to Randolph Area Food Shelf are tax-deductible as charitable contributions, to the extent the law allows.");
  });

  test("a direct gift, paid by bank, to an organization whose gifts are not deductible: $0.00 deductible, said in plain words", async () => {
    const [other] = await h.db.insert(organizations).values({ name: "Social Club of Barre", ein: "030111222", irsDeductibility: "2" }).returning({ id: organizations.id });
    const id = await makeGift(h.db, other!.id, null, { amountCents: 2_000, paymentMethodType: "us_bank_account", donorName: null });
    const { joined } = await text(id);
    expect(joined).toContain("Fundraiser: Direct Donation");
    expect(joined).toContain("Payment method: Bank (ACH)");
    expect(joined).toContain("Guest donor");
    expect(joined).toContain("Deductible amount: $0.00");
    expect(joined).toContain("Contributions to Social Club of Barre are not tax-deductible as charitable contributions.");
    expect(joined).not.toContain("Fees paid by the donor");
  });

  test("a tribute gift says whom it honors; what is deductible does not change", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id, { fundraiserId, amountCents: 3_000, tributeType: "memory", tributeName: "Jane Doe" });
    const { joined } = await text(id);
    expect(joined).toContain("Tribute: In memory of Jane Doe");
    expect(joined).toContain("Amount: $30.00");
    expect(joined).toContain("Deductible amount: $30.00");
    const honor = await makeGift(h.db, np.organizationId, donor.id, { amountCents: 1_000, tributeType: "honor", tributeName: "Coach Lee" });
    expect((await text(honor)).joined).toContain("Tribute: In honor of Coach Lee");
    const plain = await makeGift(h.db, np.organizationId, donor.id, { amountCents: 1_000 });
    expect((await text(plain)).joined).not.toContain("Tribute");
  });

  test("the donor's own session opens it without the token; nobody else does", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id);
    expect((await text(id, null, donor)).lines).toContain(id);
    for (const [token, actor] of donationStrangers(otherDonor, np.user)) {
      await expect(donationReceiptPdf({ actor, donationId: id, token })).rejects.toMatchObject({ code: "not_found" });
    }
  });

  test("only a succeeded gift has a receipt; an unknown id is not found", async () => {
    for (const status of ["pending", "requires_action", "processing", "failed", "refunded", "canceled"] as const) {
      const id = await makeGift(h.db, np.organizationId, donor.id, { status });
      await expect(donationReceiptPdf({ actor: donor, donationId: id, token: donationAccessToken(id) })).rejects.toMatchObject({ code: "not_found" });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(donationReceiptPdf({ actor: null, donationId: unknown, token: donationAccessToken(unknown) })).rejects.toMatchObject({ code: "not_found" });
  });
});
