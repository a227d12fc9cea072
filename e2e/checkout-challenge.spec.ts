import { expect } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, demoFundraiser, logout, uniqueEmail, test } from "./fixtures";

/**
 * Card-testing defence (OWASP ASVS 5.0 2.4, anti-automation): a guest checkout carries an invisible, self-hosted proof-of-work
 * solution (ALTCHA); a checkout call without one is refused and records nothing. A guest's
 * paid ticket order goes through the same check.
 */

test("a guest's checkout solves the challenge without being asked; a call without it is refused", async ({ page }) => {
  const hit = await demoFundraiser(page.request);
  const thirdParty: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    // The payment provider's own script may load (Stripe.js); nothing else leaves the site.
    const payments = /(^|\.)(stripe\.com|stripe\.network|paypal\.com|paypalobjects\.com)$/.test(host);
    if (host !== "localhost" && host !== "127.0.0.1" && !payments && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) thirdParty.push(r.url());
  });
  let challengeAsked = false;
  page.on("request", (r) => {
    if (r.url().includes("/api/checkout/challenge")) challengeAsked = true;
  });
  await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
  await page.waitForLoadState("networkidle");
  // A visitor who only reads the page does not load the check; the first touch of the form does.
  expect(challengeAsked, "no challenge before the donor starts on the form").toBe(false);
  // Invisible: no checkbox or "I'm not a robot" to click.
  await expect(page.getByRole("checkbox", { name: /robot|verify/i })).toHaveCount(0);

  const challengeLoaded = page.waitForResponse((r) => r.url().includes("/api/checkout/challenge") && r.status() === 200);
  await page.getByRole("radio", { name: "$25", exact: true }).click();
  await challengeLoaded;
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

test("a guest who sends the form before the check's code has loaded still gives: the form waits for it", async ({ page }) => {
  const hit = await demoFundraiser(page.request);
  // The script that defines the check's widget arrives 4 s late (a slow phone, a busy network).
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const body = await (await route.fetch()).text();
    if (body.includes('customElements.define("altcha-widget"')) await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue();
  });
  await page.goto(`/donation/${hit.organization._id}/${hit._id}`);
  await page.getByRole("radio", { name: "$25", exact: true }).click();
  await page.getByRole("textbox", { name: /^Full name/ }).fill("Quick Quentin");
  await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("quick-guest"));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  const checkout = page.waitForRequest((r) => r.url().endsWith("/api/createPaymentIntent") && r.method() === "POST");
  await page.getByRole("button", { name: /^Donate \$25\.00$/ }).click();
  const sent = JSON.parse((await checkout).postData() ?? "{}") as { altcha?: string };
  expect(sent.altcha, "the form waited for the check and sent its solution").toBeTruthy();
  await expect(page).toHaveURL(/\/thankyou\?/);
});

test("a guest's paid ticket order solves the same challenge; an order without it holds no seat", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // BATTEN KILL WATERSHED ALLIANCE INC, Arlington VT: a real Vermont EIN no other spec claims.
  const organizationId = await claimOrganization(page, { ein: "010558737", name: "BATTEN KILL WATERSHED ALLIANCE INC" }, { firstName: "Tess", lastName: "Tickets", email: uniqueEmail("np-challenge") });
  await connectSandboxPayments(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/createEvent", {
    headers: { origin },
    data: { organizationId, name: "River Cleanup Supper", startsAt: "2031-06-14T22:00:00.000Z", city: "Arlington", state: "VT", ticketTypes: [{ name: "Supper", priceCents: 1500, quantity: 10 }] },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { _id: string })._id;
  await logout(page);

  const guest = await browser.newContext();
  const g = await guest.newPage();
  await g.goto(`/event/tickets?eventId=${eventId}`);
  const challengeLoaded = g.waitForResponse((r) => r.url().includes("/api/checkout/challenge") && r.status() === 200);
  await g.getByLabel(/^Name/).fill("Gail Guest");
  await challengeLoaded;
  await g.getByLabel(/^Email/).fill(uniqueEmail("ticket-guest"));
  await g.getByLabel("Card number").fill("4242 4242 4242 4242");
  await g.getByLabel("Expiry (MM/YY)").fill("12/34");
  await g.getByLabel("CVC").fill("123");
  const order = g.waitForRequest((r) => r.url().endsWith(`/api/events/${eventId}/orders`) && r.method() === "POST");
  await g.getByRole("button", { name: "Pay $15.00" }).click();
  const sent = JSON.parse((await order).postData() ?? "{}") as { altcha?: string };
  expect(sent.altcha, "the ticket form sends the solved challenge").toBeTruthy();
  await expect(g.getByTestId("ticket-confirmation")).toHaveText("Your tickets are confirmed");

  // A script ordering straight from the API is refused before any seat is taken.
  const tickets = async () => ((await (await g.request.get(`/api/events/${eventId}/tickets`)).json()) as { ticketTypes: { _id: string; sold: number }[] }).ticketTypes[0]!;
  const before = await tickets();
  expect(before.sold).toBe(1);
  const res = await g.request.post(`/api/events/${eventId}/orders`, {
    headers: { origin },
    data: { idempotencyKey: crypto.randomUUID(), ticketTypeId: before._id, quantity: 2, name: "Bot", email: "bot@example.org", card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { message: string }).message).toBe("Please wait a moment for the security check to finish, then try again.");
  expect((await tickets()).sold).toBe(1);
  await guest.close();
});
