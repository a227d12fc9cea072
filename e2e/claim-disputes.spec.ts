import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { PDFParse } from "pdf-parse";
import { claimLinkFromOutbox, claimOrganization, fillAccountFields, hydrated, login, logout, test, uniqueEmail } from "./fixtures";

/**
 * Claims that prove who they are, in Chromium as people use them: a stranger claims a real
 * directory organization and cannot change what the public sees; the real organization
 * contests the claim from the sign-up page, verifies by the code of the letter mailed to its
 * IRS address (read from the outbox's PDF) or by an email at its own domain, and takes over;
 * an admin reviews an uploaded determination letter beside the IRS record in the console.
 */
const ADMIN_PASSWORD = "givebridge-e2e-admin-1";
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";

/** The one-time code of the newest verification letter to `legalName`, read from the PDF in the outbox. */
async function letterCodeFromOutbox(legalName: string): Promise<string> {
  const outbox = path.resolve(dataDir, "outbox");
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
        for (const f of files) {
          const raw = fs.readFileSync(path.join(outbox, f));
          if (!raw.includes(`Letter to print and mail: ${legalName}`)) continue;
          const mail = await simpleParser(raw);
          const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
          if (!pdf) continue;
          const parser = new PDFParse({ data: new Uint8Array(pdf.content) });
          try {
            code = /([A-Z0-9]{4}-[A-Z0-9]{4})/.exec((await parser.getText()).text)?.[1] ?? code;
          } finally {
            await parser.destroy();
          }
        }
        return code;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return code!;
}

/** From the sign-up page, as the person who runs the organization: contest the stranger's claim. */
async function contestClaim(page: Page, org: { ein: string; name: string }, account: { firstName: string; lastName: string; email: string }) {
  await page.goto("/signup/nonprofit");
  await hydrated(page); // set-up, not about timing: the form is sent by its code
  await page.getByLabel("EIN (Employer Identification Number)").fill(org.ein);
  await page.getByRole("button", { name: "Find my organization" }).click();
  await expect(page.getByText(/has already been claimed/)).toBeVisible();
  await page.getByRole("button", { name: "I run this organization: contest the claim" }).click();
  await fillAccountFields(page, account);
  await page.getByRole("button", { name: `Contest the claim of ${org.name}` }).click();
  await expect(page).toHaveURL(/\/signup-thankyou\/contest$/);
  await page.getByRole("link", { name: "Verify now" }).click();
  await expect(page.getByRole("heading", { name: "Verify your claim" })).toBeVisible();
  await expect(page.getByText(`You contest the claim of ${org.name}`)).toBeVisible();
}

/**
 * What the stranger sees once the real organization took over, on its own device: its session
 * ended, and signed in again it manages nothing and may change nothing; the public listing is
 * the real one.
 */
