/**
 * The cell rules of a donor-history import: dollars to cents, gift dates in the organization's
 * zone, payment methods to offline methods, payment statuses and refunds to what counts as a
 * gift, and the mapping suggested for each platform's documented export columns.
 */
import { donorImportMappingSchema, giftOfRow, importMethodOf, parseAmountCents, parseGiftDay, parseImportStatus, parseRefundedCents, suggestMapping } from "./donor-import";
import { messages } from "./messages";

const m = messages.donorImport;

describe("parseAmountCents", () => {
  test.each([
    ["1,234.56", 123_456],
    ["$25", 2_500],
    ["$ 25.5", 2_550],
    ["25.05", 2_505],
    [" 10 USD ", 1_000],
    ["USD 7", 700],
    [".5", 50],
    ["1000000", 100_000_000],
  ])("%s -> %i cents", (raw, cents) => {
    expect(parseAmountCents(raw)).toEqual({ ok: true, value: cents });
  });

  test.each([
    ["", m.amountRequired],
    ["   ", m.amountRequired],
    ["0", m.amountInvalid],
    ["0.00", m.amountInvalid],
    ["-5", m.amountInvalid],
    ["(5.00)", m.amountInvalid],
    ["abc", m.amountInvalid],
    ["12.345", m.amountInvalid],
    ["1,23.00", m.amountInvalid],
    ["=1+1", m.amountInvalid],
    ["1e3", m.amountInvalid],
    ["10000000.01", m.amountTooLarge],
  ])("%j is refused: %s", (raw, reason) => {
    expect(parseAmountCents(raw)).toEqual({ ok: false, reason });
  });
});

describe("parseGiftDay", () => {
  const NY = "America/New_York";
  const today = "2026-11-27";
  test.each([
    ["2025-03-31", "2025-03-31"],
    ["3/31/2025", "2025-03-31"],
    ["03/01/2025", "2025-03-01"],
    ["2025-03-31 23:30:00", "2025-03-31"],
    ["2025-03-31T23:30", "2025-03-31"],
    // 02:00 UTC on April 1 is still March 31 in New York.
    ["2025-04-01T02:00:00Z", "2025-03-31"],
    ["2025-04-01 02:00:00 +0000", "2025-03-31"],
    ["2025-02-01 10:00:00 -0500", "2025-02-01"],
    ["2026-11-27", "2026-11-27"],
  ])("%s -> %s in New York", (raw, day) => {
    expect(parseGiftDay(raw, NY, today)).toEqual({ ok: true, value: day });
  });

  test.each([
    ["", m.dateRequired],
    ["yesterday", m.dateInvalid],
    ["2025-02-30", m.dateInvalid],
    ["13/01/2025", m.dateInvalid],
    ["2025-13-01T00:00:00Z", m.dateInvalid],
    ["2026-11-28", m.dateInFuture],
    ["1899-12-31", m.dateTooOld],
  ])("%j is refused: %s", (raw, reason) => {
    expect(parseGiftDay(raw, NY, today)).toEqual({ ok: false, reason });
  });
});

test("payment methods: offline kinds keep their kind, everything else was paid on the other platform", () => {
  expect(["Cash", "Check", "cheque", "DAF", "Donor-Advised Fund", "Stock", "Securities", "In-kind", "In Kind", "inkind"].map(importMethodOf)).toEqual([
    "cash",
    "check",
    "check",
    "daf",
    "daf",
    "stock",
    "stock",
    "in_kind",
    "in_kind",
    "in_kind",
  ]);
  expect(["Card", "Credit Card", "PayPal", "ACH", "Venmo", "stripe", "", "Gift"].map(importMethodOf)).toEqual(Array(8).fill("other_platform"));
});

describe("suggestMapping", () => {
  test("Little Green Light and Bloomerang exports", () => {
    expect(suggestMapping(["Gift Date", "Gift Amount", "First name", "Last name", "Email address", "Campaign", "Gift type"])).toEqual({
      "Gift Date": "date",
      "Gift Amount": "amount",
      "First name": "firstName",
      "Last name": "lastName",
      "Email address": "email",
      Campaign: "fundraiser",
      "Gift type": "method",
    });
    expect(suggestMapping(["Date", "Amount", "First Name", "Last Name", "Email", "Campaign", "Method"])).toEqual({
      Date: "date",
      Amount: "amount",
      "First Name": "firstName",
      "Last Name": "lastName",
      Email: "email",
      Campaign: "fundraiser",
      Method: "method",
    });
  });

  test("a target is suggested once; unknown headers are left out", () => {
    expect(suggestMapping(["Email", "Donor Email", "Favourite colour", "Amount", "Date"])).toEqual({ Email: "email", Amount: "amount", Date: "date" });
  });
});

