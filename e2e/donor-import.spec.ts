import { expect } from "@playwright/test";
import { claimOrganization, hydrated, uniqueEmail, test } from "./fixtures";

/**
 * A nonprofit imports the sample Givebutter export from the Donors view: the suggested mapping
 * (status and refunded amount included), a dry run (a queued job: the page shows it when it
 * finishes) that lists the two broken rows by line and the failed and refunded rows it skips,
 * the import (a queued job too) with its progress and summary,
 * then the Donors view's segment counts from the imported history; importing the same file
 * again creates nothing. On a phone (360 px) and a desktop (1280 px). CARLOS G OTIS HEALTH CARE
 * CENTER INC, Vermont: an EIN no other spec claims.
 */
const EIN = "030177161";
const NAME = "CARLOS G OTIS HEALTH CARE CENTER INC";
const SAMPLE = "public/samples/givebutter-transactions.csv";

test("a nonprofit imports a Givebutter export: broken rows by line, the good rows imported once, segments counted", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Ima", lastName: "Porter", email: uniqueEmail("np-import") });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/manage-pay/donors");
  await page.getByRole("link", { name: "Import donors from CSV" }).click();
  await expect(page).toHaveURL(/\/manage-pay\/donors\/import$/);
  await expect(page.getByRole("heading", { level: 1, name: "Import donors" })).toBeVisible();
  await hydrated(page);

  // Upload: the file input is reached through its label.
  await page.getByLabel(/Choose a CSV file or drop it here/).setInputFiles(SAMPLE);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("givebutter-transactions.csv")).toBeVisible();
  await expect(page.getByText(/17 rows, 10 columns/)).toBeVisible();
  await expect(page.getByLabel("Import “Status” as")).toHaveValue("status");
  await expect(page.getByLabel("Import “Refunded Amount” as")).toHaveValue("refundedAmount");
  await expect(page.getByLabel("Import “Amount” as")).toHaveValue("amount");
  await expect(page.getByLabel("Import “Transaction Date” as")).toHaveValue("date");
  await expect(page.getByLabel("Import “Transaction ID” as")).toHaveValue("externalId");

  // Dry run (a job; the page polls it): nothing imported, the two broken rows listed by line,
  // the failed and the fully refunded payments skipped with their reason.
  await page.getByRole("button", { name: "Run a dry run" }).click();
  const errors = page.getByTestId("import-errors");
  await expect(errors.getByRole("listitem")).toHaveText(["line 7: Amount must be a positive number of dollars.", "line 9: Date is missing."], { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Rows skipped by payment status" }).getByRole("listitem")).toHaveText(["1 failed row: the payment failed.", "1 refunded row: the gift was refunded in full."]);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(14);
  await page.screenshot({ path: testInfo.outputPath("import-dry-run-360.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // From the top: a full-page shot of a scrolled page paints the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath("import-dry-run-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });

  // Import with progress, then the summary.
  await page.getByRole("button", { name: "Import 13 gifts" }).click();
  const done = page.getByRole("alert").filter({ hasText: "Import complete" }).or(page.getByText("Import complete"));
  await expect(done.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/13 gifts created, 0 already imported, 2 rows with problems/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Rows imported" })).toHaveAttribute("aria-valuenow", "100");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("import-done-1280.png"), fullPage: true });

  // The Donors view counts the imported history (segments on calendar years: the sample's
  // history is 2022 to February 2026).
  await page.getByRole("link", { name: "See your donors" }).click();
  await expect(page).toHaveURL(/\/manage-pay\/donors$/);
  await expect(page.getByTestId("segment-count-all")).toHaveText("9");
  if (new Date().getUTCFullYear() === 2026) {
    await expect(page.getByTestId("segment-count-lybunt")).toHaveText("4");
    await expect(page.getByTestId("segment-count-sybunt")).toHaveText("4");
  }

  // The same file again: nothing new.
  await page.goto("/manage-pay/donors/import");
  await hydrated(page);
  await page.getByLabel(/Choose a CSV file or drop it here/).setInputFiles(SAMPLE);
  await page.getByRole("button", { name: "Upload" }).click();
  await page.getByRole("button", { name: "Run a dry run" }).click();
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("Already imported", { timeout: 30_000 });
  await page.getByRole("button", { name: "Import 0 gifts" }).click();
  await expect(page.getByText(/0 gifts created, 13 already imported/)).toBeVisible({ timeout: 30_000 });
  await page.goto("/manage-pay/donors");
  await expect(page.getByTestId("segment-count-all")).toHaveText("9");
});
