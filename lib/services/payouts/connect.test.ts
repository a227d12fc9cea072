import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { createStripeAccount, getPaymentConnection, getStripeBalance, paypalOnboardingReturnUrl, savePaypalMerchant } from "./connect";

let h: DatabaseHandle;
let owner: ClaimedNonprofit;

beforeAll(async () => {
  h = await createTestDatabase();
  owner = await makeNonprofit(h.db, "Green Mountain Trails");
});
afterAll(async () => {
  await h.close();
});

describe("Connect Payments", () => {
  test("without Stripe keys the calls fail with a clear 503, not a crash", async () => {
    await expect(createStripeAccount({ actor: owner.user })).rejects.toMatchObject({ code: "unavailable", message: "Stripe payments are not configured on this server." });
  });
  test("another organization's account is refused, and so is a session whose account is gone", async () => {
    await expect(getStripeBalance({ actor: owner.user, organizationId: "someone-else" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getPaymentConnection({ actor: { ...owner.user, role: "donor" } })).rejects.toMatchObject({ code: "forbidden" });
    // A session naming the organization, of an account that does not exist (deleted since).
    const stale: Actor = { ...owner.user, id: "deleted-user", email: "gone@example.org" };
    await expect(getPaymentConnection({ actor: stale })).rejects.toMatchObject({ code: "forbidden" });
  });
  test("a PayPal merchant id connects the organization and sets stripeComplete (spec 4), with the state the app issued", async () => {
    const { organizationId: id, user } = await makeNonprofit(h.db, "Lake Champlain Rowing", { connected: false });
    expect((await getPaymentConnection({ actor: user })).connected).toBe(false);
    const state = new URL(await paypalOnboardingReturnUrl({ actor: user })).searchParams.get("state");
    const c = await savePaypalMerchant({ actor: user, merchantId: "MERCHANT12345", state });
    expect(c).toMatchObject({ connected: true, paypalMerchantId: "MERCHANT12345", stripeComplete: true });
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org!.stripeComplete).toBe(true);
  });

  test("without the issued state, with a used one or another user's, the payout account does not change", async () => {
    const { organizationId: id, user } = await makeNonprofit(h.db, "Winooski Valley Park");
    const other = await makeNonprofit(h.db, "Stowe Land Trust");
    const merchant = async () => (await h.db.select({ m: organizations.paypalMerchantId }).from(organizations).where(eq(organizations.id, id)))[0]!.m;
    await expect(savePaypalMerchant({ actor: user, merchantId: "ATTACKER1234", state: undefined })).rejects.toMatchObject({ code: "forbidden" });
    await expect(savePaypalMerchant({ actor: user, merchantId: "ATTACKER1234", state: "made-up-state" })).rejects.toMatchObject({ code: "forbidden" });
    const othersState = new URL(await paypalOnboardingReturnUrl({ actor: other.user })).searchParams.get("state");
    await expect(savePaypalMerchant({ actor: user, merchantId: "ATTACKER1234", state: othersState })).rejects.toMatchObject({ code: "forbidden" });
    expect(await merchant()).toBeNull();
    const state = new URL(await paypalOnboardingReturnUrl({ actor: user })).searchParams.get("state");
    await savePaypalMerchant({ actor: user, merchantId: "GOODMERCHANT1", state });
    await expect(savePaypalMerchant({ actor: user, merchantId: "ATTACKER1234", state })).rejects.toMatchObject({ code: "forbidden" });
    expect(await merchant()).toBe("GOODMERCHANT1");
  });
});
