/**
 * Donation emails queued as their facts (lib/mail/mail-job.ts): each job renders, after its
 * trip through the queue's JSON, exactly the email rendered from the full facts, and holds no
 * donor detail or link its email does not show.
 */
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { donationMailJob, mailOfJob } from "./mail-job";
import { donationMail, type DonationMailFacts, type DonationMailKind } from "./templates/donation";

const PLATFORM = "donations@givebridge.example";
beforeAll(() => {
  setEnvForTests({ PLATFORM_DONATIONS_EMAIL: PLATFORM });
  resetServerEnv();
});
afterAll(() => {
  setEnvForTests({ PLATFORM_DONATIONS_EMAIL: undefined });
  resetServerEnv();
});

const base: DonationMailFacts = {
  donationId: "d-1",
  createdAt: new Date("2026-11-24T15:30:00Z"),
  amountCents: 12_345,
  feeCents: 388,
  coverFees: true,
  status: "Completed",
  paymentType: "Card",
  recurring: true,
  organizationName: "Vermont Foodbank",
  organizationLegalName: "VERMONT FOODBANK INC",
  organizationEin: "030277440",
  organizationEmail: "gifts@vtfoodbank.example",
  organizationLogoUrl: null,
  irsDeductibility: "1",
  fundraiserName: "Winter Meals",
  donor: { name: "Ada Guest", email: "ada@example.org", telephone: "802-555-0100", city: "Barre", state: "VT", gender: "Female", ageRange: 3 },
  anonymous: false,
  share: { name: true, email: false, phone: false, location: true, gender: false, age: true },
  receiptUrl: "http://localhost:3000/api/receipts/d-1?token=secret-token",
  manageUrl: "http://localhost:3000/recurring/g-1?token=manage-token",
};

const throughQueue = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const kinds: DonationMailKind[] = ["receipt", "nonprofit", "platform"];
const variants: DonationMailFacts[] = [
  base,
  { ...base, anonymous: true },
  { ...base, share: { name: false, email: true, phone: true, location: false, gender: true, age: false } },
  { ...base, recurring: false, manageUrl: null, coverFees: false },
];

describe("donation emails queued as their facts", () => {
  test.each(kinds)("the %s renders from its job exactly as from the full facts", (kind) => {
    for (const facts of variants) {
      expect(mailOfJob(throughQueue(donationMailJob(kind, facts)))).toEqual(donationMail(kind, facts, PLATFORM));
    }
  });

  test("the nonprofit's job holds only what the donor shared, and no link; the platform's no donor detail", () => {
    const nonprofit = JSON.stringify(donationMailJob("nonprofit", base));
    expect(nonprofit).toContain("Ada Guest");
    expect(nonprofit).toContain("Barre");
    for (const hidden of ["ada@example.org", "802-555-0100", "Female", "secret-token", "manage-token"]) expect(nonprofit).not.toContain(hidden);
    expect(JSON.stringify(donationMailJob("nonprofit", { ...base, anonymous: true }))).not.toContain("Ada Guest");
    const platform = JSON.stringify(donationMailJob("platform", base));
    for (const hidden of ["Ada Guest", "ada@example.org", "Barre", "secret-token", "manage-token"]) expect(platform).not.toContain(hidden);
    expect(JSON.stringify(donationMailJob("receipt", base))).toContain("secret-token");
  });
});
