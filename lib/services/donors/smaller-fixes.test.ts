/**
 * The giving-statement CSV escapes formula cells (OWASP ASVS 5.0 1.2.10, CSV injection); one amount
 * limit for one-time and monthly gifts; nonprofit emails label age codes as the spec does.
 */
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { nonprofitNotificationMail, type DonationMailFacts } from "@/lib/mail/templates/donation";
import { changeRecurringSchemaFor } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { recurringGifts } from "@/models";
import { statementCsv } from "./giving-statement";
import { changeRecurringGiftAmount } from "@/lib/services/recurring/manage-recurring-gift";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

test("giving-statement CSV: cells starting with = + - @ are escaped like the nonprofit CSV", () => {
  const csv = statementCsv({
    year: 2026,
    donorName: "Dana",
    donorEmail: "dana@example.org",
    lines: [
      { date: new Date("2026-03-01T00:00:00Z"), organization: '=HYPERLINK("http://evil.example","x")', ein: "030277440", irsDeductibility: "1", fundraiser: "+SUM(1,1)", amountCents: 2500, donationId: "d1" },
      { date: new Date("2026-03-02T00:00:00Z"), organization: "@cmd", ein: null, irsDeductibility: null, fundraiser: "-2+3", amountCents: 100, donationId: "d2" },
    ],
    byOrganization: [],
    totalCents: 2600,
  });
  const rows = parse(csv) as string[][];
  expect(rows[1]![1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(rows[1]![4]).toBe("'+SUM(1,1)");
  expect(rows[2]![1]).toBe("'@cmd");
  expect(rows[2]![4]).toBe("'-2+3");
  expect(rows[1]![5]).toBe("25.00");
});

test("a monthly gift cannot be raised above the one-time limit", async () => {
  const schema = changeRecurringSchemaFor(2_500_000);
  const over = schema.safeParse({ amountCents: 10_000_000 });
  expect(over.success).toBe(false);
  expect(over.error?.issues[0]?.message).toBe(messages.donation.amountMax("$25,000.00"));
  expect(schema.safeParse({ amountCents: 2_500_000 }).success).toBe(true);

  const donor = await makeDonor("monthly.raise@example.org");
  const { organizationId } = await makeNonprofit(h.db, "Monthly Limit Org");
  const [gift] = await h.db.insert(recurringGifts).values({ organizationId, donorUserId: donor.id, amountCents: 1_000, provider: "sandbox" }).returning({ id: recurringGifts.id });
  await expect(changeRecurringGiftAmount({ actor: donor, giftId: gift!.id, amountCents: 10_000_000 })).rejects.toMatchObject({ status: 422 });
  const [row] = await h.db.select({ a: recurringGifts.amountCents }).from(recurringGifts).where(eq(recurringGifts.id, gift!.id));
  expect(row!.a).toBe(1_000);
});

test("nonprofit emails show the spec's age labels for codes 0-4", () => {
  const facts = (ageRange: number): DonationMailFacts => ({
    donationId: "d1",
    createdAt: new Date("2026-03-01T12:00:00Z"),
    amountCents: 2500,
    feeCents: 100,
    coverFees: false,
    status: "Completed",
    paymentType: "card",
    recurring: false,
    organizationName: "Age Org",
    organizationEin: "030277440",
    organizationEmail: "org@example.org",
    organizationLogoUrl: null,
    irsDeductibility: "1",
    fundraiserName: null,
    donor: { name: "A", email: null, telephone: null, city: null, state: null, gender: null, ageRange },
    anonymous: false,
    share: { name: false, email: false, phone: false, location: false, gender: false, age: true },
    receiptUrl: "http://localhost/receipt",
  });
  const labels = [0, 1, 2, 3, 4].map((code) => nonprofitNotificationMail(facts(code))!.text.match(/^Age: (.*)$/m)?.[1]);
  expect(labels).toEqual(["under 17", "18-34", "35-54", "55-74", "over 74"]);
});
