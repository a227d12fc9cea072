import { expect } from "@playwright/test";
import { claimOrganization, hydrated, uniqueEmail, test } from "./fixtures";

/**
 * A nonprofit records a check it received by mail, on a phone-sized screen, from Manage
 * Donations: the gift appears in the report marked as offline, counts in the total, and its
 * receipt downloads for the organization to hand to the donor. EAST MONTPELIER HISTORICAL
 * SOCIETY INC, Vermont: a real EIN no other spec claims.
 */
const EIN = "030275281";
const NAME = "EAST MONTPELIER HISTORICAL SOCIETY INC";

test("a nonprofit records a check from Manage Donations on a phone; it shows as offline, counts in the total, and its receipt downloads", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Hal", lastName: "Story", email: uniqueEmail("np-offline") });

  await page.goto("/manage-pay");
  await hydrated(page); // not about timing: the first tap is e2e/first-tap.spec.ts's
  await page.getByRole("button", { name: "Record an offline gift" }).click();
  const dialog = page.getByRole("dialog", { name: "Record an offline gift" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("How was it given?").selectOption({ label: "Check" });
  // A check needs its number: sending without it names the field.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Date received").fill(yesterday);
  await dialog.getByLabel("Amount (USD)").fill("125");
  await dialog.getByLabel("Donor name").fill("Olive Offline");
  await dialog.getByRole("button", { name: "Record gift" }).click();
  await expect(dialog.getByLabel("Check number")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Check number").fill("1234");
  await page.screenshot({ path: testInfo.outputPath("offline-gift-dialog-360.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Record gift" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("offline-gift-notice")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("offline-gift-report-360.png"), fullPage: true });
  // The report's table shows from 768 px up (a phone gets one card per gift).
  await page.setViewportSize({ width: 1280, height: 900 });
  const row = page.getByTestId("donation-table").getByRole("row").filter({ hasText: "Offline: Check" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$125.00");
  await expect(page.getByTestId("report-total")).toHaveText("$125.00");
  await page.screenshot({ path: testInfo.outputPath("offline-gift-report-1280.png"), fullPage: true });

  // The receipt is the organization's to hand over: it downloads as a PDF for its member.
  const receipt = row.getByRole("link", { name: /^Receipt of the / });
  const href = await receipt.getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
});
