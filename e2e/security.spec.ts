import { expect, type Page } from "@playwright/test";
import { demoFundraiser, PASSWORD, signUpDonor, uniqueEmail, test } from "./fixtures";

/** Records CSP violations and console errors of a page from here on. */
function watchCsp(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function violationsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.describe("security headers and CSP", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`));
    });
  });

  test("every page carries the headers; home, search, a profile and the sandbox donation run with no CSP violation", async ({ page }) => {
    const problems = watchCsp(page);
    const home = await page.goto("/");
    const h = home!.headers();
    // Home is served from cache, one HTML for every anonymous visitor: no per-request nonce
    // (docs/decisions/0006-public-pages-from-cache.md); every other directive is as strict.
    expect(h["content-security-policy"]).toMatch(/script-src 'self' 'unsafe-inline'(;|$)/);
    expect(h["content-security-policy"]).not.toContain("nonce-");
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).not.toContain("stripe");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
    await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    // A page rendered per request keeps the nonce: Next put it on every script of its own, inline ones included.
    const pricing = await page.goto("/pricing");
    expect(pricing!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(pricing!.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await page.locator("script[nonce]").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => [...document.scripts].filter((s) => !s.nonce).length)).toBe(0);
    expect(await violationsOn(page)).toEqual([]);

    await page.goto("/search?queryString=food&searchCategory=NonProfits");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const firstProfile = page.locator('a[href^="/nonprofit/"]').first();
    await expect(firstProfile).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    await firstProfile.click();
    await expect(page).toHaveURL(/\/nonprofit\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    const api = await page.request.get("/api/find/campaigns/active?showAll=true");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    const hit = await demoFundraiser(page.request);
    const donate = await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
    // Stripe's and PayPal's hosts are allowed here, where their forms load.
    expect(donate!.headers()["content-security-policy"]).toContain("https://js.stripe.com");
    await page.getByRole("radio", { name: "$25", exact: true }).click();
    await page.getByRole("textbox", { name: /^Full name/ }).fill("Casey Csp");
    await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("csp-donor"));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();
    await expect(page).toHaveURL(/\/thankyou\?/);
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("the dashboard runs with no CSP violation, and a write from another site is refused", async ({ page }) => {
    const problems = watchCsp(page);
    const email = uniqueEmail("csp-dash");
    await signUpDonor(page, { firstName: "Dash", lastName: "Board", email });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    expect(problems).toEqual([]);
    const session = await (await page.request.get("/api/auth/session")).json();
    const foreign = await page.request.put("/api/update/user", {
      data: { _id: session.user._id, firstName: "Mallory", lastName: "Board" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    const plain = await page.request.put("/api/update/user", {
      data: JSON.stringify({ _id: session.user._id, firstName: "Mallory", lastName: "Board" }),
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status()).toBe(415);
  });
});

test.describe("redirects after sign-in stay on the site", () => {
  test("signed in, /login?callbackUrl=/\\evil.example/ lands on the dashboard of this site", async ({ page, baseURL }) => {
    await signUpDonor(page, { firstName: "Red", lastName: "Irect", email: uniqueEmail("redirect") });
    for (const target of ["%2F%5Cevil.example%2F", "%2F%2Fevil.example%2F", "https%3A%2F%2Fevil.example%2F", "%2F%09%2Fevil.example"]) {
      await page.goto(`/login?callbackUrl=${target}`);
      await expect(page).toHaveURL(`${baseURL}/dashboard`);
    }
    await page.goto("/login?callbackUrl=%2Fsearch%3FqueryString%3Dfood");
    await expect(page).toHaveURL(/\/search\?queryString=food/);
    expect(new URL(page.url()).origin).toBe(baseURL);
  });

  test("signing in through the form with a hostile callbackUrl stays on this site", async ({ page, baseURL }) => {
    const email = uniqueEmail("redirect-form");
    await signUpDonor(page, { firstName: "Form", lastName: "Redirect", email });
    await page.context().clearCookies();
    await page.goto("/login?callbackUrl=%2F%5Cevil.example%2F");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  });

  test("pages of records that do not exist answer 404, and say so", async ({ request, page }) => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/nonprofit/${missing}`, `/event/${missing}`, `/fundraiser/${missing}`, `/donation/${missing}/none`, "/no-such-page"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
    }
    await page.goto(`/nonprofit/${missing}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

