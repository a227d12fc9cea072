/**
 * The pages people trust and share. A nonprofit publishes a fundraiser (story and
 * cover image) and an event with tickets; visitors at 360 and 1280 px see the fundraiser page
 * with its share preview, the event page with times in the organization's zone, the legal
 * pages and the Contact Us form (whose message reaches the outbox); the share dialog copies
 * the link; and every public route has no horizontal overflow at 360 px and no serious or
 * critical axe-core violation.
 */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { claimOrganization, hydrated, login, logout, signUpDonor, uniqueEmail, test } from "./fixtures";

/** VERMONT CHAMBER FOUNDATION INC, Montpelier VT: a real Vermont EIN no other spec claims. */
const EIN = "03-0335635";
const ORG = "VERMONT CHAMBER FOUNDATION INC";
/** How pages show it: the display name (title case) of the IRS legal name. */
const ORG_DISPLAY = "Vermont Chamber Foundation Inc";
const FUNDRAISER = "Warm coats for every child in Washington County";
const STORY = "Winters in central Vermont are long.";
const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

const NARROW = { width: 360, height: 780 };
const WIDE = { width: 1280, height: 900 };

let organizationId = "";
let fundraiserId = "";
let eventId = "";
const nonprofitEmail = uniqueEmail("np-trust");

