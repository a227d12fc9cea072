/** Receipts state the deductible amount exactly; fees are never called deductible; tickets are purchases. */
import { nonprofitNotificationMail, receiptMail, type DonationMailFacts } from "./donation";
import { ticketConfirmationMail } from "./ticket";
import type { TicketMailFacts } from "@/lib/receipts/ticket-summary";

const gift: DonationMailFacts = {
  donationId: "d-1",
  createdAt: new Date("2026-03-01T12:00:00Z"),
  amountCents: 5_000,
  feeCents: 175,
  coverFees: true,
  status: "Completed",
  paymentType: "Card",
  recurring: false,
  organizationName: "Vermont Foodbank",
  organizationEin: "030277440",
  organizationEmail: null,
  organizationLogoUrl: null,
  irsDeductibility: "1",
  fundraiserName: null,
  donor: { name: "Ada", email: "ada@example.org", telephone: null, city: null, state: null, gender: null, ageRange: null },
  anonymous: false,
  share: { name: true, email: true, phone: false, location: false, gender: false, age: false },
  receiptUrl: "http://localhost/api/receipts/d-1?token=t",
};

const tickets: TicketMailFacts = {
  paymentId: "p-1",
  paidAt: new Date("2026-03-01T12:00:00Z"),
  buyerEmail: "tia@example.org",
  organizationName: "Hillwinds",
  organizationEin: "030107290",
  organizationLogoUrl: null,
  irsDeductibility: "1",
  eventName: "Harvest Dinner",
  eventStartsAt: new Date("2031-09-20T22:00:00Z"),
  eventTimeZone: "America/New_York",
  ticketTypeName: "Dinner",
  quantity: 1,
  amountCents: 10_000,
  goodsValueCents: 6_000,
  deductibleCents: 4_000,
  receiptUrl: "http://localhost/api/receipts/p-1?token=t",
};

test("a gift's receipt states the deductible amount (the gift only), and covered fees as not deductible", () => {
  const text = receiptMail(gift)!.text;
  expect(text).toContain("Deductible amount: $50.00");
  expect(text).toContain("Fees you covered: $1.75 (total charged $51.75); fees are not a gift to the organization and are not deductible");
  expect(text).not.toContain("Deductible amount: $51.75");
  expect(receiptMail({ ...gift, irsDeductibility: "2" })!.text).toContain("Deductible amount: $0.00");
});

test("a tribute gift's receipt and the nonprofit's notice say whom it honors; the deductible amount is the same", () => {
  const tribute = { ...gift, tribute: "In memory of Jane Doe" };
  const text = receiptMail(tribute)!.text;
  expect(text).toContain("Tribute: In memory of Jane Doe");
  expect(text).toContain("Deductible amount: $50.00");
  expect(nonprofitNotificationMail({ ...tribute, organizationEmail: "np@example.org" })!.text).toContain("Tribute: In memory of Jane Doe");
  expect(receiptMail(gift)!.text).not.toContain("Tribute");
});

test("a ticket confirmation is a purchase with the Publication 1771 disclosure", () => {
  const mail = ticketConfirmationMail(tickets)!;
  expect(mail.subject).toBe("Your tickets: Harvest Dinner ($100.00 paid to Hillwinds)");
  expect(mail.text).toContain("Deductible amount: $40.00");
  expect(mail.text).toContain("over the value of the goods and services provided by Hillwinds ($60.00): $40.00.");
  expect(mail.text).not.toContain("No goods or services were provided");
  expect(ticketConfirmationMail({ ...tickets, irsDeductibility: "2" })!.text).toContain("Deductible amount: $0.00");
  expect(ticketConfirmationMail({ ...tickets, goodsValueCents: 10_000, deductibleCents: 0 })!.text).toContain("no part of this payment is a deductible charitable contribution");
});
