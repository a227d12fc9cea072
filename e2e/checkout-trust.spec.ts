import { expect, type Page } from "@playwright/test";
import { demoFundraiser, uniqueEmail, test } from "./fixtures";

/**
 * A checkout that earns trust, at phone and desktop widths: who receives
 * the gift (EIN, 501(c) status, deductibility in plain words), the secure-payment line with the
 * Terms and Privacy links, card fields that format as typed, amount presets as one radio group
 * moved by the arrow keys, and focus on the message after a declined card or invalid fields.
 */

async function vermontFundraiserPath(page: Page): Promise<string> {
  const hit = await demoFundraiser(page.request);
  return `/donation/${hit.organization._id}/${hit._id}`;
}

/** The page scrolls sideways when its content is wider than the viewport. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const focusedAlertText = (page: Page) => page.evaluate(() => document.activeElement?.closest("[role=alert]")?.textContent ?? null);

for (const width of [360, 1280]) {
  test.describe(`checkout trust at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a 501(c)(3) fundraiser shows its EIN, status, deductibility, the secure-payment line and the legal links", async ({ page }) => {
      await page.goto(await vermontFundraiserPath(page));
      const facts = page.getByTestId("tax-facts");
      await expect(facts.getByTestId("deductibility")).toHaveText("Your gift is tax-deductible to the extent allowed by law.");
      await expect(facts.getByTestId("tax-who")).toContainText(/is a 501\(c\)\(3\) nonprofit, EIN \d{2}-\d{7}\.$/);
      const note = page.getByTestId("payment-trust-note");
      await expect(note).toContainText("Test payment by the Givebridge sandbox: only test cards work and no real money moves.");
      await expect(note.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
      await expect(note.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
      // No wallet or PayPal is offered where this server cannot take it.
      await expect(page.getByText(/Apple Pay|Google Pay|PayPal/)).toHaveCount(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });

    test("a 501(c)(4) organization says gifts are not tax-deductible", async ({ page }) => {
      // BRATTLEBORO OUTING CLUB INC: subsection 04, deductibility 2 in the Vermont IRS file.
      const found = await (await page.request.get("/api/find/nonprofitExists/030177473")).json();
      await page.goto(`/donation/${found.organization._id}/direct`);
      await expect(page.getByTestId("deductibility")).toHaveText("Your gift is not tax-deductible as a charitable contribution.");
      await expect(page.getByTestId("tax-who")).toContainText("is a 501(c)(4) nonprofit, EIN 03-0177473.");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });

    test("card fields format as typed, the presets move with the arrow keys, and a declined card puts focus on the message", async ({ page }) => {
      await page.goto(await vermontFundraiserPath(page));
      const group = page.getByRole("radiogroup", { name: "Preset amounts" });
      await expect(group.getByRole("radio")).toHaveCount(5);
      const r25 = group.getByRole("radio", { name: "$25", exact: true });
      const r50 = group.getByRole("radio", { name: "$50", exact: true });
      await expect(r25).toBeChecked();
      await r25.focus();
      await page.keyboard.press("ArrowRight");
      await expect(r50).toBeFocused();
      await expect(r50).toBeChecked();
      await expect(r25).not.toBeChecked();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(group.getByRole("radio", { name: "$10", exact: true })).toBeChecked();
      // One tab stop: Tab leaves the group for the custom amount.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("textbox", { name: "Other amount" })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(group.getByRole("radio", { name: "$10", exact: true })).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(r25).toBeChecked();

      // Invalid fields: focus moves to the summary of what to fix.
      await page.getByRole("button", { name: /^Donate/ }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please check the fields marked below." })).toBeFocused();

      await page.getByRole("textbox", { name: /^Full name/ }).fill("Grace Guest");
      await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("trust"));
      const number = page.getByLabel("Card number");
      await number.pressSequentially("4000000000000002");
      await expect(number).toHaveValue("4000 0000 0000 0002");
      const expiry = page.getByLabel("Expiry (MM/YY)");
      await expiry.pressSequentially("1230");
      await expect(expiry).toHaveValue("12/30");
      const cvc = page.getByLabel("CVC");
      await cvc.pressSequentially("1a2b3");
      await expect(cvc).toHaveValue("123");
      await number.fill("");
      await number.pressSequentially("4242424242424242");
      await expect(number).toHaveValue("4242 4242 4242 4242");
      await number.fill("");
      await number.pressSequentially("4000000000000002");

      await page.getByRole("button", { name: /^Donate/ }).click();
      const declined = page.getByRole("alert").filter({ hasText: "Your card was declined." });
      await expect(declined).toBeFocused();
      expect(await focusedAlertText(page)).toContain("Your donation did not go through");
      await expect(page).toHaveURL(/\/donation\//);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });
  });
}
