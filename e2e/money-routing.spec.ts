/**
 * Money goes where it can be received, and ticket sales are sales:
 * - a visitor pledges to an unclaimed organization (no card); the organization claims its
 *   profile, sees the pledge, connects sandbox payments; the pledger completes the gift from
 *   the email in the outbox;
 * - a ticket buyer's confirmation email states the value of the goods and the deductible
 *   part, and their year-end statement lists only that part; the nonprofit refunds the order
 *   from its event manager's Orders dialog.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Browser } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, signUpDonor, solvedCheckoutChallenge, uniqueEmail, verifyClaimByEmail, test } from "./fixtures";

const outbox = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

/** The text of the newest outbox message to `email` whose subject matches, or null. */
function mailTo(email: string, subject: RegExp): string | null {
  if (!fs.existsSync(outbox)) return null;
  const files = fs.readdirSync(outbox).sort();
  for (const name of files.reverse()) {
    const raw = fs.readFileSync(path.join(outbox, name), "utf8");
    if (new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m").test(raw) && subject.test(raw)) return raw;
  }
  return null;
}

/** Undo quoted-printable soft line breaks and =XX escapes (the outbox keeps raw .eml files). */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function waitForMail(email: string, subject: RegExp): Promise<string> {
  let found: string | null = null;
  await expect.poll(() => (found = mailTo(email, subject)), { timeout: 30_000, message: `mail to ${email}` }).not.toBeNull();
  return decodeQp(found!);
}

async function lookupOrganization(browser: Browser, ein: string): Promise<string> {
  const ctx = await browser.newContext();
  const res = await ctx.request.get(`/api/find/nonprofitExists/${ein}`);
  const id = ((await res.json()) as { organization: { _id: string } }).organization._id;
  await ctx.close();
  return id;
}

test.describe("money goes where it should", () => {
  test("a visitor pledges to an unclaimed organization; it claims and connects; the pledger gives from the email", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const EIN = "030107682";
    const NAME = "BRISTOL CEMETERY ASSOCIATION INC";
    const organizationId = await lookupOrganization(browser, EIN);
    const pledger = uniqueEmail("pledger");

    // The visitor: the profile says the organization does not receive gifts yet and offers a pledge; no card is asked for.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    await v.goto(`/nonprofit/${organizationId}`);
    await expect(v.getByRole("link", { name: "Donate", exact: true })).toHaveCount(0);
    const pledge = v.getByTestId("pledge");
    await expect(pledge.getByRole("heading", { name: "This nonprofit doesn't receive gifts on Givebridge yet" })).toBeVisible();
    await expect(pledge.getByLabel("Card number")).toHaveCount(0);
    await pledge.getByLabel("Amount you would give (USD)").fill("40");
    await pledge.getByLabel("Your email").fill(pledger);
    await pledge.getByRole("button", { name: "Pledge" }).click();
    await expect(pledge.getByText("Thank you! We will email you when this nonprofit can receive your gift.")).toBeVisible();
    // Checkout itself refuses: the page offers the pledge, and the API refuses a charge.
    await v.goto(`/donation/${organizationId}/direct`);
    await expect(v.getByText("This nonprofit doesn't receive gifts on Givebridge yet")).toBeVisible();
    const refused = await v.request.post("/api/createPaymentIntent", {
      data: {
        idempotencyKey: crypto.randomUUID(),
        organizationId,
        amountCents: 4000,
        name: "Sneaky",
        email: "sneaky@example.org",
        card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        altcha: await solvedCheckoutChallenge(v.request),
      },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("This nonprofit doesn't receive gifts on Givebridge yet");

    // The nonprofit claims its profile and sees the pledge at claim time, verifies the claim by
    // an email at its domain, then connects sandbox payments.
    const claimant = uniqueEmail("np-pledges");
    await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Cass", lastName: "Bristol", email: claimant }, { verify: false });
    await expect(page.getByText("1 donor pledged $40.00: connect payments to receive them").first()).toBeVisible();
    await verifyClaimByEmail(page, claimant);
    await page.goto("/dashboard");
    await expect(page.getByText("1 donor pledged $40.00: connect payments to receive them")).toBeVisible();
    await connectSandboxPayments(page);
    await v.goto(`/nonprofit/${organizationId}`);
    await expect(v.getByRole("link", { name: "Donate", exact: true })).toBeVisible();
    await expect(v.getByText("Is this your organization?")).toHaveCount(0);

    // The pledger's one email opens checkout prefilled; they give.
    const mail = await waitForMail(pledger, /Subject: Bristol Cemetery Association Inc can now receive your \$40\.00 gift/);
    const link = /https?:\/\/\S+\/donation\/\S+/.exec(mail)![0];
    const url = new URL(link);
    await visitor.close();
    const fresh = await browser.newContext();
    const p = await fresh.newPage();
    await p.goto(url.pathname + url.search);
    await expect(p.getByPlaceholder("Other")).toHaveValue("40.00");
    await expect(p.getByRole("textbox", { name: /^Email/ })).toHaveValue(pledger);
    await p.getByRole("textbox", { name: /^Full name/ }).fill("Pat Pledger");
    await p.getByLabel("Card number").fill("4242 4242 4242 4242");
    await p.getByLabel("Expiry (MM/YY)").fill("12/34");
    await p.getByLabel("CVC").fill("123");
    await p.getByRole("button", { name: /^Donate \$40\.00$/ }).click();
    await expect(p).toHaveURL(/\/thankyou/, { timeout: 30_000 });
    const receipt = await waitForMail(pledger, /Subject: Your donation receipt: \$40\.00 to Bristol Cemetery Association Inc/);
    expect(receipt).toContain("Deductible amount: $40.00");
    // The readable name, with the IRS legal name beside it on the receipt.
    expect(receipt).toContain("Bristol Cemetery Association Inc (legal name: BRISTOL CEMETERY ASSOCIATION INC)");
    await fresh.close();
  });

  test("a ticket buyer's confirmation and statement show only the deductible part", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const EIN = "030107290";
    const NAME = "HILLWINDS CONSERVATION LANDS INC";
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Hal", lastName: "Winds", email: uniqueEmail("np-gala") });
    await connectSandboxPayments(page);
    await page.goto(`/nonprofit/${organizationId}`);
    const card = page.locator("#events");
    await card.getByRole("button", { name: "Create event" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an event" });
    await dialog.getByLabel("Event name").fill("Harvest Dinner");
    await dialog.getByLabel("Starts", { exact: false }).fill("2031-09-20T18:00");
    await dialog.getByLabel("City").fill("Brattleboro");
    await dialog.getByLabel("State").fill("VT");
    await dialog.getByRole("button", { name: "Add ticket type" }).click();
    await dialog.getByLabel("Ticket type name").fill("Dinner");
    await dialog.getByLabel("Price (USD)").fill("100");
    await dialog.getByLabel("Fair market value (USD)").fill("60");
    await dialog.getByLabel("Quantity").fill("20");
    await dialog.getByRole("button", { name: "Create event" }).click();
    await expect(dialog).toBeHidden();
    const row = card.getByTestId("owner-event").filter({ hasText: "Harvest Dinner" });
    const href = await row.getByRole("link", { name: "Ticket page" }).getAttribute("href");

    // A donor buys one ticket.
    const buyerCtx = await browser.newContext();
    const b = await buyerCtx.newPage();
    const buyer = uniqueEmail("gala-buyer");
    await signUpDonor(b, { firstName: "Tia", lastName: "Buyer", email: buyer });
    await b.goto(href!);
    await b.getByLabel("Card number").fill("4242 4242 4242 4242");
    await b.getByLabel("Expiry (MM/YY)").fill("12/34");
    await b.getByLabel("CVC").fill("123");
    await b.getByRole("button", { name: "Pay $100.00" }).click();
    await expect(b.getByTestId("ticket-confirmation")).toHaveText("Your tickets are confirmed");

    const mail = await waitForMail(buyer, /Subject: Your tickets: Harvest Dinner/);
    expect(mail).toContain("Amount paid: $100.00");
    expect(mail).toContain("Good-faith estimate of the value of goods and services received: $60.00");
    expect(mail).toContain("Deductible amount: $40.00");
    expect(mail).not.toContain("No goods or services were provided");
    expect(mailTo(buyer, /Subject: Your donation receipt/)).toBeNull();

    // The year-end statement lists the deductible $40.00 only, with the EIN.
    await b.goto("/dashboard");
    const historyHref = await b.getByRole("link", { name: /Donation History/ }).getAttribute("href");
    const donorId = historyHref!.split("/").pop()!;
    const year = new Date().getUTCFullYear();
    const csv = await (await b.request.get(`/api/donor/${donorId}/statement?year=${year}&format=csv`)).text();
    expect(csv).toContain("03-0107290");
    expect(csv).toContain("40.00");
    // The amount column holds the deductible part; the $100.00 paid is only named in the description.
    expect(csv).not.toMatch(/,100\.00,/);
    expect(csv).toContain("Tickets: Harvest Dinner (deductible part of $100.00 paid),40.00,");
    expect(csv).toMatch(/Total,,,,,40\.00/);

    // The nonprofit's report counts no donation; ticket revenue is shown apart.
    await page.goto("/manage-pay");
    await expect(page.getByTestId("report-total")).toHaveText("$0.00");
    await expect(page.getByTestId("report-ticket-revenue")).toContainText("$100.00");

    // The nonprofit refunds the order from its event manager, with a confirmation step.
    await page.goto(`/nonprofit/${organizationId}`);
    await card.getByTestId("owner-event").filter({ hasText: "Harvest Dinner" }).getByRole("button", { name: "Ticket orders of Harvest Dinner" }).click();
    const orders = page.getByRole("dialog", { name: "Ticket orders of Harvest Dinner" });
    const order = orders.getByTestId("ticket-order").filter({ hasText: buyer });
    await expect(order.getByTestId("ticket-order-status")).toHaveText("Paid");
    await order.getByRole("button", { name: /^Refund .* order of \$100\.00$/ }).click();
    await order.getByRole("button", { name: /^Confirm refund of / }).click();
    await expect(orders.getByText("The ticket order of $100.00 was refunded.")).toBeVisible();
    await expect(order.getByTestId("ticket-order-status")).toHaveText("Refunded");
    await expect(order.getByRole("button", { name: /Refund/ })).toHaveCount(0);
    await buyerCtx.close();
  });
});
