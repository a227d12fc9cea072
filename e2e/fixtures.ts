/**
 * Helpers shared by the end-to-end specs: unique accounts, sign-up, login and logout as a
 * person does them, through the pages; `hydrated`, for a test that needs the page's code
 * running; and `test`, Playwright's own.
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEMO_FUNDRAISERS } from "../lib/server/demo-fundraisers";

export const PASSWORD = "Givebridge-e2e-1";

/**
 * Resolves once the page's document has hydrated (`data-hydrated` on <html>,
 * components/layout/hydration-mark.tsx). Pages answer a tap before that (e2e/first-tap.spec.ts);
 * a test calls this only when it is not about timing and needs the page's code running.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 15_000 });
}

/** Playwright's `test`; its pages act as soon as a load returns, as a person may. */
export const test = base;

/** A unique, valid email for one test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${randomBytes(3).toString("hex")}@example.org`;
}

/** Fill the account fields of a sign-up form. */
export async function fillAccountFields(page: Page, account: { firstName: string; lastName: string; email: string; password?: string }) {
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: false }).first().fill(account.password ?? PASSWORD);
}

/** Sign a donor up through /signup/individual; ends on the thank-you page, signed in. */
export async function signUpDonor(page: Page, account: { firstName: string; lastName: string; email: string }) {
  await page.goto("/signup/individual");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await fillAccountFields(page, account);
  await page.getByRole("button", { name: "Create donor account" }).click();
  await expect(page).toHaveURL(/\/signup-thankyou\/donor$/);
}

/** Log in through /login; ends on the dashboard. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Log out from the avatar menu (desktop layout); ends on the home page. */
export async function logout(page: Page) {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
}

/** The admin password of the web server under test (playwright.config.ts webServer.env ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = "givebridge-e2e-admin-1";

/** Sign in as the demo admin on /admin; ends on the console. */
export async function adminSignIn(page: Page) {
  await page.goto("/admin");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByLabel("Admin password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in as admin" }).click();
  await expect(page.getByRole("heading", { name: "Nonprofits waiting for approval" })).toBeVisible();
}

/** The local outbox of the web server under test (playwright.config.ts webServer.env DATA_DIR). */
const outboxDir = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

/**
 * The text of the messages mailed to `email` so far, read from the outbox (.eml, quoted-printable
 * soft line breaks joined), as the person reads their inbox; polls until one contains `expected`.
 */
export async function mailFromOutbox(email: string, expected: string): Promise<string[]> {
  const read = () => {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
    const mine = files.filter((f) => f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80))).sort();
    return mine.map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  };
  await expect.poll(() => read().some((m) => m.includes(expected)), { timeout: 30_000 }).toBe(true);
  return read();
}

/**
 * The claim confirmation link mailed to `email`, read from the outbox (.eml, quoted-printable),
 * as the person at the organization's domain opens it from their inbox.
 */
export async function claimLinkFromOutbox(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
        for (const f of files) {
          if (!f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80))) continue;
          const raw = fs.readFileSync(path.join(outboxDir, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          link = raw.match(/https?:\/\/\S+\/confirm\/claim\/[A-Za-z0-9_-]+/)?.[0] ?? link;
        }
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return link!;
}

/**
 * As the signed-in claimant: verify the claim as a real nonprofit does, by an email at the
 * organization's domain (the account's own address; example.org is no free-mail domain) on
 * /dashboard/claim, then the mailed link's confirmation. Ends on the confirmation page.
 */
export async function verifyClaimByEmail(page: Page, email: string) {
  await page.goto("/dashboard/claim");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByLabel("Organization website").fill(`https://${email.slice(email.indexOf("@") + 1)}`);
  await page.getByLabel("Your email at that website").fill(email);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(/We sent a confirmation link/)).toBeVisible();
  const link = await claimLinkFromOutbox(email);
  await page.goto(new URL(link).pathname);
  await hydrated(page);
  await page.getByRole("button", { name: "Confirm that I speak for this organization" }).click();
  await expect(page.getByText(/Your claim is verified/)).toBeVisible();
}

/**
 * Sign a nonprofit up through /signup/nonprofit claiming the directory organization with
 * this EIN, then verify the claim by an email at its domain (verifyClaimByEmail) unless
 * `options.verify` is false; ends signed in. Returns the organization's id.
 */
