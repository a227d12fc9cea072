import fs from "node:fs";
import { expect } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, uniqueEmail, test } from "./fixtures";

const ORG_NAME = "NORTHSHIRE SENIOR CENTER INC";
const FUNDRAISER = `Van Repairs ${Date.now() % 100000}`;

test.describe("manage donations", () => {
  test("a nonprofit claims its profile, edits it, creates a fundraiser, adds links, then finds a shared gift in /manage-pay, filters it and downloads the CSV", async ({ page, browser }) => {
    // Sign-up, two checkouts and the report in one flow: more than the default 60 s on a busy machine.
    test.setTimeout(300_000);
    // The nonprofit claims its EIN.
    const organizationId = await claimOrganization(page, { ein: "03-0228266", name: ORG_NAME }, { firstName: "Rhea", lastName: "Ports", email: uniqueEmail("np-reports") });
    expect(organizationId).toBeTruthy();
    // It connects payouts (the sandbox connection) so that it can receive gifts.
    await connectSandboxPayments(page);

    // It edits its general info in place: an edit cancelled changes nothing, a saved one stays.
    await page.goto(`/nonprofit/${organizationId}`);
    const info = page.getByTestId("general-info");
    await page.getByRole("button", { name: "Edit general information" }).click();
    await info.getByLabel("Phone", { exact: true }).fill("8025550000");
    await info.getByRole("button", { name: "Cancel" }).click();
    await expect(info).not.toContainText("8025550000");
    await page.getByRole("button", { name: "Edit general information" }).click();
    await info.getByLabel("Phone", { exact: true }).fill("8025550199");
    await info.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Edit general information" })).toBeVisible();
    await page.reload();
    await expect(info).toContainText("8025550199");

    // It creates a fundraiser from the dashboard's Create Fundraiser link.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Create Fundraiser/ }).click();
    await expect(page).toHaveURL(new RegExp(`/nonprofit/${organizationId}\\?sec=fundraiser$`));
    const createForm = page.locator("#fundraiser").getByRole("form", { name: "Create a fundraiser" });
    await createForm.getByLabel("Fundraiser name").fill(FUNDRAISER);
    await createForm.getByLabel("Goal (USD)").fill("5000");
    await createForm.getByRole("button", { name: "Create fundraiser" }).click();
    await expect(createForm).toBeHidden();
    await expect(page.getByTestId("fundraiser-item").filter({ hasText: FUNDRAISER })).toBeVisible();
    const listed = await page.request.get(`/api/getNpCampaigns/${organizationId}`);
    const fundraiserId = ((await listed.json()) as { campaigns: { _id: string; name: string }[] }).campaigns.find((c) => c.name === FUNDRAISER)!._id;

    // It adds wishlist and marketplace links from the dashboard popups; a bare address gets http://.
    for (const [tile, field, address] of [
      ["Manage Wishlist", "Wishlist link", "www.amazon.com/hz/wishlist/ls/NORTHSHIRE"],
      ["Manage Marketplace", "Marketplace link", "https://shop.example.org/northshire"],
    ] as const) {
      await page.goto("/dashboard");
      await page.getByRole("button", { name: new RegExp(tile) }).click();
      const dialog = page.getByRole("dialog", { name: tile });
      await dialog.getByRole("textbox", { name: new RegExp(`^${field}`) }).fill(address);
      await dialog.getByRole("button", { name: "Add link" }).click();
      await expect(dialog.getByRole("list", { name: /links$/ })).toContainText((address.startsWith("www") ? `http://${address}` : address).slice(0, 30));
      await page.keyboard.press("Escape");
    }
    await page.goto(`/nonprofit/${organizationId}`);
    await expect(page.getByRole("link", { name: /http:\/\/www\.amazon\.com\/hz\/wishlist/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /shop\.example\.org/ })).toBeVisible();

    // A guest gives $25 to the fundraiser sharing their email, and $10 directly without sharing it.
    const donorContext = await browser.newContext();
    const donor = await donorContext.newPage();
    const sharedEmail = uniqueEmail("shared-donor");
    const hiddenEmail = uniqueEmail("private-donor");
    for (const gift of [
      { path: `/donation/${organizationId}/${fundraiserId}`, amount: "$25", email: sharedEmail, share: true },
      { path: `/donation/${organizationId}/direct`, amount: "$10", email: hiddenEmail, share: false },
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
    // Connected earlier (sandbox): the panel says so instead of prompting to connect.
    await expect(page.getByText("Sandbox payments are connected: gifts use test cards and no real money moves.")).toBeVisible();
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

    // Filter by the fundraiser and a custom range (today in Vermont, the organization's zone): the URL keeps the filters.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    await page.getByRole("combobox", { name: "Duration" }).selectOption("customRange");
    await page.getByLabel(/^Start date/).fill(today);
    await page.getByLabel(/^End date/).fill(today);
    await page.getByRole("combobox", { name: "Fundraiser" }).selectOption({ label: FUNDRAISER });
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveURL(new RegExp(`duration=customRange&fundraiser=${fundraiserId}&startDate=${today}&endDate=${today}`));
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(sharedEmail);
    await expect(page.getByTestId("report-total")).toHaveText("$25.00");

    // The CSV: exactly the spec's columns, the shared email only, the gift's time as an ISO timestamp in UTC.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^donation-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const utcStamp = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z";
    const lines = csv.split("\n");
    expect(lines[0]).toBe("Date,Donor Email,Fundraiser,Amount USD");
    expect(lines[1]).toMatch(new RegExp(`^${utcStamp},${sharedEmail.replace(/[.+]/g, "\\$&")},${FUNDRAISER},25\\.00$`));
    expect(lines.slice(2)).toEqual([""]);

    // Without filters the CSV has both gifts, and still only the shared email.
    const all = await page.request.get("/api/reports/donations.csv?duration=yearToDate&fundraiser=all");
    const allText = await all.text();
    expect(allText.split("\n")[0]).toBe("Date,Donor Email,Fundraiser,Amount USD");
    expect(allText).toMatch(new RegExp(`${utcStamp},,Direct Donation,10\\.00`));
    expect(allText).not.toContain(hiddenEmail);
  });
});