/** The page's content width beyond the viewport, in CSS pixels (0 when nothing overflows). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/** Serious and critical axe-core violations (WCAG 2 A/AA rules), as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");

test.describe.configure({ mode: "serial" });

test.describe("pages people trust and share", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a nonprofit publishes a fundraiser with a story and cover image, and an event with tickets", async ({ page }) => {
    organizationId = await claimOrganization(page, { ein: EIN, name: ORG }, { firstName: "Faye", lastName: "Page", email: nonprofitEmail });
    const origin = new URL(page.url()).origin;
    const created = await page.request.post("/api/updateNPCampaigns", {
      headers: { origin },
      data: { npID: organizationId, name: FUNDRAISER, goal: "5000", startDate: "", endDate: "", description: `${STORY}\n\nYour gift buys a coat, hat and mittens for one child.`, topic: "" },
    });
    expect(created.ok()).toBe(true);
    fundraiserId = ((await created.json()) as { campaign: { _id: string } }).campaign._id;

    const cover = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 30, g: 110, b: 170 } } }).jpeg().toBuffer();
    const upload = await page.request.post("/api/images", {
      headers: { origin },
      multipart: { field: "campaignImage", identifier: fundraiserId, croppedImage: { name: "cover.jpg", mimeType: "image/jpeg", buffer: cover } },
    });
    expect(upload.status()).toBe(200);

    const event = await page.request.post("/api/createEvent", {
      headers: { origin },
      data: {
        organizationId,
        name: "Winter coat drive and community supper at the Montpelier City Hall",
        description: "Bring a coat, share a meal.",
        startsAt: "2031-01-15T19:00:00.000Z",
        endsAt: "2031-01-15T21:30:00.000Z",
        venue: "Montpelier City Hall",
        addressLine1: "39 Main St",
        city: "Montpelier",
        state: "VT",
        zipcode: "05602",
        ticketTypes: [
          { name: "Supper", priceCents: 1500, quantity: 50 },
          { name: "Coat drop-off only", priceCents: 0, quantity: null },
        ],
      },
    });
    expect(event.status()).toBe(201);
    eventId = ((await event.json()) as { _id: string })._id;
    await logout(page);
  });

  for (const viewport of [WIDE, NARROW]) {
    test(`the fundraiser page at ${viewport.width} px: story, cover image, progress, organization and share preview`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // Linked from the profile's fundraiser section, with the full name.
      await page.goto(`/nonprofit/${organizationId}?sec=fundraiser`);
      await hydrated(page); // not about timing: the first tap is e2e/first-tap.spec.ts's
      await page.locator("#fundraiser").getByRole("link", { name: FUNDRAISER, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/fundraiser/${fundraiserId}$`));

      await expect(page.getByRole("heading", { level: 1, name: FUNDRAISER })).toBeVisible();
      await expect(page.getByTestId("fundraiser-story")).toContainText(STORY);
      const image = page.getByTestId("fundraiser-image");
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
      await expect(page.getByText("raised of $5,000.00 goal")).toBeVisible();
      await expect(page.getByTestId("donor-count")).toHaveText("Be the first to give");
      await expect(page.getByTestId("fundraiser-organization")).toContainText(ORG_DISPLAY);
      await expect(page.getByTestId("fundraiser-organization")).toContainText("EIN 03-0335635");
      await expect(page.getByRole("link", { name: "Donate" })).toHaveAttribute("href", `/donation/${organizationId}/${fundraiserId}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // Server-rendered share preview, as a crawler gets it: the page loaded on its own (after
      // the in-app navigation above, the profile's tags may still be in the head for a moment).
      await page.goto(`/fundraiser/${fundraiserId}`);
      expect(await meta(page, "og:title")).toBe(FUNDRAISER);
      expect(await meta(page, "og:description")).toContain("$0.00 raised of $5,000.00");
      expect(await meta(page, "og:description")).toContain(STORY);
      const ogImage = await meta(page, "og:image");
      expect(ogImage).toContain(`/fundraiser/${fundraiserId}/opengraph-image`);
      const png = await page.request.get(ogImage!);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
      const size = await sharp(await png.body()).metadata();
      expect([size.width, size.height]).toEqual([1200, 630]);
    });
  }

  test("a search engine gets the page in the HTML the server sends, and noindex for an unknown fundraiser", async ({ request }) => {
    const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const res = await request.get(`/fundraiser/${fundraiserId}`, { headers: crawler });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${FUNDRAISER}</h1>`));
    expect(html).toContain(STORY);
    expect(html).toContain(`<meta property="og:title" content="${FUNDRAISER}"/>`);
    // An unknown id answers 404 with the not-found page, marked noindex.
    const missingRes = await request.get("/fundraiser/no-such-fundraiser", { headers: crawler });
    expect(missingRes.status()).toBe(404);
    const missing = await missingRes.text();
    expect(missing).toContain('<meta name="robots" content="noindex"/>');
    expect(missing).not.toContain(STORY);
  });

  for (const viewport of [WIDE, NARROW]) {
    test(`the event page at ${viewport.width} px: time in the organization's zone, place, tickets and a like that asks to log in`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/event/${eventId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Winter coat drive");
      // 19:00 UTC on Jan 15 is 2:00 PM in Vermont (Eastern Standard Time).
      await expect(page.getByTestId("event-when")).toHaveText("Wednesday, January 15, 2031, 2:00 PM – 4:30 PM EST");
      await expect(page.getByText("39 Main St")).toBeVisible();
      const supper = page.getByTestId("ticket-type").filter({ hasText: "Supper" });
      await expect(supper).toContainText("$15.00");
      await expect(supper).toContainText("50 left");
      await expect(page.getByTestId("ticket-type").filter({ hasText: "Coat drop-off only" })).toContainText("Free");
      await expect(page.getByRole("link", { name: "Buy tickets" })).toHaveAttribute("href", `/event/tickets?eventId=${eventId}`);
      await expect(page.getByRole("link", { name: `More events by ${ORG_DISPLAY}` })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.getByRole("button", { name: /^Like/ }).click();
      await expect(page.getByText("Log in to like this event.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeFocused();
      await expect(page.getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("href", `/login?callbackUrl=${encodeURIComponent(`/event/${eventId}`)}`);
    });
  }

  for (const viewport of [WIDE, NARROW]) {
    test(`the legal pages at ${viewport.width} px, linked from the footer`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const footer = page.getByRole("navigation", { name: "Footer" });
      for (const [label, href] of [["Terms", "/terms"], ["Privacy", "/privacy"], ["Plans and Pricing", "/pricing"], ["Contact Us", "/contact"]] as const) {
        await expect(footer.getByRole("link", { name: label })).toHaveAttribute("href", href);
      }
      expect(await page.locator('footer a[href="/404"]').count()).toBe(0);

      await footer.getByRole("link", { name: "Terms" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Retention and deleting your account" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto("/pricing");
      await expect(page.getByRole("heading", { level: 1, name: "Plans and Pricing" })).toBeVisible();
      // $25 by card: 2.9% + 30¢ = $1.03 in fees; the nonprofit receives $23.97, or the donor is charged $26.03.
      const card25 = page.getByTestId("fees-card").getByRole("row").filter({ hasText: "$25.00" });
      await expect(card25).toContainText("$1.03");
      await expect(card25).toContainText("$23.97");
      await expect(card25).toContainText("$26.03");
      // $500 by bank: 0.8% = $4.00 (under the $5.00 cap), the nonprofit receives $496.00.
      await expect(page.getByTestId("fees-us_bank_account").getByRole("row").filter({ hasText: "$500.00" })).toContainText("$496.00");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test("the Contact Us form sends a message that reaches the outbox", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const form = page.getByRole("form", { name: "Contact Us" });
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Please enter your name")).toBeVisible();
    await expect(form.getByText("Please enter a message")).toBeVisible();

    const token = `contact${Date.now()}`;
    const email = uniqueEmail("contact");
    await form.getByLabel("Your name").fill("Carla Contact");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill(`Hello team, reference ${token}.`);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/sendFeedback") && r.method() === "POST");
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await sent).headers()["content-type"]).toContain("application/json");
    await expect(page.getByText("Message sent")).toBeVisible();

    const find = () => {
      if (!fs.existsSync(outbox)) return null;
      for (const name of fs.readdirSync(outbox)) {
        const raw = fs.readFileSync(path.join(outbox, name), "utf8");
        if (raw.includes(token)) return raw;
      }
      return null;
    };
    await expect.poll(find, { timeout: 30_000 }).not.toBeNull();
    const mail = find()!;
    expect(mail).toMatch(/^To: admin@givebridge\.local$/m);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, "\\$&")}$`, "m"));
    expect(mail).toContain("Subject: Contact Us: message from Carla Contact");
  });

  test("the share dialog copies the link and gives focus back to its button", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/fundraiser/${fundraiserId}`);
    const share = page.getByRole("button", { name: "Share" });
    await share.click();
    const dialog = page.getByRole("dialog", { name: `Share ${FUNDRAISER}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/fundraiser/${fundraiserId}$`));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
  });

  test("the home page has a share image", async ({ page }) => {
    await page.goto("/");
    const ogImage = await meta(page, "og:image");
    expect(ogImage).toBeTruthy();
    const res = await page.request.get(ogImage!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  });

  test("signed-in pages: the donor's empty history offers Find a cause, and the dashboards and analytics pass axe", async ({ page }) => {
    await signUpDonor(page, { firstName: "Axel", lastName: "Checker", email: uniqueEmail("axe-donor") });
    await page.setViewportSize(NARROW);
    await page.goto("/dashboard");
    const historyHref = await page.getByRole("link", { name: /Donation History/ }).first().getAttribute("href");
    await page.goto(historyHref!);
    await expect(page.getByText("No gifts yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Find a cause" })).toHaveAttribute("href", /\/search/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const problems: string[] = [];
    for (const viewport of [NARROW, WIDE]) {
      await page.setViewportSize(viewport);
      for (const route of ["/dashboard", historyHref!]) {
        await page.goto(route);
        await page.waitForLoadState("load");
        await expect(page.locator("h1").first()).toBeVisible();
        for (const v of await seriousViolations(page)) problems.push(`${route} at ${viewport.width} px: ${v}`);
      }
    }
    await page.setViewportSize(WIDE);
    await logout(page);
    await login(page, nonprofitEmail);
    for (const route of ["/dashboard", "/manage-pay", "/manage-pay/analytics"]) {
      await page.goto(route);
      await page.waitForLoadState("load");
        await expect(page.locator("h1").first()).toBeVisible();
      for (const v of await seriousViolations(page)) problems.push(`${route} (nonprofit): ${v}`);
    }
    expect(problems).toEqual([]);
  });

  test("every public route: no horizontal overflow at 360 px, no serious or critical axe violation at 360 and 1280 px", async ({ page }) => {
    test.setTimeout(300_000);
    const routes = [
      "/",
      "/search?queryString=&searchCategory=NonProfits",
      "/search?queryString=&searchCategory=Campaigns",
      "/about",
      "/login",
      "/signup",
      "/signup/nonprofit",
      "/subscribe",
      "/forgot",
      "/find",
      "/404",
      "/thankyou",
      "/terms",
      "/privacy",
      "/pricing",
      "/contact",
      "/how-it-works/donors",
      "/how-it-works/charities",
      "/faq",
      `/nonprofit/${organizationId}`,
      `/nonprofit/events/${organizationId}`,
      `/event/${eventId}`,
      `/event/tickets?eventId=${eventId}`,
      `/fundraiser/${fundraiserId}`,
      `/donation/${organizationId}/${fundraiserId}`,
    ];
    const problems: string[] = [];
    let current = "";
    // No page may log a 404 (e.g. a prefetch of a link without a target); /404 itself answers
    // 404 on purpose, and Chromium logs its own document's status.
    page.on("console", (m) => {
      if (m.type() === "error" && /404/.test(m.text()) && current !== "/404") problems.push(`${current}: console: ${m.text()}`);
    });
    page.on("response", (r) => {
      if (r.status() === 404 && new URL(r.url()).pathname !== "/404" && !current.startsWith("/404")) problems.push(`${current}: 404 for ${r.url()}`);
    });
    for (const viewport of [NARROW, WIDE]) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        current = route;
        await page.goto(route);
        await page.waitForLoadState("load");
        await expect(page.locator("h1").first()).toBeVisible();
        if (viewport === NARROW) {
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${route} at 360 px: ${overflow} px too wide`);
        }
        for (const v of await seriousViolations(page)) problems.push(`${route} at ${viewport.width} px: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
