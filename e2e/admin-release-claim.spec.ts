import { expect, type Browser, type Page } from "@playwright/test";
import { adminSignIn, claimOrganization, connectSandboxPayments, hydrated, login, mailFromOutbox, test, uniqueEmail } from "./fixtures";

/**
 * After a claim is verified: a rename and a payout connection are emailed to the member and
 * listed on the organization's account activity (/dashboard/activity, at 360 and 1280 px); the
 * admin finds claims by EIN in the console and releases one with a reason and a confirm step
 * (at 1280 px a verified claim, at 360 px a pending one), and the claimant loses access.
 */

/** VERMONT GREEN BUILDING NETWORK INC, Burlington VT: a real Vermont EIN no other spec claims. */
const ACTIVE = { ein: "200762214", name: "VERMONT GREEN BUILDING NETWORK INC", display: "Vermont Green Building Network Inc" };
/** ENDANGERED ALPHABETS, Burlington VT: claimed and left pending, then released at 360 px. */
const PENDING = { ein: "475016680", name: "ENDANGERED ALPHABETS", display: "Endangered Alphabets" };
const NEW_NAME = "Green Building Vermont";

test.describe.configure({ mode: "serial" });

/** The page has no horizontal scroll at its width. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no horizontal scroll").toBeLessThanOrEqual(0);
}

/** A signed-in admin in a browser context of its own at `width` px. */
async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await adminSignIn(page);
  return page;
}

/** In the console: find the claims of `ein` by the search form. */
async function findClaims(admin: Page, ein: string) {
  const search = admin.getByRole("search", { name: "Find a claim by EIN" });
  await search.getByLabel("EIN").fill(`${ein.slice(0, 2)}-${ein.slice(2)}`);
  await search.getByRole("button", { name: "Find claims" }).click();
  await expect(admin).toHaveURL(new RegExp(`ein=${ein.slice(0, 2)}-?${ein.slice(2)}`));
  await hydrated(admin);
}

/** Release the listed claim of `display` with `reason`: the reason is required, then the confirm step. */
async function release(admin: Page, display: string, reason: string) {
  const claims = admin.getByRole("list", { name: "Claims" });
  await claims.getByRole("button", { name: `Release the claim of ${display}` }).click();
  // No reason: refused with a plain sentence, nothing sent.
  await claims.getByRole("button", { name: "Continue" }).click();
  await expect(claims.getByText("Please give a reason for releasing this claim.")).toBeVisible();
  await claims.getByLabel("Reason (emailed to the claimant)").fill(reason);
  await claims.getByRole("button", { name: "Continue" }).click();
  const confirm = claims.getByRole("group", { name: `Confirm the release of ${display}` });
  await expect(confirm).toContainText(`Release the claim of ${display}?`);
  await expect(confirm).toContainText(reason);
  await confirm.getByRole("button", { name: "Yes, release the claim" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `The claim of ${display} was released.` })).toBeVisible();
  await expect(admin.getByText("No claim matches this EIN.")).toBeVisible();
}

