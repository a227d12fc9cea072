import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, uniqueEmail, test } from "./fixtures";

const EIN = "030363125";
const NAME = "CROSS VERMONT TRAIL ASSOCIATION INC";

/** Serious and critical axe-core violations (WCAG 2 A/AA) inside `selector`, as "rule: target" lines. */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const result = await (selector ? axe.include(selector) : axe).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Press Tab until `target` has the focus (the way a keyboard user reaches it). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("not reachable with the Tab key");
}

test.describe("the public API", () => {
  test("a nonprofit creates a key with the keyboard, reads its donations through the API, revokes the key and gets 401", async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Dev", lastName: "Tools", email: uniqueEmail("np-api") });
    await connectSandboxPayments(page);

    // A guest gives $25, sharing the name but not the email.
    const guestEmail = uniqueEmail("api-guest");
    const guest = await browser.newContext();
    const donor = await guest.newPage();
    await donor.goto(`/donation/${organizationId}/direct`);
    await donor.getByRole("radio", { name: "$25", exact: true }).click();
    await donor.getByRole("textbox", { name: /^Full name/ }).fill("Trail Friend");
    await donor.getByRole("textbox", { name: /^Email/ }).fill(guestEmail);
    const shareName = donor.getByRole("checkbox", { name: "Name", exact: true });
    if (!(await shareName.isChecked())) await shareName.check();
    await donor.getByRole("checkbox", { name: "Email", exact: true }).uncheck();
    await donor.getByLabel("Card number").fill("4242 4242 4242 4242");
    await donor.getByLabel("Expiry (MM/YY)").fill("12/34");
    await donor.getByLabel("CVC").fill("123");
    await donor.getByRole("button", { name: /^Donate \$/ }).click();
    await expect(donor).toHaveURL(/\/thankyou\?/, { timeout: 30_000 });
    await guest.close();

    // The nonprofit opens the API keys tile and creates a key, keyboard only.
    await page.goto("/dashboard");
    await tabTo(page, page.getByRole("button", { name: /^API keys/ }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "API keys" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("You have no API keys yet.")).toBeVisible();
    await tabTo(page, dialog.getByRole("textbox", { name: /^Key name/ }));
    await page.keyboard.type("Trail CRM");
    await tabTo(page, dialog.getByRole("checkbox", { name: /^read:payouts/ }));
    await page.keyboard.press("Space");
    await tabTo(page, dialog.getByRole("button", { name: "Create key" }));
    await page.keyboard.press("Enter");
    const secretField = dialog.getByRole("textbox", { name: "Your new API key" });
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^gb_live_[A-Za-z0-9_-]{43}$/);
    const listed = dialog.getByTestId("api-key").filter({ hasText: "Trail CRM" });
    await expect(listed).toContainText(`${secret.slice(0, 16)}…`);
    await expect(listed).toContainText("read:donations, read:payouts");
    await expect(dialog.getByRole("status").filter({ hasText: 'The key "Trail CRM" is ready.' }).first()).toBeAttached();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // Another program reads the donations with the key (no cookie): only what the donor shared.
    const auth = { Authorization: `Bearer ${secret}` };
    const res = await request.get("/api/v1/donations", { headers: auth });
    expect(res.status()).toBe(200);
    expect(Number(res.headers()["ratelimit-limit"])).toBeGreaterThan(0);
    expect(res.headers()["ratelimit-remaining"]).toBeDefined();
    const text = await res.text();
    expect(text).not.toContain(guestEmail);
    const body = JSON.parse(text) as { object: string; data: { organization_id: string; amount_cents: number; status: string; donor: Record<string, string> | null }[] };
    expect(body.object).toBe("list");
    expect(body.data).toEqual([expect.objectContaining({ organization_id: organizationId, amount_cents: 2_500, status: "succeeded", donor: { name: "Trail Friend" } })]);
    const payouts = await request.get("/api/v1/payouts", { headers: auth });
    expect(payouts.status()).toBe(200);
    expect((await payouts.json()).data[0]).toMatchObject({ provider: "sandbox", status: "open", payment_count: 1 });
    const events = await request.get("/api/v1/organization/events", { headers: auth });
    expect(events.status()).toBe(403);
    expect(events.headers()["content-type"]).toBe("application/problem+json");

    // The nonprofit revokes the key, keyboard only, after confirming.
    await page.reload();
    await tabTo(page, page.getByRole("button", { name: /^API keys/ }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("api-key").filter({ hasText: "Trail CRM" })).toContainText("Last used");
    await tabTo(page, dialog.getByRole("button", { name: "Revoke Trail CRM" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Yes, revoke" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("api-key").filter({ hasText: "Trail CRM" })).toContainText("Revoked");

    const refused = await request.get("/api/v1/donations", { headers: auth });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toBe("application/problem+json");
    expect(refused.headers()["www-authenticate"]).toContain('error="invalid_token"');
    expect(await refused.json()).toMatchObject({ status: 401, title: expect.any(String), type: expect.stringMatching(/\/developers#problem-unauthorized$/) });
  });

  test("/developers explains the API and renders the reference from the OpenAPI document, within the page's CSP", async ({ page, baseURL }) => {
    const violations: string[] = [];
    const foreign: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(msg.text())) violations.push(msg.text());
    });
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(req.url());
    });
    await page.goto("/developers");
    await expect(page.getByRole("heading", { level: 1, name: "Givebridge API for developers" })).toBeVisible();
    for (const heading of ["API keys", "Scopes", "Pagination", "Rate limits", "Errors"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator("#problem-unauthorized")).toContainText("401");
    const reference = page.getByTestId("api-reference");
    await expect(reference.getByText("List donations").first()).toBeVisible({ timeout: 30_000 });
    await expect(reference.getByText("Get an organization by EIN").first()).toBeAttached();
    await expect(reference.getByText("List payouts").first()).toBeAttached();
    await expect(reference.getByText("Ask AI")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // At 360 px the page and the reference fit the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(reference.getByText("List donations").first()).toBeAttached({ timeout: 30_000 });
    expect(await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