async function expectStrangerOut(page: Page, strangerEmail: string, org: { name: string }, organizationId: string) {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await login(page, strangerEmail);
  await expect(page.getByText("Your account does not manage an organization any more.")).toBeVisible();
  const res = await page.request.put("/api/updateDashboard", { data: { npID: organizationId, organizationName: "FN org" } });
  expect(res.status()).toBe(403);
  await page.goto(`/nonprofit/${organizationId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(new RegExp(org.name, "i"));
  await expect(page.getByText("FN org")).toHaveCount(0);
}

test.describe("claim disputes", () => {
  test("at 360 px: a stranger's claim changes nothing public; the real organization contests and takes over by the mailed letter's code", async ({ browser }) => {
    // Three people on three phones: the stranger, a visitor, the organization's director.
    const phone = async () => (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    const page = await phone();
    const org = { ein: "03-0284103", name: "INSTITUTE OF PROFESSIONAL PRACTICE" };
    const stranger = { firstName: "Sam", lastName: "Stranger", email: uniqueEmail("stranger") };
    const organizationId = await claimOrganization(page, org, stranger, { verify: false });

    // The stranger renames it and tries to hide it: a draft, and a plain refusal.
    const renamed = await page.request.put("/api/updateDashboard", { data: { npID: organizationId, organizationName: "FN org" } });
    expect(renamed.status()).toBe(200);
    const hidden = await page.request.put("/api/toggleLive", { data: { npID: organizationId } });
    expect(hidden.status()).toBe(403);
    expect(((await hidden.json()) as { message: string }).message).toBe("You can show or hide this listing once your claim of this organization is verified.");
    await page.goto(`/nonprofit/${organizationId}`);
    await expect(page.getByText("Your claim is waiting for verification.", { exact: false }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("claim-pending-profile-360.png"), fullPage: true });
    // A visitor sees the IRS facts, not the stranger's draft.
    const visitor = await phone();
    await visitor.goto(`/nonprofit/${organizationId}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText(new RegExp(org.name, "i"));
    await expect(visitor.getByText("FN org")).toHaveCount(0);

    const director = await phone();
    await contestClaim(director, org, { firstName: "Ida", lastName: "Director", email: uniqueEmail("director") });
    await director.getByRole("button", { name: "Mail me a letter" }).click();
    await expect(director.getByText(/A letter with a one-time code is on its way/)).toBeVisible();
    const code = await letterCodeFromOutbox(org.name);
    await director.getByLabel("Code from the letter").fill(code);
    await director.getByRole("button", { name: "Verify with the code" }).click();
    await expect(director.getByText(/Your claim is verified/).first()).toBeVisible();
    await director.goto("/dashboard");
    await expect(director.getByText(/Legal name: INSTITUTE OF PROFESSIONAL PRACTICE/).first()).toBeVisible();

    await expectStrangerOut(page, stranger.email, org, organizationId);
  });

  test("at 1280 px: the real organization takes over by an email at its own domain", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const org = { ein: "45-2398900", name: "GUILFORD PERFORMANCE LAB INC" };
    const stranger = { firstName: "Sam", lastName: "Stranger", email: uniqueEmail("stranger") };
    const organizationId = await claimOrganization(page, org, stranger, { verify: false });
    await logout(page);

    const director = { firstName: "Gil", lastName: "Director", email: uniqueEmail("director") };
    await contestClaim(page, org, director);
    const address = `director.${Date.now()}@guilfordperformancelab.org`;
    await page.getByLabel("Organization website").fill("https://guilfordperformancelab.org");
    await page.getByLabel("Your email at that website").fill(address);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText(/We sent a confirmation link/)).toBeVisible();
    await page.goto(new URL(await claimLinkFromOutbox(address)).pathname);
    await hydrated(page);
    await page.getByRole("button", { name: "Confirm that I speak for this organization" }).click();
    await expect(page.getByText(/Your claim is verified/)).toBeVisible();
    await logout(page);

    await expectStrangerOut(page, stranger.email, org, organizationId);
  });

  test("an admin reviews an uploaded determination letter beside the IRS record and approves it", async ({ page, browser }) => {
    const org = { ein: "47-4801495", name: "HOPE ON THE RISE INC" };
    const claimant = { firstName: "Hope", lastName: "Manager", email: uniqueEmail("hope") };
    await claimOrganization(page, org, claimant, { verify: false });
    await page.goto("/dashboard/claim");
    await hydrated(page);
    await page.getByLabel("IRS determination letter or Form 990 first page").setInputFiles({
      name: "determination-letter.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Upload for review" }).click();
    await expect(page.getByText(/An admin will compare your document/).first()).toBeVisible();

    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await admin.goto("/admin");
    await admin.getByLabel("Admin password").fill(ADMIN_PASSWORD);
    await admin.getByRole("button", { name: "Sign in as admin" }).click();
    const reviews = admin.getByRole("list", { name: "Claims waiting for document review" });
    const item = reviews.getByRole("listitem").filter({ hasText: "HOPE ON THE RISE INC" });
    await expect(item).toContainText("EIN 47-4801495");
    await expect(item).toContainText("determination-letter.pdf");
    await expect(item).toContainText(claimant.email);
    await item.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath("claim-admin-review-1280.png"), fullPage: false });
    await item.getByRole("button", { name: "Approve the claim of HOPE ON THE RISE INC" }).click();
    await expect(reviews.getByRole("listitem").filter({ hasText: "HOPE ON THE RISE INC" })).toHaveCount(0);
    await admin.close();

    await page.goto("/dashboard/claim");
    await expect(page.getByText(/Your claim is verified/)).toBeVisible();
  });
});
