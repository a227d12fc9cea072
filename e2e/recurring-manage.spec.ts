import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { demoFundraiser, demoFundraisers, signUpDonor, uniqueEmail, test } from "./fixtures";

const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

/** The manage link in the monthly receipt sent to `email` (outbox .eml, quoted-printable). */
function manageLinkFor(email: string): string | null {
  if (!fs.existsSync(outbox)) return null;
  for (const name of fs.readdirSync(outbox)) {
    const raw = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}\\r?$`, "m").test(raw) || !/Subject: Your donation receipt/.test(raw)) continue;
    const m = /https?:\/\/[^\s]+(\/recurring\/[A-Za-z0-9_-]+\?token=[A-Za-z0-9._-]+)/.exec(raw);
    if (m) return m[1]!;
  }
  return null;
}

async function giveMonthly(page: Page, checkoutPath: string, email: string) {
  await page.goto(checkoutPath);
  await page.getByRole("radio", { name: "$25", exact: true }).click();
  await page.getByRole("radio", { name: "Monthly" }).click();
  await page.getByRole("textbox", { name: /^Full name/ }).fill("Mona Monthly");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Donate \$25\.00 monthly$/ }).click();
}

test("a guest gives monthly, opens the manage link from the receipt in a fresh browser, skips a month, updates the card and cancels", async ({ page, browser }) => {
  const hit = await demoFundraiser(page.request);
  const checkoutPath = `/donation/${hit.organization._id}/${hit._id}`;
  const email = uniqueEmail("monthly-guest");

  await giveMonthly(page, checkoutPath, email);
  await expect(page).toHaveURL(/\/thankyou\?/);
  await expect(page.getByTestId("thankyou-summary")).toContainText("monthly gift of $25.00");

  // The same monthly gift again: the form asks first and says one already exists.
  await giveMonthly(page, checkoutPath, email);
  await expect(page.getByTestId("duplicate-monthly")).toContainText("You already give $25.00 every month");
  await page.getByRole("button", { name: "No, keep just the one I have" }).click();
  await expect(page.getByTestId("duplicate-monthly")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(checkoutPath));

  await expect.poll(() => manageLinkFor(email), { timeout: 30_000 }).not.toBeNull();
  const link = manageLinkFor(email)!;

  // A fresh browser context: no session, no cookies.
  const guest = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const p = await guest.newPage();
  await p.goto(link);
  await expect(p.getByTestId("gift-summary")).toHaveText(/\$25\.00 every month to /);
  await expect(p.getByTestId("gift-state")).toHaveText("Active");
  await expect(p.getByTestId("past-charges")).toContainText("Completed");
  const firstNext = (await p.getByTestId("next-charge").textContent())!;

  await p.getByRole("button", { name: `Skip the charge on ${firstNext}` }).click();
  await expect(p.getByTestId("manage-notice")).toContainText("Skipped. Your next charge is on");
  await expect(p.getByTestId("next-charge")).not.toHaveText(firstNext);
  const skippedTo = (await p.getByTestId("next-charge").textContent())!;
  expect(new Date(skippedTo).getTime() - new Date(firstNext).getTime()).toBeGreaterThan(27 * 24 * 3600 * 1000);

  const cardSection = p.getByRole("region", { name: "Update the payment method" });
  await cardSection.getByLabel("Card number").fill("4000 0000 0000 0002");
  await cardSection.getByLabel("Expiry (MM/YY)").fill("11/33");
  await cardSection.getByLabel("CVC").fill("321");
  await cardSection.getByRole("button", { name: "Save card" }).click();
  await expect(cardSection.getByRole("alert").first()).toContainText("This card could not be saved");
  await cardSection.getByLabel("Card number").fill("5555 5555 5555 4444");
  await cardSection.getByRole("button", { name: "Save card" }).click();
  await expect(p.getByTestId("payment-method")).toHaveText("Card ending 4444");
  await p.screenshot({ path: path.join(process.env.E2E_OUTPUT_DIR ?? "test-results", "recurring-manage-360.png"), fullPage: true });

  // The changes are stored: a reload shows them.
  await p.reload();
  await expect(p.getByTestId("next-charge")).toHaveText(skippedTo);
  await expect(p.getByTestId("payment-method")).toHaveText("Card ending 4444");

  // Cancel asks first.
  await p.getByRole("button", { name: "Cancel this monthly gift" }).click();
  await expect(p.getByRole("dialog", { name: "Cancel this monthly gift?" })).toBeVisible();
  await p.getByRole("button", { name: "Keep my gift" }).click();
  await expect(p.getByTestId("gift-state")).toHaveText("Active");
  await p.getByRole("button", { name: "Cancel this monthly gift" }).click();
  await p.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(p.getByTestId("gift-state")).toHaveText("Canceled");

  // A tampered link opens nothing.
  await p.goto(link.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await expect(p.getByTestId("manage-error")).toContainText("not valid");
  await guest.close();
});

test("a signed-in donor opens a monthly gift's manage page from Donation History and puts one card on all their monthly gifts", async ({ page }) => {
  const [a, b] = await demoFundraisers(page.request);
  await signUpDonor(page, { firstName: "Rae", lastName: "Recurring", email: uniqueEmail("monthly-member") });
  for (const hit of [a!, b!]) {
    await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
    await page.getByRole("radio", { name: "$10", exact: true }).click();
    await page.getByRole("radio", { name: "Monthly" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Donate \$10\.00 monthly$/ }).click();
    await expect(page).toHaveURL(/\/thankyou\?/);
  }
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Donation History/ }).click();
  const recurring = page.getByRole("region", { name: "Recurring gifts" });
  await expect(recurring.getByRole("link", { name: /^Manage your monthly gift/ })).toHaveCount(2);

  await recurring.getByLabel("Card number").fill("5555 5555 5555 4444");
  await recurring.getByLabel("Expiry (MM/YY)").fill("10/33");
  await recurring.getByLabel("CVC").fill("123");
  await recurring.getByRole("button", { name: "Save card" }).click();
  await expect(recurring.getByText("Card ending 4444 now pays 2 monthly gifts.")).toBeVisible();

  await recurring.getByRole("link", { name: /^Manage your monthly gift/ }).first().click();
  await expect(page).toHaveURL(/\/recurring\/[^?]+$/);
  await expect(page.getByTestId("gift-summary")).toHaveText(/\$10\.00 every month/);
  await expect(page.getByTestId("payment-method")).toHaveText("Card ending 4444");
  await page.getByRole("textbox", { name: "Monthly amount (USD)" }).fill("12.50");
  await page.getByRole("button", { name: "Save amount" }).click();
  await expect(page.getByTestId("gift-summary")).toHaveText(/\$12\.50 every month/);
});
