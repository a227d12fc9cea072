/** Who can take a charge now (claimed, approved, live, connected for the provider); everyone else takes pledges. */
import { canReceiveGifts, payoutConnected, type ReceivingFacts } from "./receiving";

const ready: ReceivingFacts = {
  claimed: true,
  claimPendingSince: null,
  approvalStatus: "approved",
  live: true,
  stripeAccountId: null,
  stripeComplete: false,
  paypalMerchantId: null,
  sandboxConnectedAt: new Date("2026-01-01T00:00:00Z"),
};

test("the sandbox takes any connection; Stripe needs a completed Connect account; PayPal a merchant id", () => {
  expect(payoutConnected({ org: ready, provider: "sandbox" })).toBe(true);
  expect(payoutConnected({ org: ready, provider: "stripe" })).toBe(false);
  expect(payoutConnected({ org: ready, provider: "paypal" })).toBe(false);
  expect(payoutConnected({ org: { ...ready, sandboxConnectedAt: null, stripeAccountId: "acct_1", stripeComplete: false }, provider: "stripe" })).toBe(false);
  expect(payoutConnected({ org: { ...ready, sandboxConnectedAt: null, stripeAccountId: "acct_1", stripeComplete: true }, provider: "stripe" })).toBe(true);
  expect(payoutConnected({ org: { ...ready, sandboxConnectedAt: null, paypalMerchantId: "M1" }, provider: "paypal" })).toBe(true);
  expect(payoutConnected({ org: { ...ready, sandboxConnectedAt: null, paypalMerchantId: "M1" }, provider: "sandbox" })).toBe(true);
  expect(payoutConnected({ org: { ...ready, sandboxConnectedAt: null }, provider: "sandbox" })).toBe(false);
});

test("a charge needs the organization claimed, approved and live as well as connected", () => {
  expect(canReceiveGifts({ org: ready, provider: "sandbox" })).toBe(true);
  expect(canReceiveGifts({ org: { ...ready, claimed: false }, provider: "sandbox" })).toBe(false);
  expect(canReceiveGifts({ org: { ...ready, approvalStatus: "pending" }, provider: "sandbox" })).toBe(false);
  expect(canReceiveGifts({ org: { ...ready, live: false }, provider: "sandbox" })).toBe(false);
  // A claim waiting for verification takes pledges only, whatever it is connected to.
  expect(canReceiveGifts({ org: { ...ready, claimPendingSince: new Date("2026-01-02T00:00:00Z") }, provider: "sandbox" })).toBe(false);
  expect(canReceiveGifts({ org: ready, provider: "stripe" })).toBe(false);
});
