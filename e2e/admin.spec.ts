import { expect, type APIRequestContext, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { PASSWORD, uniqueEmail, test } from "./fixtures";

/**
 * Admin console, nonprofit approval and business sign-ups. The web server must run with
 * ADMIN_PASSWORD set to the value below (playwright.config.ts webServer.env).
 */
const ADMIN_PASSWORD = "givebridge-e2e-admin-1";
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";

test.describe.configure({ mode: "serial" });

async function adminSignIn(page: Page) {
  await page.getByLabel("Admin password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in as admin" }).click();
  await expect(page.getByRole("heading", { name: "Nonprofits waiting for approval" })).toBeVisible();
}

/** The approval link in the admins' email about `orgName`, read from the outbox (.eml, quoted-printable). */
async function approvalLinkFromOutbox(orgName: string): Promise<string> {
  const outbox = path.resolve(dataDir, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        for (const f of files) {
          const raw = fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          if (raw.includes(`Approval needed: ${orgName}`)) link = raw.match(/https?:\/\/\S+\/approve\/nonprofit\/[\w-]+\?sig=[\w-]+/)?.[0];
        }
        return link ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return link!;
}

/** Does the public directory search (GET /api/search/nonprofit) find the organization? */
async function inSearch(request: APIRequestContext, organizationId: string, name: string): Promise<boolean> {
  const res = await request.get(`/api/search/nonprofit?search_query=${encodeURIComponent(name)}&limit=50`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { results: { _id: string }[] };
  return body.results.some((r) => r._id === organizationId);
}

async function isPublic(request: APIRequestContext, organizationId: string): Promise<boolean> {
  const res = await request.get(`/api/find/nonprofit/${organizationId}`);
  return res.status() === 200;
}

test.describe("admin console and approval", () => {
  const orgName = `Brattleboro Seed Library ${Date.now().toString(36)}`;
  const email = uniqueEmail("np-noein");
  let organizationId = "";

  test("a nonprofit registered without an EIN is pending: hidden, not in search, cannot receive donations", async ({ page, browser }) => {
    await page.goto("/signup/nonprofit");
    await page.getByRole("button", { name: "Register without an EIN" }).first().click();
    await page.getByLabel("Organization name").fill(orgName);
    await page.getByLabel("City").fill("Brattleboro");
    await page.getByLabel("State").fill("VT");
    await page.getByLabel("ZIP code").fill("05301");
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Pratt");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: false }).first().fill(PASSWORD);
    await page.getByRole("button", { name: "Register for approval" }).click();
    await expect(page).toHaveURL(/\/signup-thankyou\/pending$/);

    const own = await page.request.get("/api/getNonprofit");
    expect(own.status()).toBe(200);
    const { nonprofit } = await own.json();
    organizationId = nonprofit._id;
    expect(organizationId).toBeTruthy();

    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    expect(await isPublic(v.request, organizationId)).toBe(false);
    expect(await inSearch(v.request, organizationId, orgName)).toBe(false);
    await v.goto(`/nonprofit/${organizationId}`);
    await expect(v.getByRole("heading", { name: orgName })).toHaveCount(0);
    await visitor.close();
  });

  test("admin endpoints refuse visitors (401) and other users (403)", async ({ page, request }) => {
    const body = { title: "Hacked", description: "nope" };
    expect((await request.post("/api/createUpdate", { data: body })).status()).toBe(401);
    expect((await request.put(`/api/approve/nonprofit/${organizationId}/bad-signature`)).status()).toBe(401);
    expect((await request.delete("/api/deleteUpdate/whatever")).status()).toBe(401);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await page.request.post("/api/createUpdate", { data: body })).status()).toBe(403);
    expect((await page.request.put(`/api/approve/nonprofit/${organizationId}/bad-signature`)).status()).toBe(403);
    await page.goto("/admin");
    await expect(page.getByLabel("Admin password")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nonprofits waiting for approval" })).toHaveCount(0);
  });

  test("the admin signs in, approves it from the emailed link, and it goes live; the link works once", async ({ page, browser }) => {
    const link = await approvalLinkFromOutbox(orgName);
    const url = new URL(link);
    await page.goto("/admin");
    await adminSignIn(page);
    await expect(page.getByRole("list", { name: "Pending nonprofits" }).getByText(orgName)).toBeVisible();

    await page.goto(url.pathname + url.search);
    await expect(page.getByText("Waiting for approval")).toBeVisible();
    await page.getByRole("button", { name: `Approve ${orgName}` }).click();
    await expect(page.getByText("This nonprofit is approved and live.")).toBeVisible();

    const [, , , id, ] = url.pathname.split("/");
    const sig = url.searchParams.get("sig");
    const reuse = await page.request.put(`/api/approve/nonprofit/${id}/${sig}`);
    expect(reuse.status()).toBe(409);
    const forged = await page.request.put(`/api/approve/nonprofit/${id}/${sig!.slice(0, -2)}xx`);
    expect(forged.status()).toBe(403);

    await page.goto("/admin");
    await expect(page.getByRole("list", { name: "Pending nonprofits" }).getByText(orgName)).toHaveCount(0);
    await expect(page.getByRole("table").getByText(orgName).first()).toBeVisible();
    await expect(page.getByRole("table").getByText("nonprofit.approve").first()).toBeVisible();

    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    expect(await isPublic(v.request, organizationId)).toBe(true);
    const profile = await v.goto(`/nonprofit/${organizationId}`);
    expect(profile?.status()).toBe(200);
    await expect(v.getByRole("heading", { name: orgName }).first()).toBeVisible();
    expect(await inSearch(v.request, organizationId, orgName)).toBe(true);
    await visitor.close();
  });

  test("the admin publishes, edits and deletes a What's New notice", async ({ page, request }) => {
    await page.goto("/admin");
    await adminSignIn(page);
    const title = `Reports ${Date.now().toString(36)}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Download your donation reports as CSV.");
    await page.getByRole("button", { name: "Publish" }).click();
    const list = page.getByRole("list", { name: "Update notices" });
    await expect(list.getByText(title)).toBeVisible();
    const updates = await (await request.get("/api/getUpdate")).json();
    expect(updates.updates.map((u: { title: string }) => u.title)).toContain(title);

    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title").fill(`${title} v2`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(list.getByText(`${title} v2`)).toBeVisible();

    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: `Delete ${title} v2` }).click();
    await expect(list.getByText(`${title} v2`)).toHaveCount(0);
    await expect(page.getByRole("table").getByText("update.delete").first()).toBeVisible();
  });

  test("a business signs up and appears in the admin console", async ({ page, browser }) => {
    const businessName = `Putney Pickle Co ${Date.now().toString(36)}`;
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    await v.goto("/business");
    await v.getByRole("button", { name: "Sign up my business" }).click();
    await expect(v.getByText("Please enter your business name")).toBeVisible();
    await v.getByLabel("Business name").fill(businessName);
    await v.getByLabel("Contact name").fill("Pat Quinn");
    await v.getByLabel("Email").fill(uniqueEmail("business"));
    await v.getByLabel("City").fill("Putney");
    await v.getByLabel("State").fill("VT");
    await v.getByLabel("I'm interested in").selectOption("matching");
    await v.getByRole("button", { name: "Sign up my business" }).click();
    await expect(v.getByText("Thank you for signing up!")).toBeVisible();
    await visitor.close();

    await page.goto("/admin");
    await adminSignIn(page);
    await expect(page.getByRole("list", { name: "Business sign-ups" }).getByText(businessName)).toBeVisible();
  });

  test("five wrong admin passwords in a row are slowed down: 429 with Retry-After", async ({ request }) => {
    for (let i = 0; i < 5; i++) {
      const res = await request.post("/api/authenticateAdmin", { data: { password: `wrong-guess-${i}` } });
      expect(res.status()).toBe(401);
    }
    const blocked = await request.post("/api/authenticateAdmin", { data: { password: ADMIN_PASSWORD } });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);

  });
});
