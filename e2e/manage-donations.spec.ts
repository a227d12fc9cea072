import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { fillAccountFields, uniqueEmail } from "./fixtures";

const EIN = "030228266";
const ORG_NAME = "NORTHSHIRE SENIOR CENTER INC";
const FUNDRAISER = `Van Repairs ${Date.now() % 100000}`;

test.describe("manage donations", () => {
  test("a nonprofit sees a shared gift in /manage-pay, filters it and downloads the CSV with the spec's columns", async ({ page, browser }) => {
    // Sign-up, two checkouts and the report in one flow: more than the default 60 s on a busy machine.
    test.setTimeout(300_000);
    // The nonprofit claims its EIN.
    await page.goto("/signup/nonprofit");
    await page.getByLabel("EIN (Employer Identification Number)").fill("03-0228266");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText(ORG_NAME, { exact: true })).toBeVisible();
    await fillAccountFields(page, { firstName: "Rhea", lastName: "Ports", email: uniqueEmail("np-reports") });
    await page.getByRole("button", { name: new RegExp(`^Claim ${ORG_NAME}`) }).click();
    await expect(page).toHaveURL(/\/signup-thankyou\/nonprofit$/);

    const found = await page.request.get(`/api/find/nonprofitExists/${EIN}`);
    const orgId = ((await found.json()) as { organization: { _id: string } }).organization._id;
    const created = await page.request.put("/api/updateNPCampaigns", { data: { name: FUNDRAISER, goal: "5000" } });
    expect(created.status()).toBe(201);
    const campaignId = ((await created.json()) as { campaign: { _id: string } }).campaign._id;

    // A guest gives $25 to the fundraiser sharing their email, and $10 directly without sharing it.
    const donorContext = await browser.newContext();
    const donor = await donorContext.newPage();
    const sharedEmail = uniqueEmail("shared-donor");
    const hiddenEmail = uniqueEmail("private-donor");
    for (const gift of [
      { path: `/donation/${orgId}/${campaignId}`, amount: "$25", email: sharedEmail, share: true },
      { path: `/donation/${orgId}/direct`, amount: "$10", email: hiddenEmail, share: false },
    ]) {
      await donor.goto(gift.path);
      await donor.getByRole("radio", { name: gift.amount, exact: true }).click();
      await donor.getByRole("textbox", { name: /^Full name/ }).fill("Sam Sharer");
      await donor.getByRole("textbox", { name: /^Email/ }).fill(gift.email);
      const share = donor.getByRole("checkbox", { name: "Email", exact: true });
      if (gift.share) await share.check();
      else await share.uncheck();
      await donor.getByLabel("Card number").fill("4242 4242 4242 4242");
      await donor.getByLabel("Expiry (MM/YY)").fill("12/34");
      await donor.getByLabel("CVC").fill("123");
      await donor.getByRole("button", { name: /^Donate \$/ }).click();
      await expect(donor).toHaveURL(/\/thankyou\?/);
    }
    await donorContext.close();

    // The report: both gifts, newest first; the unshared email never shows.
    await page.goto("/manage-pay");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Donations" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Connect Payments" })).toBeVisible();
    const table = page.getByTestId("donation-table");
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(1)).toContainText("Direct Donation");
    await expect(table.getByRole("row").nth(1)).toContainText("Not shared");
    await expect(table.getByRole("row").nth(1)).toContainText("$10.00");
    await expect(table.getByRole("row").nth(2)).toContainText(sharedEmail);
    await expect(table.getByRole("row").nth(2)).toContainText(FUNDRAISER);
    await expect(table.getByRole("row").nth(2)).toContainText("$25.00");
    await expect(table.getByRole("row").nth(2)).toContainText("Completed");
    await expect(page.getByTestId("report-total")).toHaveText("$35.00");
    await expect(page.locator("body")).not.toContainText(hiddenEmail);

    // A report needs a duration and a fundraiser.
    await page.getByRole("combobox", { name: "Duration" }).selectOption("");
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page.getByText("Please choose a duration and a fundraiser.")).toBeVisible();

    // Filter by the fundraiser and a custom range (today, UTC): the URL keeps the filters.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole("combobox", { name: "Duration" }).selectOption("customRange");
    await page.getByLabel("Start date (UTC)").fill(today);
    await page.getByLabel("End date (UTC)").fill(today);
    await page.getByRole("combobox", { name: "Fundraiser" }).selectOption({ label: FUNDRAISER });
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveURL(new RegExp(`duration=customRange&fundraiser=${campaignId}&startDate=${today}&endDate=${today}`));
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(sharedEmail);
    await expect(page.getByTestId("report-total")).toHaveText("$25.00");

    // The CSV: exactly the spec's columns, the shared email only.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^donation-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.split("\n")).toEqual(["Date,Donor Email,Fundraiser,Amount USD", `${today},${sharedEmail},${FUNDRAISER},25.00`, ""]);

    // Without filters the CSV has both gifts, and still only the shared email.
    const all = await page.request.get("/api/reports/donations.csv?duration=yearToDate&fundraiser=all");
    const allText = await all.text();
    expect(allText.split("\n")[0]).toBe("Date,Donor Email,Fundraiser,Amount USD");
    expect(allText).toContain(`${today},,Direct Donation,10.00`);
    expect(allText).not.toContain(hiddenEmail);
  });
});