export async function claimOrganization(
  page: Page,
  org: { ein: string; name: string },
  account: { firstName: string; lastName: string; email: string },
  options: { verify?: boolean } = {},
): Promise<string> {
  await page.goto("/signup/nonprofit");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByLabel("EIN (Employer Identification Number)").fill(org.ein);
  await page.getByRole("button", { name: "Find my organization" }).click();
  await expect(page.getByText(org.name, { exact: true })).toBeVisible();
  await fillAccountFields(page, account);
  await page.getByRole("button", { name: new RegExp(`^Claim ${org.name}`) }).click();
  await expect(page).toHaveURL(/\/signup-thankyou\/nonprofit$/);
  const res = await page.request.get("/api/getNonprofit");
  expect(res.status()).toBe(200);
  const organizationId = ((await res.json()) as { nonprofit: { _id: string } }).nonprofit._id;
  if (options.verify !== false) await verifyClaimByEmail(page, account.email);
  return organizationId;
}

/**
 * As the signed-in nonprofit: connect sandbox payments on /connect-payments (the simulated
 * onboarding), so the organization can receive gifts.
 */
export async function connectSandboxPayments(page: Page) {
  await page.goto("/connect-payments");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByRole("button", { name: "Connect sandbox payments" }).click();
  await expect(page.getByText("Payments connected")).toBeVisible();
}

/**
 * What the guest checkout's widget does, for a scripted guest request: fetch the
 * proof-of-work challenge, solve it, and return the payload to send as `altcha`.
 */
export async function solvedCheckoutChallenge(request: APIRequestContext): Promise<string> {
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
  const challenge = await (await request.get("/api/checkout/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the checkout challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A fundraiser as the active list (/api/find/campaigns/active) gives it. */
export type ActiveFundraiser = { _id: string; name: string; organization: { _id: string; state: string | null } };

/**
 * The demo's active fundraisers (lib/server/demo-fundraisers.ts), in the demo's order. Specs
 * that give to a fundraiser of the shared server use these, never "the first one listed": a spec
 * running beside them may have just made a fundraiser of its own, whose organization cannot
 * receive gifts yet.
 */
export async function demoFundraisers(api: APIRequestContext): Promise<ActiveFundraiser[]> {
  const res = await api.get("/api/find/campaigns/active?showAll=true");
  expect(res.ok(), "the active fundraisers").toBe(true);
  const { campaigns: fundraisers } = (await res.json()) as { campaigns: ActiveFundraiser[] };
  const demo = DEMO_FUNDRAISERS.map((d) => fundraisers.find((c) => c.name === d.name)).filter((c): c is ActiveFundraiser => !!c);
  expect(demo.length, "the demo's fundraisers").toBeGreaterThan(1);
  return demo;
}

/** The first of the demo's fundraisers (demoFundraisers). */
export async function demoFundraiser(api: APIRequestContext): Promise<ActiveFundraiser> {
  return (await demoFundraisers(api))[0]!;
}

/**
 * A scripted guest's sandbox checkout of $25 to the first demo fundraiser (demoFundraiser), with
 * `x-forwarded-for` set to `ip` (believed only from a trusted proxy): by the succeeding test
 * card, or with `method: "us_bank_account"` a bank payment, which stays processing (and so keeps
 * its point of the checkout limits). For apps started with CHECKOUT_CHALLENGE=off.
 */
export async function giveAsGuest(api: APIRequestContext, email: string, ip: string, { method = "card" }: { method?: "card" | "us_bank_account" } = {}) {
  const fundraiser = await demoFundraiser(api);
  return api.post(method === "card" ? "/api/createPaymentIntent" : "/api/createPaymentIntentACH", {
    headers: { "x-forwarded-for": ip },
    data: {
      idempotencyKey: randomUUID(),
      organizationId: fundraiser.organization._id,
      campaignId: fundraiser._id,
      amountCents: 2500,
      name: "Scripted Guest",
      email,
      ...(method === "card" ? { card: { number: "4242424242424242", expiry: "12/34", cvc: "123" } } : {}),
    },
  });
}
