/**
 * Names people can read where money changes hands: checkout, the PDF receipt
 * and the receipt email show the display name, and the receipts keep the IRS legal name beside
 * it; a nonprofit's own edited name always wins.
 */
import { makeGift } from "@/lib/testing/service-fixtures";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { receiptMail } from "@/lib/mail/templates/donation";
import { pdfLines } from "@/lib/receipts/testing";
import { donations, organizations } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { donationMailFacts } from "./donation-mail";
import { getCheckoutContext } from "./get-checkout-context";
import { donationReceiptPdf } from "./get-receipt";

let h: DatabaseHandle;
let organizationId: string;
let donationId: string;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-receipt-names-0123456789" });
  resetServerEnv();
  h = await createTestDatabase();
  const [org] = await h.db
    .insert(organizations)
    .values({ name: "TOWN HALL THEATER INC", legalName: "TOWN HALL THEATER INC", ein: "030358794", city: "MIDDLEBURY", state: "VT", zipcode: "05753", irsDeductibility: "1", claimed: true })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  donationId = await makeGift(h.db, organizationId, null, { amountCents: 2_500, status: "succeeded", succeededAt: new Date("2026-11-20T15:00:00Z"), donorName: "Ada Guest", donorEmail: "ada@example.org" });
});

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
  resetServerEnv();
});

const pdfText = async () => (await pdfLines((await donationReceiptPdf({ actor: null, donationId, token: donationAccessToken(donationId) })).pdf)).join(" ");
const mailText = async () => {
  const [row] = await h.db.select().from(donations).where(eq(donations.id, donationId));
  return receiptMail(await donationMailFacts({ tx: h.db, donation: row! }))!.text;
};

test("an IRS name is shown readable at checkout and on receipts, with the legal name and EIN beside it on receipts", async () => {
  const ctx = await getCheckoutContext({ actor: null, organizationId, fundraiser: "direct" });
  expect(ctx?.organization).toMatchObject({ name: "Town Hall Theater Inc", city: "Middlebury" });

  const pdf = await pdfText();
  expect(pdf).toContain("Town Hall Theater Inc (legal name: TOWN HALL THEATER INC), EIN 03-0358794");
  expect(pdf).toContain("Contributions to Town Hall Theater Inc are tax-deductible");
  expect(pdf).toContain("Middlebury, VT, 05753");

  const mail = await mailText();
  expect(mail).toContain("Town Hall Theater Inc (legal name: TOWN HALL THEATER INC)");
  expect(mail).toContain("Thank you for your gift to Town Hall Theater Inc.");
});

test("the nonprofit's own edited name wins; the legal name stays on the receipts", async () => {
  await h.db.update(organizations).set({ name: "Town Hall Theater" }).where(eq(organizations.id, organizationId));
  expect((await getCheckoutContext({ actor: null, organizationId, fundraiser: "direct" }))?.organization.name).toBe("Town Hall Theater");
  expect(await pdfText()).toContain("Town Hall Theater (legal name: TOWN HALL THEATER INC), EIN 03-0358794");
  expect(await mailText()).toContain("Town Hall Theater (legal name: TOWN HALL THEATER INC)");
});
