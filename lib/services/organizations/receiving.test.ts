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
  expect(payoutConnected(ready, "sandbox")).toBe(true);
  expect(payoutConnected(ready, "stripe")).toBe(false);
  expect(payoutConnected(ready, "paypal")).toBe(false);
  expect(payoutConnected({ ...ready, sandboxConnectedAt: null, stripeAccountId: "acct_1", stripeComplete: false }, "stripe")).toBe(false);
  expect(payoutConnected({ ...ready, sandboxConnectedAt: null, stripeAccountId: "acct_1", stripeComplete: true }, "stripe")).toBe(true);
  expect(payoutConnected({ ...ready, sandboxConnectedAt: null, paypalMerchantId: "M1" }, "paypal")).toBe(true);
  expect(payoutConnected({ ...ready, sandboxConnectedAt: null, paypalMerchantId: "M1" }, "sandbox")).toBe(true);
  expect(payoutConnected({ ...ready, sandboxConnectedAt: null }, "sandbox")).toBe(false);
});

test("a charge needs the organization claimed, approved and live as well as connected", () => {
  expect(canReceiveGifts(ready, "sandbox")).toBe(true);
  expect(canReceiveGifts({ ...ready, claimed: false }, "sandbox")).toBe(false);
  expect(canReceiveGifts({ ...ready, approvalStatus: "pending" }, "sandbox")).toBe(false);
  expect(canReceiveGifts({ ...ready, live: false }, "sandbox")).toBe(false);
  // A claim waiting for verification takes pledges only, whatever it is connected to.
  expect(canReceiveGifts({ ...ready, claimPendingSince: new Date("2026-01-02T00:00:00Z") }, "sandbox")).toBe(false);
  expect(canReceiveGifts(ready, "stripe")).toBe(false);
});