test.describe("claim changes stay honest and the admin can release a claim", () => {
  const email = uniqueEmail("np-activity");
  let organizationId = "";

  test("a rename and a payout connection are emailed and listed on the account activity, at 1280 and 360 px", async ({ page }) => {
    test.setTimeout(120_000);
    organizationId = await claimOrganization(page, ACTIVE, { firstName: "Greta", lastName: "Builder", email });

    // Rename on the profile, as the member does.
    await page.goto(`/nonprofit/${organizationId}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Edit general information" }).click();
    const info = page.getByTestId("general-info");
    await info.getByLabel("Organization name").fill(NEW_NAME);
    await info.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Edit general information" })).toBeVisible();
    const renamed = await mailFromOutbox(email, `Old display name: ${ACTIVE.display}`);
    const notice = renamed.find((m) => m.includes(`Old display name: ${ACTIVE.display}`))!;
    expect(notice).toContain(`New display name: ${NEW_NAME}`);
    expect(notice).toContain(`Changed by: Greta Builder (${email})`);
    expect(notice).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(notice).toContain("If nobody at your organization made it");

    await connectSandboxPayments(page);
    await mailFromOutbox(email, "Connected: Sandbox payments (test mode, no real money)");

    // From the dashboard's navigation to the activity, newest first.
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Nonprofit dashboard" }).getByRole("link", { name: /Account Activity/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/activity$/);
    await expect(page.getByRole("heading", { level: 1, name: "Account activity" })).toBeVisible();
    const entries = page.getByRole("list", { name: "Account activity, newest first" }).getByRole("listitem");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("A payout account was connected: Sandbox payments");
    await expect(entries.nth(1)).toContainText(`The display name was changed from "${ACTIVE.display}" to "${NEW_NAME}".`);
    await expect(entries.nth(1)).toContainText(`By Greta Builder (${email})`);
    await expect(entries.nth(2)).toContainText("The claim of this organization was verified.");
    await expect(entries.nth(2)).toContainText("a confirmation link sent to an address at the organization's website");
    await fitsWidth(page);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard");
    // The tile is not one of the desktop-only tools: a phone reaches it too.
    await expect(page.getByRole("link", { name: /Account Activity/ })).toBeVisible();
    await page.goto("/dashboard/activity");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(1)).toBeVisible();
    await fitsWidth(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A donor has no account activity to read.
    const donorRes = await page.context().browser()!.newContext();
    const visitor = await donorRes.newPage();
    await visitor.goto("/dashboard/activity");
    await expect(visitor).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Factivity$/);
    await donorRes.close();
  });

  test("the admin finds the verified claim by EIN and releases it with a reason; the claimant loses access (1280 px)", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const admin = await adminPage(browser, 1280);
    await findClaims(admin, ACTIVE.ein);
    const row = admin.getByRole("list", { name: "Claims" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(NEW_NAME);
    await expect(row).toContainText("Legal name: VERMONT GREEN BUILDING NETWORK INC, EIN 20-0762214");
    await expect(row).toContainText("Verified");
    await expect(row).toContainText(`Claimant: Greta Builder · ${email}`);
    await expect(row).toContainText("Verified by an email at the organization's domain");
    await release(admin, NEW_NAME, "The organization told us it did not make this claim.");
    await fitsWidth(admin);
    await admin.context().close();

    // The claimant is told why and no longer acts for the organization.
    await mailFromOutbox(email, "The organization told us it did not make this claim.");
    await login(page, email);
    await expect(page.getByText("Your account does not manage an organization any more.")).toBeVisible();
    const refused = await page.request.put("/api/updateDashboard", { data: { npID: organizationId, organizationName: "Taken back" } });
    expect(refused.status()).toBe(403);
    await page.goto("/dashboard/activity");
    await expect(page.getByText("Your account does not manage an organization, so it has no account activity.")).toBeVisible();
    // The public listing is the IRS record again: its legal name, not the released claim's display name.
    const profile = await page.request.get(`/api/find/nonprofit/${organizationId}`);
    const listed = JSON.stringify(await profile.json());
    expect(listed).not.toContain(NEW_NAME);
    expect(listed).toContain(ACTIVE.display);
  });

  test("at 360 px the admin releases a pending claim from the console", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const claimant = uniqueEmail("np-pending");
    await claimOrganization(page, PENDING, { firstName: "Pip", lastName: "Pending", email: claimant }, { verify: false });
    const admin = await adminPage(browser, 360);
    await findClaims(admin, PENDING.ein);
    const row = admin.getByRole("list", { name: "Claims" }).getByRole("listitem");
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Waiting: no verification started");
    await fitsWidth(admin);
    await release(admin, PENDING.display, "No verification was started.");
    await fitsWidth(admin);
    await admin.context().close();
    await page.goto("/dashboard");
    await expect(page.getByText("Your account does not manage an organization any more.")).toBeVisible();
  });
});
