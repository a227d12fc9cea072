import { expect } from "@playwright/test";
import { claimOrganization, hydrated, uniqueEmail, test } from "./fixtures";

/**
 * A nonprofit edits its thank-you emails from Manage Donations on a phone (360 px) and a
 * desktop (1280 px): the tabs move with the arrow keys, the live preview follows the typing,
 * an unknown merge field is named on save, a fixed template is saved and sent as a test to the
 * member's own email, and the year-end statements ask for confirmation before sending.
 * TODO INSTITUTE, Vermont: an EIN no other spec claims.
 */
const EIN = "030335931";
const NAME = "TODO INSTITUTE";

test("a nonprofit edits, previews, saves and tests its thank-you emails, and is asked to confirm the year-end statements", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("np-thanks");
  const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Tia", lastName: "Nks", email });
  const origin = new URL(page.url()).origin;
  // A gift of last year from a donor who gave their email: one statement to send.
  const lastYear = Number(new Date().toISOString().slice(0, 4)) - 1;
  const gift = { method: "check", checkNumber: "77", amountCents: 4_200, receivedOn: `${lastYear}-06-15`, donorName: "Sol Statement", donorEmail: uniqueEmail("stmt"), donorConsent: true };
  expect((await page.request.post(`/api/organizations/${organizationId}/offline-gifts`, { data: gift, headers: { origin } })).status()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/manage-pay");
  await page.getByRole("navigation", { name: "Manage Donations sections" }).getByRole("link", { name: "Thank-you emails" }).click();
  await expect(page).toHaveURL(/\/manage-pay\/thank-you$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank-you emails" })).toBeVisible();
  await hydrated(page);
  // No horizontal scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath("thank-you-360.png"), fullPage: true });

  // The tabs: arrow keys move between the variants.
  const tabs = page.getByRole("tablist", { name: "Thank-you emails" });
  await tabs.getByRole("tab", { name: "Every gift" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "First gift" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "First gift" });

  // The preview follows the typing, with the sample donor.
  await panel.getByLabel("Subject").fill("Welcome aboard, {{first_name}}");
  await expect(page.getByTestId("thank-you-preview")).toContainText("Welcome aboard, Jordan");

  // An unknown merge field is refused, named, on its field.
  await panel.getByLabel("Message").fill("Dear {{first_name}},\n\nWe will write to {{email}}.");
  await page.getByRole("button", { name: "Save thank-you emails" }).click();
  await expect(panel.getByText(/Unknown merge field \{\{email\}\}/)).toBeVisible();

  await panel.getByLabel("Message").fill("Dear {{first_name}},\n\nThank you for {{amount}}.");
  await page.getByRole("button", { name: "Save thank-you emails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank-you emails saved." })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "First gift" }).click();
  await expect(page.getByRole("tabpanel", { name: "First gift" }).getByLabel("Subject")).toHaveValue("Welcome aboard, {{first_name}}");

  // The test goes to the member's own email.
  await hydrated(page);
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status").filter({ hasText: `A test email is on its way to ${email}.` })).toBeVisible();

  // The statements of last year: a confirmation first; Cancel sends nothing, Send queues one.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel("Year", { exact: true })).toHaveValue(String(lastYear));
  const counts = page.getByTestId("statement-counts");
  await expect(counts).toContainText(`1 donor shared their email and gave in ${lastYear}; 0 statements queued`);
  await page.screenshot({ path: testInfo.outputPath("thank-you-1280.png"), fullPage: true });
  const send = page.getByRole("button", { name: `Email year-end statements for ${lastYear}` });
  await send.click();
  const dialog = page.getByRole("dialog", { name: `Email year-end statements for ${lastYear}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(counts).toContainText("0 statements queued");
  await send.click();
  await page.getByRole("dialog").getByRole("button", { name: "Send statements" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Statements queued for ${lastYear}: 1.` })).toBeVisible();
  await expect(counts).toContainText("1 statement queued, 1 delivered", { timeout: 20_000 });
  // A second click sends nothing twice.
  await send.click();
  await page.getByRole("dialog").getByRole("button", { name: "Send statements" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Every donor who shared their email has been sent their ${lastYear} statement already.` })).toBeVisible();
});
