/**
 * PDF receipts, ticket confirmations and giving statements: the shared
 * letterhead (platform's and organization's name and logo, formatted EIN), deductibility in
 * plain words, and ids that are never broken across lines — checked on the text a PDF
 * reader extracts.
 */
import sharp from "sharp";
import { formatEin } from "@/lib/donations/labels";
import { statementPdf, type GivingStatement } from "@/lib/services/donors/giving-statement";
import { letterheadLogos } from "@/lib/services/images/image-bytes";
import { renderReceiptPdf, renderTicketPdf, type ReceiptFacts } from "./receipt-pdf";
import { pdfImageWidths, pdfLines } from "./testing";

const ID = "3f1c9a52-8d4e-4b7a-9c21-5e6f7a8b9c0d";
const receipt: ReceiptFacts = {
  donationId: ID,
  date: new Date("2026-11-22T12:00:00Z"),
  amountCents: 5_000,
  feeCents: 175,
  coverFees: true,
  organizationName: "Randolph Area Food Shelf",
  organizationEin: "030324429",
  organizationAddress: "10 Main St, Randolph, VT, 05060",
  irsDeductibility: "1",
  fundraiserName: "Winter Pantry Drive",
  donorName: "Ada Guest",
  paymentType: "Card",
};

let orgLogo: Buffer;
beforeAll(async () => {
  orgLogo = await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
});

test("the receipt's letterhead: both names and logos, the formatted EIN; the receipt number whole on its own line", async () => {
  const { platform } = await letterheadLogos();
  expect(platform).not.toBeNull();
  const pdf = await renderReceiptPdf(receipt, { platform, organization: orgLogo });
  const lines = await pdfLines(pdf);
  expect(lines.slice(0, 4)).toEqual(["Givebridge", "Randolph Area Food Shelf", "EIN 03-0324429", "10 Main St, Randolph, VT, 05060"]);
  expect(lines).toContain("Donation receipt");
  expect(lines).toContain(ID);
  expect(lines).toContain("No goods or services were provided in exchange for this contribution.");
  expect(lines.join(" ")).toContain("Contributions to Randolph Area Food Shelf are tax-deductible as charitable contributions, to the extent the law allows.");
  expect(lines.join(" ")).not.toMatch(/deductibility code/i);
  expect(pdfImageWidths(pdf)).toEqual([120, 192]);
});

test("not deductible and treaty organizations are said in plain words; a receipt renders without logos", async () => {
  const notDeductible = (await pdfLines(await renderReceiptPdf({ ...receipt, irsDeductibility: "2" }))).join(" ");
  expect(notDeductible).toContain("Deductible amount: $0.00");
  expect(notDeductible).toContain("Contributions to Randolph Area Food Shelf are not tax-deductible as charitable contributions.");
  const treaty = (await pdfLines(await renderReceiptPdf({ ...receipt, irsDeductibility: "4" }))).join(" ");
  expect(treaty).toContain("is a foreign organization: contributions to it are tax-deductible only as a U.S. tax treaty allows.");
  expect(pdfImageWidths(await renderReceiptPdf(receipt))).toEqual([]);
});

test("a ticket confirmation has the same letterhead, its number whole, and what is deductible", async () => {
  const pdf = await renderTicketPdf(
    {
      paymentId: ID,
      paidAt: new Date("2026-03-01T12:00:00Z"),
      buyerEmail: "tia@example.org",
      buyerName: "Tia Buyer",
      organizationName: "Hillwinds",
      organizationEin: "030107290",
      organizationLogoUrl: null,
      irsDeductibility: "1",
      eventName: "Harvest Dinner",
      eventStartsAt: new Date("2031-09-20T22:00:00Z"),
      eventTimeZone: "America/New_York",
      ticketTypeName: "Dinner",
      quantity: 2,
      amountCents: 20_000,
      goodsValueCents: 12_000,
      deductibleCents: 8_000,
      receiptUrl: "https://give.example.org/api/receipts/p?token=t",
    },
    await letterheadLogos(),
  );
  const lines = await pdfLines(pdf);
  expect(lines.slice(0, 3)).toEqual(["Givebridge", "Hillwinds", "EIN 03-0107290"]);
  expect(lines).toContain("Ticket purchase confirmation");
  expect(lines).toContain(ID);
  expect(lines).toContain("Purchased: 2 x Dinner tickets for Harvest Dinner (Sat, Sep 20, 2031, 6:00 PM EDT)");
  expect(lines).toContain("Deductible amount: $80.00");
});

test("a long statement keeps every donation id whole on one line, page after page, with each nonprofit's deductibility", async () => {
  const long = "Vermont Land Trust Incorporated Conservation Easement Stewardship and Farmland Access Fund";
  const lines = Array.from({ length: 60 }, (_, i) => ({
    date: new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
    organization: i % 2 ? "Humane Society of Chittenden County" : long,
    ein: i % 2 ? "030193150" : "030264836",
    irsDeductibility: i % 2 ? "1" : "2",
    fundraiser: i % 3 ? "Spay & Neuter Clinic Fund" : "Direct Donation",
    amountCents: 2_500 + i,
    donationId: `${ID.slice(0, 24)}${String(100_000_000_000 + i)}`,
  }));
  const s: GivingStatement = {
    year: 2026,
    donorName: "Dana Donor",
    donorEmail: "dana@example.org",
    lines,
    byOrganization: [
      { organization: "Humane Society of Chittenden County", ein: "030193150", deductibility: "Contributions to Humane Society of Chittenden County are tax-deductible as charitable contributions, to the extent the law allows.", totalCents: 1, gifts: 30 },
      { organization: long, ein: "030264836", deductibility: `Contributions to ${long} are not tax-deductible as charitable contributions.`, totalCents: 1, gifts: 30 },
    ],
    totalCents: 2,
  };
  const pdf = await statementPdf({ statement: s });
  const text = await pdfLines(pdf);
  expect(text[0]).toBe("Givebridge");
  expect(text).toContain("Giving statement 2026");
  expect(text).toContain("Humane Society of Chittenden County (EIN 03-0193150): $0.01 in 30 gifts");
  expect(text.join(" ")).toContain(`Contributions to ${long} are not tax-deductible as charitable contributions.`);
  expect(text.filter((l) => l.startsWith("Date Nonprofit · fundraiser Amount Donation ID")).length).toBeGreaterThan(1);
  for (const l of lines) expect(text.some((line) => line.includes(l.donationId))).toBe(true);
  expect(pdfImageWidths(pdf)).toEqual([192]);
});

describe("PDF receipt", () => {
  test("is a PDF", async () => {
    const pdf = await renderReceiptPdf({
      donationId: "don_1",
      date: new Date("2026-11-22T12:00:00Z"),
      amountCents: 2_500,
      feeCents: 103,
      coverFees: true,
      organizationName: "Vermont Foodbank",
      organizationEin: "030277440",
      organizationAddress: "Barre, VT",
      irsDeductibility: "1",
      fundraiserName: "Winter Meals",
      donorName: "Ada Guest",
      paymentType: "Card",
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1_000);
    expect(formatEin("030277440")).toBe("03-0277440");
  });
});
