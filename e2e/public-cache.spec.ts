/**
 * Public pages from cache, over real HTTP against the served app:
 * anonymous visitors get one cached HTML per page with a shared-cache Cache-Control and a
 * policy without a nonce; signed-in visitors get the same HTML and their account in the browser; a gift moves the
 * cached fundraiser page's total and home's within 2 seconds.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { demoFundraiser, signUpDonor, solvedCheckoutChallenge, uniqueEmail, test } from "./fixtures";


async function demoEventId(request: APIRequestContext): Promise<string | null> {
  const { events } = (await (await request.get("/api/find/events?showAll=true")).json()) as { events: { _id: string }[] };
  return events[0]?._id ?? null;
}

/** The amount raised shown on a fundraiser page's HTML, in cents. */
function raisedCents(html: string): number {
  const card = html.slice(html.indexOf('data-testid="fundraiser-progress-card"'));
  const m = /\$([\d,]+\.\d{2})/.exec(card);
  expect(m, "the amount raised on the page").toBeTruthy();
  return Math.round(Number(m![1]!.replace(/,/g, "")) * 100);
}

/** The amount raised on home's card of one featured fundraiser (its progress bar's text), in cents. */
function featuredRaisedCents(html: string, fundraiserId: string): number {
  const card = html.slice(html.indexOf(`href="/fundraiser/${fundraiserId}"`));
  const m = /aria-valuetext="\$([\d,]+\.\d{2}) of/.exec(card);
  expect(m, "the amount raised on home's card").toBeTruthy();
  return Math.round(Number(m![1]!.replace(/,/g, "")) * 100);
}

