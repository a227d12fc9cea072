import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { createStripeAccount, getPaymentConnection, getStripeBalance, savePaypalMerchant } from "./connect";

let h: DatabaseHandle;
let orgId = "";
const nonprofit = (id: string): SessionUser => ({
  type: "nonprofit",
  _id: "u1",
  email: "np@example.org",
  firstName: "Nina",
  lastName: "Profit",
  organization_company: "Green Mountain Trails",
  profileImg: null,
  telephone: null,
  orgId: id,
});

beforeAll(async () => {
  h = await createTestDatabase();
  const [org] = await h.db.insert(organizations).values({ name: "Green Mountain Trails", state: "VT" }).returning({ id: organizations.id });
  orgId = org!.id;
});
afterAll(async () => {
  await h.close();
});

describe("Connect Payments", () => {
  test("without Stripe keys the calls fail with a clear 503, not a crash", async () => {
    await expect(createStripeAccount(nonprofit(orgId))).rejects.toMatchObject({ code: "unavailable", message: "Stripe payments are not configured on this server." });
  });
  test("another organization's account is refused", async () => {
    await expect(getStripeBalance(nonprofit(orgId), "someone-else")).rejects.toMatchObject({ code: "forbidden" });
    await expect(getPaymentConnection({ ...nonprofit(orgId), type: "individual" })).rejects.toMatchObject({ code: "forbidden" });
  });
  test("a PayPal merchant id connects the organization and sets stripeComplete (spec 4)", async () => {
    expect((await getPaymentConnection(nonprofit(orgId))).connected).toBe(false);
    const c = await savePaypalMerchant(nonprofit(orgId), "MERCHANT12345");
    expect(c).toMatchObject({ connected: true, paypalMerchantId: "MERCHANT12345", stripeComplete: true });
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.stripeComplete).toBe(true);
  });
});
