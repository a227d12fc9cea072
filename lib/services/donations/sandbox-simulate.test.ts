/**
 * The sandbox "simulate" call acts only for the donation's access-token
 * holder, answers with the status alone, and cannot refund.
 */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { sandboxActionSchema } from "@/lib/validations/donation";
import { donations } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { sandboxAction } from "./sandbox-action";

let h: DatabaseHandle, a: ClaimedNonprofit;
beforeAll(async () => void ({ h, a } = await makeTwoNonprofitsAndADonor(["Simulate Org A", "Simulate Org B"], "sim.donor@example.org")), 120_000);
afterAll(() => h.close());

const statusOf = async (id: string) => (await h.db.select({ s: donations.status }).from(donations).where(eq(donations.id, id)))[0]!.s;

test("a nonprofit cannot refund through simulate, even its own donation", async () => {
  const id = await makeGift(h.db, a.organizationId, null, { status: "succeeded", donorEmail: "guest@example.org", providerPaymentId: "pi_sim_1" });
  const parsed = sandboxActionSchema.safeParse({ action: "refund", donationId: id, token: "anything" });
  expect(parsed.success).toBe(false);
  expect(await statusOf(id)).toBe("succeeded");
});

test("without the donation's access token nothing happens (whoever is signed in)", async () => {
  const id = await makeGift(h.db, a.organizationId, null, { status: "requires_action", donorEmail: "guest@example.org", providerPaymentId: "pi_sim_2" });
  await expect(sandboxAction({ action: "verify", donationId: id, token: "x".repeat(32) })).rejects.toMatchObject({ status: 404 });
  await expect(sandboxAction({ action: "verify", donationId: id, token: donationAccessToken("another-donation") })).rejects.toMatchObject({ status: 404 });
  expect(await statusOf(id)).toBe("requires_action");
});

test("the token holder verifies, and the answer carries the status only (no donor email, no token)", async () => {
  const id = await makeGift(h.db, a.organizationId, null, { status: "requires_action", donorEmail: "guest@example.org", providerPaymentId: "pi_sim_3" });
  const res = await sandboxAction({ action: "verify", donationId: id, token: donationAccessToken(id) });
  expect(res).toEqual({ donationId: id, status: "succeeded" });
  expect(JSON.stringify(res)).not.toContain("guest@example.org");
  expect(await statusOf(id)).toBe("succeeded");
});
