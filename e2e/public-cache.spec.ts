/**
 * Public pages from cache, over real HTTP against the served app:
 * anonymous visitors get one cached HTML per page with a shared-cache Cache-Control and a
 * policy without a nonce; signed-in visitors get the page rendered for them; a gift moves the
 * cached fundraiser page's total within 2 seconds.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { signUpDonor, solvedCheckoutChallenge, uniqueEmail, test } from "./fixtures";

type Campaign = { _id: string; name: string; organization: { _id: string } };

async function demoFundraiser(request: APIRequestContext): Promise<Campaign> {
  const { campaigns } = (await (await request.get("/api/find/campaigns/active?showAll=true")).json()) as { campaigns: Campaign[] };
  expect(campaigns.length, "an active demo fundraiser").toBeGreaterThan(0);
  return campaigns[0]!;
}

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

test.describe("public pages from cache", () => {
  test("anonymous visitors get one cached HTML per page, shareable by a CDN, with a nonce-free policy", async ({ request }) => {
    const campaign = await demoFundraiser(request);
    const eventId = await demoEventId(request);
    const paths = ["/", "/about", "/search?queryString=food&searchCategory=NonProfits", `/nonprofit/${campaign.organization._id}`, `/fundraiser/${campaign._id}`, ...(eventId ? [`/event/${eventId}`] : [])];
    for (const path of paths) {
      const first = await request.get(path);
      expect([path, first.status()]).toEqual([path, 200]);
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

  test("a signed-in visitor gets the page rendered for them; the twin's own address is not public", async ({ page, request }) => {
    const campaign = await demoFundraiser(request);
    await signUpDonor(page, { firstName: "Cache", lastName: "Visitor", email: uniqueEmail("cache-visitor") });
    for (const path of ["/", `/fundraiser/${campaign._id}`, `/nonprofit/${campaign.organization._id}`]) {
      const res = await page.request.get(path);
      expect([path, res.status()]).toEqual([path, 200]);
      expect([path, res.headers()["cache-control"]]).toEqual([path, expect.stringMatching(/private|no-store/)]);
      expect([path, await res.text()]).toEqual([path, expect.stringContaining("Account menu for Cache")]);
      expect([path, res.headers()["content-security-policy"]]).toEqual([path, expect.stringMatching(/'nonce-[^']+' 'strict-dynamic'/)]);
    }
    // The search page's shell shows nothing of the visitor: the cached one, signed in or not.
    const search = await page.request.get("/search?queryString=&searchCategory=Campaigns");
    expect(search.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
    expect(search.headers()["content-security-policy"]).not.toContain("nonce-");
    // In the browser the address stays the public one, with the account in the top bar.
    await page.goto(`/fundraiser/${campaign._id}`);
    await expect(page).toHaveURL(new RegExp(`/fundraiser/${campaign._id}$`));
    await expect(page.getByRole("button", { name: /^Account menu for Cache/ })).toBeVisible();
    for (const path of ["/member", `/member/fundraiser/${campaign._id}`]) {
      expect([path, (await page.request.get(path)).status()]).toEqual([path, 404]);
      expect([path, (await request.get(path)).status()]).toEqual([path, 404]);
    }
  });

  test("a gift moves the cached fundraiser page's total within 2 seconds", async ({ request }) => {
    const campaign = await demoFundraiser(request);
    const path = `/fundraiser/${campaign._id}`;
    await request.get(path);
    const cached = await request.get(path);
    expect(cached.headers()["x-nextjs-cache"]).toMatch(/^(HIT|STALE)$/);
    const before = raisedCents(await cached.text());
    const gift = await request.post("/api/createPaymentIntent", {
      data: {
        idempotencyKey: randomUUID(),
        organizationId: campaign.organization._id,
        campaignId: campaign._id,
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
    while (Date.now() - given < 2_000) {
      after = raisedCents(await (await request.get(path)).text());
      if (after !== before) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after - before).toBe(1_700);
  });
});