test("a mapping needs a date and an amount, each target once; ignored columns are dropped", () => {
  expect(donorImportMappingSchema.parse({ A: "date", B: "amount", C: "" })).toEqual({ A: "date", B: "amount" });
  expect(donorImportMappingSchema.safeParse({ A: "date" }).error?.issues[0]?.message).toBe(m.mappingAmountRequired);
  expect(donorImportMappingSchema.safeParse({ A: "date", B: "amount", C: "amount" }).error?.issues[0]?.message).toBe(m.mappingDuplicate("amount (usd)"));
  expect(donorImportMappingSchema.safeParse({ A: "date", B: "amount", C: "password" }).success).toBe(false);
});

describe("payment statuses", () => {
  test.each([
    ["Succeeded", "succeeded"],
    ["succeeded", "succeeded"],
    ["Paid", "succeeded"],
    ["Complete", "succeeded"],
    ["Completed", "succeeded"],
    ["", "succeeded"],
    ["Failed", "failed"],
    ["Declined", "failed"],
    ["Cancelled", "cancelled"],
    ["Canceled", "cancelled"],
    ["Voided", "cancelled"],
    ["Refunded", "refunded"],
    ["Pending", "pending"],
    ["Partially refunded", "partially_refunded"],
    ["partially_refunded", "partially_refunded"],
    ["Partially-Refunded", "partially_refunded"],
  ])("%s -> %s", (raw, status) => {
    expect(parseImportStatus(raw)).toEqual({ ok: true, value: status });
  });

  test("an unknown status is refused with its message", () => {
    expect(parseImportStatus("Disputed?")).toEqual({ ok: false, reason: m.statusInvalid });
  });

  test("refunded amounts: empty or zero is nothing; dollars are cents; anything else is refused", () => {
    expect(parseRefundedCents("")).toEqual({ ok: true, value: 0 });
    expect(parseRefundedCents("0.00")).toEqual({ ok: true, value: 0 });
    expect(parseRefundedCents("$0")).toEqual({ ok: true, value: 0 });
    expect(parseRefundedCents("12.34")).toEqual({ ok: true, value: 1_234 });
    expect(parseRefundedCents("n/a")).toEqual({ ok: false, reason: m.refundInvalid });
  });

  test("only a succeeded payment is a gift, counting what was not refunded", () => {
    expect(giftOfRow(10_000, "succeeded", 0, false)).toEqual({ ok: true, cents: 10_000 });
    expect(giftOfRow(10_000, "succeeded", 2_500, true)).toEqual({ ok: true, cents: 7_500 });
    expect(giftOfRow(10_000, "succeeded", 10_000, true)).toEqual({ ok: true, skip: "refunded" });
    expect(giftOfRow(10_000, "partially_refunded", 3_333, true)).toEqual({ ok: true, cents: 6_667 });
    expect(giftOfRow(10_000, "partially_refunded", 0, true)).toEqual({ ok: false, reason: m.refundRequired });
    expect(giftOfRow(10_000, "refunded", 0, false)).toEqual({ ok: true, skip: "refunded" });
    expect(giftOfRow(10_000, "refunded", 10_000, true)).toEqual({ ok: true, skip: "refunded" });
    expect(giftOfRow(10_000, "refunded", 4_000, true)).toEqual({ ok: true, cents: 6_000 });
    expect(giftOfRow(10_000, "refunded", 12_000, true)).toEqual({ ok: true, skip: "refunded" });
    for (const status of ["failed", "cancelled", "pending"] as const) expect(giftOfRow(10_000, status, 0, true)).toEqual({ ok: true, skip: status });
  });

  test("the status and refund columns of each platform's export are suggested", () => {
    expect(suggestMapping(["Status", "Refunded Amount"])).toEqual({ Status: "status", "Refunded Amount": "refundedAmount" });
    expect(suggestMapping(["Donation Status", "Amount Refunded"])).toEqual({ "Donation Status": "status", "Amount Refunded": "refundedAmount" });
    expect(suggestMapping(["Payment Status", "Refund Amount"])).toEqual({ "Payment Status": "status", "Refund Amount": "refundedAmount" });
  });
});
