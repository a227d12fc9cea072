/**
 * Paint first, then load the page's code (lib/http/paint-first.ts), in Chromium against the
 * served app: the public pages show their content before any of the build's scripts is even
 * asked for, then hydrate; a form sent only by its script is not submitted natively while the
 * code is still loading.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";

async function donatePath(request: APIRequestContext): Promise<string> {
  const { campaigns } = (await (await request.get("/api/find/campaigns/active?limit=1")).json()) as { campaigns: { _id: string; organization: { _id: string } }[] };
  expect(campaigns.length, "an active demo fundraiser").toBeGreaterThan(0);
  return `/donation/${campaigns[0]!.organization._id}/${campaigns[0]!._id}`;
}

/** When the document's first contentful paint happened and when each build script was asked for (ms since navigation). */
async function paintAndScripts(page: Page): Promise<{ fcp: number | undefined; scripts: number[] }> {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => new URL(r.name).pathname.startsWith("/_next/static/") && r.name.endsWith(".js"))
      .map((r) => r.startTime),
  }));
}

test.describe("paint first", () => {
  test("public pages paint their content before asking for their code, then hydrate", async ({ page, request }) => {
    for (const path of ["/", "/search?queryString=food&searchCategory=NonProfits", await donatePath(request)]) {
      await page.goto(path); // waits for hydration (e2e/fixtures.ts)
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      const { fcp, scripts } = await paintAndScripts(page);
      expect(fcp, `${path}: a first contentful paint`).toBeDefined();
      expect(scripts.length, `${path}: the page's scripts loaded`).toBeGreaterThan(0);
      expect(Math.min(...scripts), `${path}: no script asked for before the first paint`).toBeGreaterThanOrEqual(fcp!);
    }
  });

  test("pages outside the public set load their code as before", async ({ page }) => {
    await page.goto("/login");
    expect(await page.evaluate(() => "__gbScript" in self)).toBe(false);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  });

  test("a form sent by its script is not submitted natively before the page has hydrated", async ({ page, request }) => {
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
      async (route) => {
        await scriptsHeld;
        await route.continue();
      },
    );
    const navigations: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations.push(r.url());
    });
    // The donate page (painted first) and the sign-in page (loaded as before), each with a
    // field typed into and Enter pressed while the page's code is held back.
    const forms = [
      { path: await donatePath(request), fill: () => page.getByRole("textbox", { name: /^Email/ }).fill("early.donor@example.org") },
      { path: "/login", fill: () => page.getByLabel("Password").fill("not-in-the-address-bar") },
    ];
    for (const [i, form] of forms.entries()) {
      await page.goto(form.path, { waitUntil: "commit" });
      await form.fill();
      await page.keyboard.press("Enter");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "");
      if (i === forms.length - 1) releaseScripts();
      else await page.waitForTimeout(300); // time for a native submission to leave, had it been allowed
      expect(navigations, "no navigation but the page's own").toHaveLength(i + 1);
      expect(new URL(page.url()).pathname).toBe(form.path);
      expect(new URL(page.url()).search, "no field in the address bar").toBe("");
    }
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
    expect(navigations).toHaveLength(forms.length);
  });
});
