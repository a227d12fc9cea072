/**
 * A nonprofit's times in its own zone — the event form (entered
 * and shown in Eastern Time while the browser is in California), the donation report and
 * analytics (the zone named, each gift's time with "EST"/"EDT"); the home page's "Fundraisers
 * you can support today" (stories and covers, no $10 test entries, recent gifts first); and
 * the donor's receipt email with an HTML part, the formatted EIN and plain-words deductibility.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { claimOrganization, connectSandboxPayments, login, logout, solvedCheckoutChallenge, uniqueEmail, test } from "./fixtures";

/** RUTLAND AREA ART ASSOCIATION, Rutland VT (Eastern Time): a real Vermont EIN no other spec claims. */
const EIN = "03-0212900";
const ORG = "RUTLAND AREA ART ASSOCIATION";
const GOOD = `Paint the Rutland underpass ${Date.now() % 100000}`;
const STORY = "Local artists and students turn a grey underpass into a mural about the people of Rutland.";
const TEST_ENTRY = `Test fundraiser ${Date.now() % 100000}`;
const EVENT = "Open studio night at the Chaffee Art Center";
const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

const NARROW = { width: 360, height: 780 };
const WIDE = { width: 1280, height: 900 };

const nonprofitEmail = uniqueEmail("np-rutland");
const donorEmail = uniqueEmail("rutland-donor");
let organizationId = "";
let goodId = "";

/** "2:00 PM EST": an instant's time in Vermont, as the app should show it. */
const vermontTime = (iso: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/New_York", timeZoneName: "short" }).format(new Date(iso));

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

async function fundraiser(page: Page, origin: string, name: string, goal: string): Promise<string> {
  const created = await page.request.post("/api/updateNPCampaigns", {
    headers: { origin },
    data: { npID: organizationId, name, goal, startDate: "", endDate: "", description: STORY, topic: "" },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { campaign: { _id: string } }).campaign._id;
  const cover = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 180, g: 80, b: 60 } } }).jpeg().toBuffer();
  const upload = await page.request.post("/api/images", {
    headers: { origin },
    multipart: { field: "campaignImage", identifier: id, croppedImage: { name: "cover.jpg", mimeType: "image/jpeg", buffer: cover } },
  });
  expect(upload.status()).toBe(200);
  return id;
}

test.describe.configure({ mode: "serial" });

