/**
 * startPayment's purposes: those declared for features still to come are refused before
 * anything is counted or recorded, with an error that names them.
 */
import { startPayment, type PaymentPurpose } from "./start-payment";

const client = { ip: "198.51.100.7", device: null };

test.each<[string, PaymentPurpose]>([
  ["an auction settlement", { type: "auction_settlement", organizationId: "org1", auctionId: "a1", lotId: "l1", bidId: "b1" }],
  ["a membership charge", { type: "membership_charge", organizationId: "org1", membershipId: "m1", periodStart: new Date("2026-12-01T00:00:00Z") }],
  ["a sponsor's match pledge", { type: "match_pledge", organizationId: "org1", campaignId: "c1", sponsorName: "Acme", capCents: 500_000 }],
])("paying for %s is refused until it is implemented", async (name, purpose) => {
  await expect(startPayment({ actor: null, client, amountCents: 2_500, method: "card", purpose })).rejects.toThrow(`Paying for ${name} is not implemented yet.`);
});
