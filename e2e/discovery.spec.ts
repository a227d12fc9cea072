import { expect } from "@playwright/test";
import { test } from "./fixtures";

test.describe("discovery", () => {
  test("home -> 'hospital' + Enter -> /search -> narrow by state and category -> profile -> share dialog", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The six benefit cards of the spec.
    for (const title of ["Accelerate collaboration", "Build exposure", "Provide transparency", "Harness data", "Solidify business connections", "Fuel growth"]) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    const box = page.getByRole("main").getByPlaceholder("Search by cause or location");
    await box.fill("hospital");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?queryString=hospital&searchCategory=NonProfits/);
    const results = page.getByRole("list", { name: "Nonprofits" });
    await expect(results.getByRole("link").first()).toBeVisible();

    // Narrow by state and category with the advanced filters.
    await page.getByText("Advanced filters", { exact: true }).click();
    await page.getByLabel("State").selectOption("VT");
    await page.getByLabel("Category").selectOption({ label: "Health Care" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/state=VT/);
    await expect(page).toHaveURL(/category=E/);
    const links = results.getByRole("link");
    await expect(links.first()).toBeVisible();
    const count = await links.count();
    for (let i = 0; i < count; i++) {
      await expect(links.nth(i)).toContainText("VT");
      await expect(links.nth(i)).toContainText("Health Care");
    }
    // The filters are kept in the spec's client store.
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("search-filters") ?? "null"));
    expect(stored).toMatchObject({ searchCategory: "NonProfits", queryString: "hospital", nonProfitAdvanceFilters: { state: "VT", category: "E" } });

    const hospital = results.getByRole("link", { name: /North Country Hospital/i });
    await expect(hospital).toBeVisible();
    await hospital.click();
    await expect(page).toHaveURL(/\/nonprofit\//);
    await expect(page.getByRole("heading", { level: 1, name: /North Country Hospital/i })).toBeVisible();
    await expect(page.getByText("Gifts are tax-deductible.")).toBeVisible();
    // SEO: canonical URL, OpenGraph/Twitter cards with a generated preview image.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/nonprofit\/[^/]+$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const image = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(image).toMatch(/\/nonprofit\/[^/]+\/opengraph-image/);
    const png = await page.request.get(new URL(image!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toContain("image/png");

    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: /Share North Country Hospital/i })).toBeVisible();
    for (const name of ["Facebook", "X (Twitter)", "LinkedIn", "Email"]) await expect(dialog.getByRole("link", { name })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "X (Twitter)" })).toHaveAttribute("href", /^https:\/\/twitter\.com\/intent\/tweet\?url=.*hashtags=Givebridge$/);
    await expect(dialog.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/);
    await expect(dialog.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http/);
    await expect(dialog.getByRole("link", { name: "Email" })).toHaveAttribute("href", /^mailto:\?subject=/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a typo still finds the organization, and an empty result explains itself", async ({ page }) => {
    await page.goto("/search?queryString=nort%20country%20hospitl&searchCategory=NonProfits");
    await expect(page.getByRole("list", { name: "Nonprofits" }).getByRole("link").first()).toContainText(/North Country Hospital/i);
    await page.goto("/search?queryString=zzzxqv%20qqqwz&searchCategory=NonProfits");
    await expect(page.getByText(/No nonprofits match/)).toBeVisible();
    await page.goto("/search?queryString=&searchCategory=NonProfits&state=Vermont");
    await expect(page.getByRole("alert").filter({ hasText: "state code" })).toHaveText("Use a two-letter state code, for example VT.");
  });

  test("a search's first results come in the page the server sends, and the browser does not search them again", async ({ page, request }) => {
    const address = "/search?queryString=north%20country%20hospital&searchCategory=NonProfits";
    const html = await (await request.get(address)).text();
    expect(html).toMatch(/North Country Hospital/i);
    expect(html).toMatch(/Showing 1–\d+ of \d+/);
    // In the page itself, not streamed after a loading skeleton that a script then swaps out.
    expect(html).not.toContain('data-testid="search-loading"');
    const searches: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/search") searches.push(r.url());
    });
    await page.goto(address);
    await expect(page.getByRole("list", { name: "Nonprofits" }).getByRole("link").first()).toContainText(/North Country Hospital/i);
    await expect(page).toHaveTitle("“north country hospital”: search nonprofits | Givebridge");
    await page.waitForLoadState("networkidle");
    expect(searches).toEqual([]);
    // Another category is another search, served the same way.
    await page.getByRole("link", { name: "Fundraisers" }).click();
    await expect(page).toHaveURL(/searchCategory=Campaigns/);
    await expect(page.getByRole("link", { name: "Fundraisers" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("search-loading")).toHaveCount(0);
    await expect(page).toHaveTitle("“north country hospital”: search nonprofits | Givebridge");
  });

  test("the location autocomplete suggests US cities and ZIP codes", async ({ page }) => {
    await page.goto("/search?queryString=&searchCategory=NonProfits");
    await page.getByText("Advanced filters", { exact: true }).click();
    const place = page.getByRole("combobox", { name: "Near a place" });
    await expect(place).toHaveAttribute("placeholder", "City or ZIP code (US)");
    await place.fill("0540");
    await page.getByRole("option", { name: /Burlington, VT 05401/ }).click();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/distance=25/);
    const first = page.getByRole("list", { name: "Nonprofits" }).getByRole("link").first();
    await expect(first).toContainText(/mi/);
  });

  test("Events and Campaigns categories, ?sec=fundraiser, robots.txt and sitemap.xml", async ({ page, request }) => {
    await page.goto("/search?queryString=&searchCategory=Events");
    await expect(page.getByRole("link", { name: "Events", exact: true })).toHaveAttribute("aria-current", "page");
    await page.goto("/search?queryString=&searchCategory=Campaigns");
    const fundraisers = page.getByRole("list", { name: "Fundraisers" });
    await expect(fundraisers).toBeVisible();
    // A card's name opens the fundraiser's page; its organization link opens the profile's fundraiser section.
    const card = fundraisers.getByRole("listitem").first();
    await expect(card.getByRole("link").first()).toHaveAttribute("href", /^\/fundraiser\//);
    await card.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/\?sec=fundraiser/);
    await expect(page.locator("#fundraiser")).toBeInViewport();
    await expect(page.locator("#fundraiser").getByRole("progressbar").first()).toBeVisible();

    const robots = await (await request.get("/robots.txt")).text();
    for (const path of ["/dashboard", "/manage-pay", "/admin", "/api", "/donor"]) expect(robots).toContain(`Disallow: ${path}`);
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    const xml = await index.text();
    expect(xml).toContain("<sitemapindex");
    expect(xml).toContain("/sitemaps/nonprofits-0.xml");
    const orgs = await (await request.get("/sitemaps/nonprofits-0.xml")).text();
    expect(orgs.match(/<url>/g)?.length ?? 0).toBeGreaterThan(1000);
    const pages = await (await request.get("/sitemaps/pages.xml")).text();
    expect(pages).toContain("/about</loc>");
  });

  test("360 px: the drawer opens and the profile is usable", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/search?queryString=north%20country%20hospital&searchCategory=NonProfits");
    await page.getByRole("list", { name: "Nonprofits" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: /North Country Hospital/i })).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Email" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });

  test("360 px: /search does not scroll sideways, with results and with the filters open", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const noSidewaysScroll = async () => {
      const widths = await page.evaluate(() => {
        const tabs = document.querySelector('nav[aria-label="Search categories"] ul');
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          tabsScrollWidth: tabs?.scrollWidth ?? 0,
          tabsClientWidth: tabs?.clientWidth ?? 0,
        };
      });
      expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
      // The category tabs fit their row (they wrap rather than overflow).
      expect(widths.tabsScrollWidth).toBeLessThanOrEqual(widths.tabsClientWidth);
    };
    await page.goto("/search?queryString=burlington&searchCategory=NonProfits");
    await expect(page.getByRole("list", { name: "Nonprofits" }).getByRole("link").first()).toBeVisible();
    await noSidewaysScroll();
    await page.locator("summary", { hasText: "Advanced filters" }).click();
    await noSidewaysScroll();
    await page.goto("/search?queryString=&searchCategory=Events");
    await noSidewaysScroll();
  });
});