test.describe("times, curation and receipts that look like the nonprofit's", () => {
  test.describe.configure({ timeout: 120_000 });
  // The visitor's browser is in California: what the pages show must not depend on it.
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a nonprofit's fundraisers with covers (one a bare $10 test) and a guest's gift", async ({ page, browser }) => {
    organizationId = await claimOrganization(page, { ein: EIN, name: ORG }, { firstName: "Rae", lastName: "Mural", email: nonprofitEmail });
    await connectSandboxPayments(page);
    const origin = new URL(page.url()).origin;
    goodId = await fundraiser(page, origin, GOOD, "2500");
    await fundraiser(page, origin, TEST_ENTRY, "10");
    await logout(page);

    // A guest gives $30 to the real fundraiser, sharing their email.
    const guest = await browser.newContext();
    const gift = await guest.request.post("/api/createPaymentIntent", {
      headers: { origin },
      data: {
        idempotencyKey: crypto.randomUUID(),
        organizationId,
        campaignId: goodId,
        amountCents: 3000,
        name: "Gil Guest",
        email: donorEmail,
        share: { name: true, email: true, location: false, phone: false, gender: false, age: false },
        card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        altcha: await solvedCheckoutChallenge(guest.request),
      },
    });
    expect(gift.status()).toBe(200);
    await guest.close();
  });

  test("the event form takes and shows times in the organization's zone, whatever the browser's", async ({ page }) => {
    await login(page, nonprofitEmail);
    await page.goto(`/nonprofit/${organizationId}`);
    await page.locator("#events").getByRole("button", { name: "Create event" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an event" });
    await expect(dialog.getByTestId("event-form-zone")).toHaveText(/^Times are in your organization's time zone: Eastern Time \(E[SD]T\)\.$/);
    await dialog.getByLabel("Event name").fill(EVENT);
    const starts = dialog.getByLabel("Starts", { exact: false });
    await starts.fill("2031-01-15T14:00");
    // The field's hint reads the typed time back in the organization's zone.
    await expect(dialog.getByText("Wed, Jan 15, 2031, 2:00 PM EST")).toBeVisible();
    await dialog.getByRole("button", { name: "Create event" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("owner-event").filter({ hasText: EVENT });
    await expect(row.getByTestId("owner-event-when")).toHaveText("Wed, Jan 15, 2031, 2:00 PM EST");
    const href = await row.getByRole("link", { name: EVENT }).getAttribute("href");

    // Editing shows the same wall-clock time.
    await row.getByRole("button", { name: `Edit ${EVENT}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${EVENT}` });
    await expect(edit.getByLabel("Starts", { exact: false })).toHaveValue("2031-01-15T14:00");
    await edit.getByRole("button", { name: "Cancel" }).click();

    // 2:00 PM in Vermont is 19:00 UTC: the public page says so with the zone.
    await page.goto(href!);
    await expect(page.getByTestId("event-when")).toHaveText("Wednesday, January 15, 2031, 2:00 PM EST");
  });

  for (const viewport of [WIDE, NARROW]) {
    test(`the donation report and analytics at ${viewport.width} px name the zone and show each gift's time in it`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await login(page, nonprofitEmail);
      await page.goto("/manage-pay");
      await expect(page.getByTestId("report-time-zone")).toContainText("Days and times are in your organization's time zone: Eastern Time.");
      const times = page.getByTestId("donation-time").filter({ visible: true });
      await expect(times).toHaveCount(1);
      const iso = (await times.first().getAttribute("datetime"))!;
      const text = (await times.first().textContent())!.replace(/\s+/g, " ");
      expect(text.endsWith(vermontTime(iso))).toBe(true);
      expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`manage-pay-${viewport.width}.png`), fullPage: true });

      // A custom range says its days are the organization's.
      await page.getByRole("combobox", { name: "Duration" }).selectOption("customRange");
      await expect(page.getByText("From midnight, Eastern Time")).toBeVisible();

      await page.goto("/manage-pay/analytics");
      await expect(page.getByTestId("analytics-time-zone")).toContainText("Months and days are in your organization's time zone: Eastern Time.");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  for (const viewport of [WIDE, NARROW]) {
    test(`the home page at ${viewport.width} px features fundraisers with a story and a cover, never a $10 test entry`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const section = page.getByRole("region", { name: "Fundraisers you can support today" });
      const cards = section.getByTestId("featured-fundraiser");
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(6);
      await expect(section).not.toContainText(TEST_ENTRY);
      await expect(section).not.toContainText("raised of $10.00");
      await expect(section).toContainText(GOOD.slice(0, 24));

      const recent: number[] = [];
      for (let i = 0; i < count; i++) {
        const card = cards.nth(i);
        const image = card.getByTestId("fundraiser-card-image");
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        expect(((await card.getByTestId("fundraiser-card-story").textContent()) ?? "").trim().length).toBeGreaterThanOrEqual(40);
        const [momentum] = await card.getByTestId("fundraiser-card-recent").allTextContents();
        recent.push(momentum ? Number(/(\d+) gifts? in the last 14 days/.exec(momentum)![1]) : 0);
      }
      // Recent gifts first: the counts never go up down the list.
      expect(recent).toEqual([...recent].sort((a, b) => b - a));
      // Our fundraiser's gift counts.
      await expect(cards.filter({ hasText: GOOD.slice(0, 24) }).getByTestId("fundraiser-card-recent")).toHaveText(/1 gift in the last 14 days/);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await section.screenshot({ path: testInfo.outputPath(`home-fundraisers-${viewport.width}.png`) });
    });
  }

  test("the guest's receipt email has an HTML part with the formatted EIN and deductibility in plain words", async () => {
    let raw: string | null = null;
    await expect
      .poll(
        () => {
          if (!fs.existsSync(outbox)) return null;
          for (const name of fs.readdirSync(outbox)) {
            const text = fs.readFileSync(path.join(outbox, name), "utf8");
            if (text.includes(`To: ${donorEmail}`) && /Subject: Your donation receipt/.test(text)) return (raw = text);
          }
          return null;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();
    const decoded = raw!.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toMatch(/Content-Type: multipart\/alternative/);
    expect(decoded).toMatch(/Content-Type: text\/plain/);
    expect(decoded).toMatch(/Content-Type: text\/html/);
    expect(decoded).toContain("EIN: 03-0212900");
    expect(decoded).toMatch(/Contributions to .+ are tax-deductible as charitable contributions, to the extent the law allows\./);
    expect(decoded).not.toMatch(/deductibility code/i);
    expect(decoded).toMatch(/<img src="http:\/\/localhost:\d+\/icons\/icon-192\.png"/);
  });
});
