/**
 * The result of a checkout as the donor sees it (thank-you and result pages,
 * retrievePaymentIntent): the facts of the stored gift with its spec section 4 status label,
 * opened by the donation's access token or the donor's own session only.
 */
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { donationStrangers, makeDonationScene, makeGift, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fundraisers, recurringGifts } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { getDonationResult } from "./get-donation-result";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let donor: Actor;
let otherDonor: Actor;
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-results-0123456789" });
  resetServerEnv();
  ({ h, np, donor, otherDonor, campaignId: fundraiserId } = await makeDonationScene("Vermont Foodbank", "Winter Meals", ["ada.result@example.org", "eve.result@example.org"]));
});

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
  resetServerEnv();
});

const withToken = (id: string, actor: Actor | null = null) => getDonationResult({ actor, donationId: id, token: donationAccessToken(id) });

describe("a donation's result", () => {
  test("a completed gift to a fundraiser: amounts in cents, what was charged, its label and its receipt link", async () => {
    const id = await makeGift(h.db, np.organizationId, null, { fundraiserId, amountCents: 5_000, feeCents: 175, coverFees: true, paymentMethodType: "wallet", donorEmail: "ada@example.org" });
    const r = await withToken(id);
    expect(r).toMatchObject({
      donationId: id,
      accessToken: donationAccessToken(id),
      status: "succeeded",
      statusLabel: "Completed",
      failureReason: null,
      amountCents: 5_000,
      feeCents: 175,
      coverFees: true,
      chargeCents: 5_175,
      method: "wallet",
      provider: "sandbox",
      organizationId: np.organizationId,
      organizationName: "Vermont Foodbank",
      campaignId: fundraiserId,
      campaignName: "Winter Meals",
      recurring: false,
      donorEmail: "ada@example.org",
      receiptPath: `/api/receipts/${id}?token=${donationAccessToken(id)}`,
    });
    expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);
  });

  test("a direct gift without covered fees is charged its amount and named Direct Donation", async () => {
    const id = await makeGift(h.db, np.organizationId, null, { amountCents: 2_000, feeCents: 88, coverFees: false });
    expect(await withToken(id)).toMatchObject({ campaignId: null, campaignName: "Direct Donation", chargeCents: 2_000 });
  });

  test("each status shows its spec label; only a succeeded gift has a receipt; a failure keeps its reason", async () => {
    const labels = {
      pending: "Pending",
      requires_action: "Pending Verification",
      processing: "Processing",
      failed: "Failed",
      refunded: "Refunded",
      canceled: "Canceled",
    } as const;
    for (const [status, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
      const id = await makeGift(h.db, np.organizationId, null, { status, failureReason: status === "failed" ? "Your card was declined." : null });
      const r = await withToken(id);
      expect([status, r.statusLabel, r.receiptPath]).toEqual([status, label, null]);
      expect(r.failureReason).toBe(status === "failed" ? "Your card was declined." : null);
    }
  });

  test("a monthly gift's charge says it is recurring", async () => {
    const [gift] = await h.db
      .insert(recurringGifts)
      .values({ organizationId: np.organizationId, donorUserId: donor.id, amountCents: 1_500, provider: "sandbox", nextChargeAt: new Date() })
      .returning({ id: recurringGifts.id });
    const id = await makeGift(h.db, np.organizationId, donor.id, { recurringGiftId: gift!.id, amountCents: 1_500 });
    expect((await withToken(id)).recurring).toBe(true);
  });

  test("the donor's own session opens it without the token; other people, the nonprofit and bad tokens do not", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id);
    expect((await getDonationResult({ actor: donor, donationId: id, token: null })).donationId).toBe(id);
    for (const [token, actor] of donationStrangers(otherDonor, np.user)) {
      await expect(getDonationResult({ actor, donationId: id, token })).rejects.toMatchObject({ code: "not_found" });
    }
  });

  test("an unknown donation is not found, even with a token made for its id", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(withToken(unknown, donor)).rejects.toMatchObject({ code: "not_found" });
  });

  test("a gift whose fundraiser was deleted reads as Direct Donation", async () => {
    const [c] = await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: "Gone Soon", goalCents: 10_000 }).returning({ id: fundraisers.id });
    const id = await makeGift(h.db, np.organizationId, null, { fundraiserId: c!.id });
    await h.db.delete(fundraisers).where(eq(fundraisers.id, c!.id));
    expect((await withToken(id)).campaignName).toBe("Direct Donation");
  });
});
