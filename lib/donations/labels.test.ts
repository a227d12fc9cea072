import { DIRECT_DONATION, displayDonationStatus, formatEin, fundraiserLabel, paymentTypeLabel, type DonationStatus } from "./labels";

describe("the donation vocabulary", () => {
  test("every stored status has its spec section 4 label, capitalised", () => {
    const all: Record<DonationStatus, string> = {
      pending: "Pending",
      requires_action: "Pending Verification",
      processing: "Processing",
      succeeded: "Completed",
      failed: "Failed",
      refunded: "Refunded",
      canceled: "Canceled",
    };
    for (const [status, label] of Object.entries(all)) expect([status, displayDonationStatus(status)]).toEqual([status, label]);
  });
  test("a gift without a status reads as completed; unknown text is capitalised, never shown raw", () => {
    expect(displayDonationStatus(null)).toBe("Completed");
    expect(displayDonationStatus(undefined)).toBe("Completed");
    expect(displayDonationStatus("disputed")).toBe("Disputed");
    expect(displayDonationStatus("toString")).toBe("ToString");
  });
  test("payment types", () => {
    expect(paymentTypeLabel("card")).toBe("Card");
    expect(paymentTypeLabel("us_bank_account")).toBe("Bank (ACH)");
    expect(paymentTypeLabel("wallet")).toBe("Apple Pay / Google Pay");
    expect(paymentTypeLabel("paypal")).toBe("PayPal");
  });
  test("a gift to the organization itself is a Direct Donation", () => {
    expect(DIRECT_DONATION).toBe("Direct Donation");
    expect(fundraiserLabel(null)).toBe("Direct Donation");
    expect(fundraiserLabel("Winter coats")).toBe("Winter coats");
  });
  test("EINs print as two digits, a dash and seven digits", () => {
    expect(formatEin("030277440")).toBe("03-0277440");
    expect(formatEin("03-0277440")).toBe("03-0277440");
    expect(formatEin(null)).toBeNull();
  });
});
