import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures";

/**
 * Issue 19, finding 13: a guest checkout carries an invisible, self-hosted proof-of-work
 * solution (ALTCHA); a checkout call without one is refused and records nothing.
 */
type Hit = { _id: string; organization: { _id: string; state: string | null } };

async function vermontFundraiser(page: Page): Promise<Hit> {
  const res = await page.request.get("/api/find/campaigns/active?showAll=true");
  expect(res.ok()).toBe(true);
  const { campaigns } = (await res.json()) as { campaigns: Hit[] };
  const hit = campaigns.find((c) => c.organization.state === "VT");
  expect(hit, "a Vermont demo fundraiser").toBeTruthy();
  return hit!;
}

test("a guest's checkout solves the challenge without being asked; a call without it is refused", async ({ page }) => {
  const hit = await vermontFundraiser(page);
  const thirdParty: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    // The payment provider's own script may load (Stripe.js); nothing else leaves the site.
    const payments = /(^|\.)(stripe\.com|stripe\.network|paypal\.com|paypalobjects\.com)$/.test(host);
    if (host !== "localhost" && host !== "127.0.0.1" && !payments && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) thirdParty.push(r.url());
  });
  const challengeLoaded = page.waitForResponse((r) => r.url().includes("/api/checkout/challenge") && r.status() === 200);
  await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
  await challengeLoaded;
  // Invisible: no checkbox or "I'm not a robot" to click.
  await expect(page.getByRole("checkbox", { name: /robot|verify/i })).toHaveCount(0);

  await page.getByRole("radio", { name: "$25", exact: true }).click();
  await page.getByRole("textbox", { name: /^Full name/ }).fill("Pat Puzzle");
  await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("challenge-guest"));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  const checkout = page.waitForRequest((r) => r.url().endsWith("/api/createPaymentIntent") && r.method() === "POST");
  await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();
  const sent = JSON.parse((await checkout).postData() ?? "{}") as { altcha?: string };
  expect(sent.altcha, "the form sends the solved challenge").toBeTruthy();
  const solved = JSON.parse(Buffer.from(sent.altcha!, "base64").toString("utf8")) as { solution?: { counter?: number } };
  expect(typeof solved.solution?.counter).toBe("number");
  await expect(page).toHaveURL(/\/thankyou\?/);
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  expect(thirdParty, "no third-party service is called for the challenge").toEqual([]);

  // A script posting straight to the checkout (as a card tester would) is refused.
  const res = await page.request.post("/api/createPaymentIntent", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      idempotencyKey: crypto.randomUUID(),
      organizationId: hit.organization._id,
      campaignId: hit._id,
      amountCents: 100,
      name: "Bot",
      email: "bot@example.org",
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { message: string }).message).toBe("Please wait a moment for the security check to finish, then try again.");
});
