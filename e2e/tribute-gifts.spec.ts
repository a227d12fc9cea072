import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { demoFundraiser, hydrated, uniqueEmail, test } from "./fixtures";

const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");
/**
 * The donor's browser is in a zone where it is already past 10:00 today, so that a card for its
 * "today" (sent at 09:00 of that day, there) is due at once, whatever the hour of the run.
 */
const ZONE = ["Asia/Tokyo", "Europe/Berlin", "America/New_York", "Pacific/Honolulu", "Pacific/Kiritimati"].find(
  (zone) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(new Date())) >= 10,
)!;

test.use({ timezoneId: ZONE });

const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The decoded message to `to` whose subject matches, from the outbox; null until it is there. */
function mailTo(to: string, subject: RegExp): string | null {
  if (!fs.existsSync(outbox)) return null;
  for (const name of fs.readdirSync(outbox)) {
    const raw = fs.readFileSync(path.join(outbox, name), "utf8");
    if (new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(raw) && subject.test(raw)) return decodeQuotedPrintable(raw);
  }
  return null;
}

/** "YYYY-MM-DD" today in the donor's zone, and the day before. */
function donorDays(): { today: string; yesterday: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return { today, yesterday: d.toISOString().slice(0, 10) };
}

async function vermontCheckout(page: Page): Promise<string> {
  const hit = await demoFundraiser(page.request);
  return `/donation/${hit.organization._id}/${hit._id}`;
}

test.describe("tribute gifts", () => {
  test("on a phone, a guest dedicates a gift in memory of someone; errors are named at their fields; the card is emailed on the chosen day with the shared name only", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(await vermontCheckout(page));
    await hydrated(page);
    await page.getByRole("radio", { name: "$25", exact: true }).click();
    const email = uniqueEmail("tribute-donor");
    const recipient = uniqueEmail("tribute-recipient");
    await page.getByRole("textbox", { name: /^Full name/ }).fill("Tess Tribute");
    await page.getByRole("textbox", { name: /^Email/ }).fill(email);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");

    // Collapsed until asked for.
    await expect(page.getByRole("textbox", { name: /In honor of \(name\)/ })).toHaveCount(0);
    await page.getByRole("checkbox", { name: /Dedicate this gift/ }).check();
    await page.getByRole("radio", { name: "In memory of" }).check();
    await page.getByRole("checkbox", { name: /Email a card about this gift/ }).check();
    await page.getByRole("textbox", { name: /^Recipient's name/ }).fill("Sam Doe");
    await page.getByRole("textbox", { name: /^Recipient's email/ }).fill("not-an-email");
    await page.getByLabel(/^Send the card on/).fill(donorDays().yesterday);
    await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();

    // Each message is shown at its field and the field is described by it.
    const honoree = page.getByRole("textbox", { name: /In memory of \(name\)/ });
    await expect(honoree).toHaveAttribute("aria-invalid", "true");
    await expect(honoree).toHaveAccessibleDescription("Please enter the name of the person this gift honors");
    await expect(page.getByRole("textbox", { name: /^Recipient's email/ })).toHaveAccessibleDescription("Please enter a valid email address for the card's recipient");
    await expect(page.getByLabel(/^Send the card on/)).toHaveAccessibleDescription(/The card's send date cannot be in the past/);
    await expect(page.getByTestId("checkout-field-errors")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath("tribute-checkout-360.png"), fullPage: true });

    await honoree.fill("Jane Doe");
    await page.getByRole("textbox", { name: /^Recipient's email/ }).fill(recipient);
    await page.getByLabel(/^Send the card on/).fill(donorDays().today);
    await page.getByRole("textbox", { name: /^Message/ }).fill("Jane loved this place.");
    await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();
    await expect(page).toHaveURL(/\/thankyou\?/);

    await expect.poll(() => mailTo(email, /Subject: Your donation receipt/), { timeout: 30_000 }).not.toBeNull();
    expect(mailTo(email, /Subject: Your donation receipt/)).toContain("Tribute: In memory of Jane Doe");
    // The chosen day's 09:00 in the donor's zone has passed, so the card is sent at once.
    await expect.poll(() => mailTo(recipient, /Subject: A gift in memory of Jane Doe/), { timeout: 30_000 }).not.toBeNull();
    const card = mailTo(recipient, /Subject: A gift in memory of Jane Doe/)!;
    expect(card).toContain("Dear Sam Doe,");
    expect(card).toContain("Jane loved this place.");
    // The guest shared nothing: no name, no email, no amount.
    expect(card).toContain("Someone made a gift to");
    expect(card).not.toContain("Tess Tribute");
    expect(card).not.toContain(email);
    expect(card).not.toContain("$25");
  });
});