test.describe("public pages from cache", () => {
  test("anonymous visitors get one cached HTML per page, shareable by a CDN, with a nonce-free policy", async ({ request }) => {
    const fundraiser = await demoFundraiser(request);
    const eventId = await demoEventId(request);
    const paths = ["/", "/about", "/search?queryString=food&searchCategory=NonProfits", `/nonprofit/${fundraiser.organization._id}`, `/fundraiser/${fundraiser._id}`, `/donation/${fundraiser.organization._id}/${fundraiser._id}`, ...(eventId ? [`/event/${eventId}`] : [])];
    for (const path of paths) {
      expect([path, (await request.get(path)).status()]).toEqual([path, 200]);
      // An earlier test's change may have the page re-rendering: compare once it is a fresh hit.
      await expect.poll(async () => (await request.get(path)).headers()["x-nextjs-cache"], { message: path }).toBe("HIT");
      const first = await request.get(path);
      const second = await request.get(path);
      const cacheControl = second.headers()["cache-control"] ?? "";
      expect([path, cacheControl]).toEqual([path, expect.stringMatching(/s-maxage=\d+/)]);
      expect([path, cacheControl]).not.toEqual([path, expect.stringMatching(/private|no-store/)]);
      expect([path, second.headers()["x-nextjs-cache"]]).toEqual([path, expect.stringMatching(/^(HIT|STALE)$/)]);
      // The same bytes for two visitors: nothing per request (no nonce, no session) in the HTML.
      expect([path, await second.text()]).toEqual([path, await first.text()]);
      const csp = second.headers()["content-security-policy"] ?? "";
      expect([path, csp]).toEqual([path, expect.stringContaining("script-src 'self' 'unsafe-inline'")]);
      expect([path, csp.includes("nonce-")]).toEqual([path, false]);
      // The top bar offers Login (the search page has its own header instead).
      if (!path.startsWith("/search")) expect([path, await second.text()]).toEqual([path, expect.stringContaining(">Login<")]);
    }
  });

  test("a signed-in visitor gets the same cached page, and the browser shows their account on it", async ({ page, request }) => {
    const fundraiser = await demoFundraiser(request);
    await signUpDonor(page, { firstName: "Cache", lastName: "Visitor", email: uniqueEmail("cache-visitor") });
    const paths = ["/", `/fundraiser/${fundraiser._id}`, `/nonprofit/${fundraiser.organization._id}`, `/donation/${fundraiser.organization._id}/${fundraiser._id}`];
    for (const path of paths) {
      const anonymous = await request.get(path);
      const signedIn = await page.request.get(path);
      expect([path, signedIn.status()]).toEqual([path, 200]);
      expect([path, signedIn.headers()["cache-control"]]).toEqual([path, expect.stringMatching(/s-maxage=\d+/)]);
      expect([path, signedIn.headers()["content-security-policy"]]).not.toEqual([path, expect.stringContaining("nonce-")]);
      // Nothing of the session in the HTML: the bytes anonymous visitors get.
      const html = await signedIn.text();
      expect([path, html.includes("Cache Visitor") || html.includes("cache-visitor")]).toEqual([path, false]);
      expect([path, html]).toEqual([path, await anonymous.text()]);
    }
    // On the cached donate page the browser asks who is giving: the donor is named, no guest fields.
    await page.goto(`/donation/${fundraiser.organization._id}/${fundraiser._id}`);
    await expect(page.getByText(/^Giving as Cache Visitor/)).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Donate \$/ })).toBeEnabled();
    // In the browser the top bar shows the account, at the public address.
    await page.goto(`/fundraiser/${fundraiser._id}`);
    await expect(page).toHaveURL(new RegExp(`/fundraiser/${fundraiser._id}$`));
    await expect(page.getByRole("button", { name: /^Account menu for Cache/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
    // Someone else's profile: the view asked for is not theirs to edit, so the cached page stays.
    const asked = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === `/nonprofit/${fundraiser.organization._id}`);
    await page.goto(`/nonprofit/${fundraiser.organization._id}`);
    expect((await asked).status()).toBe(200);
    await expect(page.getByRole("button", { name: /^Account menu for Cache/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit general information" })).toHaveCount(0);
    await expect(page.getByText("Only you can see this profile")).toHaveCount(0);
    // Signing out drops it without a reload.
    await page.getByRole("button", { name: /^Account menu for Cache/ }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await page.goto(`/nonprofit/${fundraiser.organization._id}`);
    await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Account menu for Cache/ })).toHaveCount(0);
    for (const path of ["/member", `/member/fundraiser/${fundraiser._id}`]) expect([path, (await request.get(path)).status()]).toEqual([path, 404]);
  });

  test("a signed-in visitor's like shows on the cached event page, for them only", async ({ page, request }) => {
    const eventId = await demoEventId(request);
    expect(eventId, "a demo event").toBeTruthy();
    const path = `/event/${eventId}`;
    await signUpDonor(page, { firstName: "Event", lastName: "Liker", email: uniqueEmail("cache-liker") });
    await page.goto(path);
    const like = page.getByRole("button", { name: /^Like · \d+$/ });
    await expect(like).toBeVisible();
    const count = Number((await like.textContent())!.split("·")[1]);
    // Pressed as soon as the browser knows the visitor, whether or not the view rendered for them
    // has arrived: it is their like, not a request to log in.
    await expect(page.getByRole("button", { name: /^Account menu for Event/ })).toBeVisible();
    await like.click();
    await expect(page.getByText("Log in to like this event.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Liked · ${count + 1}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: `Liked · ${count + 1}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Liked · ${count + 1}` })).toHaveAttribute("aria-pressed", "true");
    // Everyone else's page: the new count, not liked.
    const publicHtml = async () => (await (await request.get(path)).text()).replaceAll("<!-- -->", "");
    await expect.poll(async () => /Like · (\d+)/.exec(await publicHtml())?.[1]).toBe(String(count + 1));
    expect(await publicHtml()).not.toContain("Liked ·");
  });

  test("a gift moves the cached fundraiser page's total, and home's, within 2 seconds", async ({ request }) => {
    // A fundraiser home features, from its cached HTML: its Donate link names both ids.
    await request.get("/");
    const home = await request.get("/");
    expect(home.headers()["x-nextjs-cache"]).toMatch(/^(HIT|STALE)$/);
    const donate = /href="\/donation\/([^/"]+)\/([^/"]+)"/.exec(await home.text());
    expect(donate, "a featured fundraiser on home").toBeTruthy();
    const [, organizationId, fundraiserId] = donate!;
    const path = `/fundraiser/${fundraiserId}`;
    await request.get(path);
    const cached = await request.get(path);
    expect(cached.headers()["x-nextjs-cache"]).toMatch(/^(HIT|STALE)$/);
    const before = raisedCents(await cached.text());
    const homeBefore = featuredRaisedCents(await home.text(), fundraiserId!);
    const gift = await request.post("/api/createPaymentIntent", {
      data: {
        idempotencyKey: randomUUID(),
        organizationId,
        campaignId: fundraiserId,
        amountCents: 1_700,
        name: "Cache Guest",
        email: uniqueEmail("cache-guest"),
        card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        altcha: await solvedCheckoutChallenge(request),
      },
    });
    expect(gift.status(), await gift.text()).toBeLessThan(300);
    const given = Date.now();
    let after = before;
    let homeAfter = homeBefore;
    while (Date.now() - given < 2_000) {
      after = raisedCents(await (await request.get(path)).text());
      homeAfter = featuredRaisedCents(await (await request.get("/")).text(), fundraiserId!);
      if (after !== before && homeAfter !== homeBefore) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after - before).toBe(1_700);
    expect(homeAfter - homeBefore).toBe(1_700);
  });
});
