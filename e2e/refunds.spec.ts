import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, solvedCheckoutChallenge, uniqueEmail, test } from "./fixtures";

/**
 * Refunds belong to the nonprofit's own Manage Donations screen, through
 * the payment provider (here the sandbox, which refunds at once). NORTHEAST WILDERNESS TRUST,
 * Montpelier VT: a real Vermont EIN no other spec claims.
 */
const EIN = "010729039";
const NAME = "NORTHEAST WILDERNESS TRUST";

test("a nonprofit refunds a completed donation from Manage Donations, with the keyboard, after confirming", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Ren", lastName: "Funds", email: uniqueEmail("np-refunds") });
  await connectSandboxPayments(page);

  // A guest gives $30 directly, sharing their email.
  const guest = await browser.newContext();
  const email = uniqueEmail("refunded-donor");
  const gift = await guest.request.post("/api/createPaymentIntent", {
    data: {
      idempotencyKey: randomUUID(),
      organizationId,
      campaignId: null,
      amountCents: 3_000,
      name: "Rita Refund",
      email,
      share: { name: true, email: true, location: false, phone: false, gender: false, age: false },
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      altcha: await solvedCheckoutChallenge(guest.request),
    },
  });
  expect(gift.status()).toBe(200);
  const { donationId } = (await gift.json()) as { donationId: string };
  // Nobody but the organization may refund it.
  const refused = await guest.request.post(`/api/donations/${donationId}/refund`);
  expect(refused.status()).toBe(401);
  await guest.close();

  await page.goto("/manage-pay");
  const table = page.getByTestId("donation-table");
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Completed");
  await expect(page.getByTestId("report-total")).toHaveText("$30.00");

  // The dialog opens from the keyboard; Escape leaves the donation as it was.
  const refund = row.getByRole("button", { name: /^Refund the \$30\.00 donation of / });
  await refund.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Refund this donation?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("$30.00");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(refund).toBeFocused();
  await expect(row).toContainText("Completed");

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Refund $30.00" }).focus();
  await page.keyboard.press("Enter");
  const notice = page.getByTestId("refund-notice");
  await expect(notice).toHaveText("The donation of $30.00 was refunded.");
  await expect(notice).toBeFocused();
  await expect(row).toContainText("Refunded");
  await expect(row.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  await expect(page.getByTestId("report-total")).toHaveText("$0.00");

  // Asked again (a second tab, a retried request): nothing more happens.
  const again = await page.request.post(`/api/donations/${donationId}/refund`, { headers: { origin: new URL(page.url()).origin } });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ status: "refunded" });
});
