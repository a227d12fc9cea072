import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { demoFundraiser, uniqueEmail, test } from "./fixtures";

const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");


const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

async function fillGuestAndCard(page: Page, email: string, card: string) {
  await page.getByRole("textbox", { name: /^Full name/ }).fill("Grace Guest");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function receiptFor(email: string): string | null {
  if (!fs.existsSync(outbox)) return null;
  for (const name of fs.readdirSync(outbox)) {
    const raw = fs.readFileSync(path.join(outbox, name), "utf8");
    // The .eml body is quoted-printable: undo its soft line breaks and =XX escapes before reading the text.
    if (new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m").test(raw) && /Subject: Your donation receipt/.test(raw)) return decodeQuotedPrintable(raw);
  }
  return null;
}

test.describe("donations", () => {
  test("a guest gives $25 with 4242, sees the thank-you page, gets the receipt, and the progress bar moves", async ({ page }) => {
    const hit = await demoFundraiser(page.request);
    const checkoutPath = `/donation/${hit.organization._id}/${hit._id}`;
    await page.goto(checkoutPath);
    const before = dollars((await page.getByTestId("progress-raised").textContent()) ?? "");
    await page.getByRole("radio", { name: "$25", exact: true }).click();
    await expect(page.getByRole("radio", { name: "$25", exact: true })).toBeChecked();
    // "Cover the fees" is never pre-ticked; the net line updates live.
    const cover = page.getByLabel(/cover the processing fees/);
    await expect(cover).not.toBeChecked();
    await expect(page.getByTestId("net-line")).toContainText("The nonprofit receives $23.97");
    await cover.check();
    await expect(page.getByTestId("net-line")).toContainText("The nonprofit receives $25.00");
    await cover.uncheck();
    const email = uniqueEmail("guest-donor");
    await fillGuestAndCard(page, email, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();
    await expect(page).toHaveURL(/\/thankyou\?/);
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(page.getByTestId("thankyou-summary")).toContainText("$25.00");
    await expect(page.getByRole("link", { name: "Download receipt (PDF)" })).toBeVisible();

    await expect.poll(() => receiptFor(email), { timeout: 30_000 }).not.toBeNull();
    const receipt = receiptFor(email)!;
    expect(receipt).toContain("Amount: $25.00");
    expect(receipt).toContain("No goods or services were provided in exchange for this contribution.");
    expect(receipt).toMatch(/EIN: \d{2}-\d{7}/);

    const pdf = await page.request.get(await page.getByRole("link", { name: "Download receipt (PDF)" }).getAttribute("href").then((h) => h!));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    await page.goto(checkoutPath);
    const after = dollars((await page.getByTestId("progress-raised").textContent()) ?? "");
    expect(after - before).toBe(2_500);
  });

  test("a declined card shows its reason", async ({ page }) => {
    const hit = await demoFundraiser(page.request);
    await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
    await fillGuestAndCard(page, uniqueEmail("declined"), "4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Donate/ }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(/\/donation\//);
  });

  test("a 3155 card goes through Pending Verification, then completes after verification", async ({ page }) => {
    const hit = await demoFundraiser(page.request);
    await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
    await fillGuestAndCard(page, uniqueEmail("verify"), "4000 0025 0000 3155");
    await page.getByRole("button", { name: /^Donate/ }).click();
    await expect(page).toHaveURL(/\/complete-donation\?/);
    await expect(page.getByTestId("donation-status")).toHaveText("Pending Verification");
    await page.getByRole("button", { name: "Verify payment" }).click();
    await expect(page).toHaveURL(/\/thankyou\?/);
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  });

  test("amounts below $1 show a clear error", async ({ page }) => {
    const hit = await demoFundraiser(page.request);
    await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
    await page.getByPlaceholder("Other").fill("0.50");
    await expect(page.getByText("The smallest gift is $1.00.")).toBeVisible();
    await page.getByPlaceholder("Other").fill("30000");
    await expect(page.getByText("The largest gift we can take online is $25,000.00.")).toBeVisible();
  });
});
