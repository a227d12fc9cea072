import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { claimOrganization, hydrated, PASSWORD, test, uniqueEmail, verifyClaimByEmail } from "./fixtures";

/**
 * Colleagues of a nonprofit are invited as members instead of sharing a password: while its claim
 * waits for verification the Members page says inviting must wait; once verified, a member
 * invites a colleague by email from the dashboard's Members page, the colleague opens the link
 * read from the outbox in a browser of their own, sees the organization's legal name and EIN,
 * creates an account and lands on the organization's dashboard; then the member removes them and
 * the colleague's session ends. At 360 px and 1280 px.
 * CLARA MARTIN CENTER INC, Vermont: an EIN no other spec claims.
 */
const EIN = "030220733";
const NAME = "CLARA MARTIN CENTER INC";

const outboxDir = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "outbox");

/** The invitation link mailed to `email`, read from the outbox (.eml, quoted-printable) as the colleague opens it from their inbox. */
async function invitationLinkFromOutbox(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
        for (const f of files) {
          if (!f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80))) continue;
          const raw = fs.readFileSync(path.join(outboxDir, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          link = raw.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0] ?? link;
        }
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return link!;
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a verified nonprofit invites a colleague, who accepts and sees the dashboard, then is removed (360 px and 1280 px)", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("np-members");
  await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Mara", lastName: "Member", email }, { verify: false });

  // While the claim waits for verification, nobody can be invited.
  await page.goto("/dashboard/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByText(/You can invite colleagues once your claim of this organization is verified/)).toBeVisible();
  await expect(page.getByLabel("Colleague's email")).toHaveCount(0);
  await verifyClaimByEmail(page, email);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Nonprofit dashboard" }).getByRole("link", { name: /Members/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/members$/);
    await hydrated(page);
    await noSidewaysScroll(page, width);

    const colleagueEmail = uniqueEmail(`colleague${width}`);
    await page.getByLabel("Colleague's email").fill(colleagueEmail);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status").filter({ hasText: `We sent an invitation to ${colleagueEmail}. The link works for 7 days.` })).toBeVisible();
    const waiting = page.getByRole("list", { name: "Invitations waiting" }).getByTestId("invitation").filter({ hasText: colleagueEmail });
    await expect(waiting).toContainText("Expires");
    await expect(page.getByRole("button", { name: `Revoke the invitation to ${colleagueEmail}` })).toBeVisible();
    // The same address again is refused with a sentence saying so.
    await page.getByLabel("Colleague's email").fill(colleagueEmail);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`${colleagueEmail} already has an invitation waiting.`, { exact: false })).toBeVisible();
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: testInfo.outputPath(`members-${width}.png`), fullPage: true });

    // The colleague, in a browser of their own, opens the mailed link.
    const link = await invitationLinkFromOutbox(colleagueEmail);
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 } });
    const colleague = await context.newPage();
    await colleague.goto(new URL(link).pathname);
    await expect(colleague.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    await expect(colleague.getByText("03-0220733")).toBeVisible();
    await expect(colleague.getByText(colleagueEmail)).toBeVisible();
    await hydrated(colleague);
    await noSidewaysScroll(colleague, width);
    await colleague.screenshot({ path: testInfo.outputPath(`invitation-${width}.png`), fullPage: true });
    await colleague.getByLabel("First name").fill("Cole");
    await colleague.getByLabel("Last name").fill(`League ${width}`);
    await colleague.getByLabel("Password").fill("short");
    await colleague.getByRole("button", { name: "Accept and create my account" }).click();
    await expect(colleague.getByText("Password too short")).toBeVisible();
    await colleague.getByLabel("Password").fill(PASSWORD);
    await colleague.getByRole("button", { name: "Accept and create my account" }).click();
    await expect(colleague).toHaveURL(/\/dashboard$/);
    await expect(colleague.getByText("Nonprofit dashboard")).toBeVisible();
    await expect(colleague.getByText(`Legal name: ${NAME}, EIN 03-0220733`)).toBeVisible();
    // The link works once.
    await colleague.goto(new URL(link).pathname);
    await expect(colleague.getByText("This invitation was already accepted.", { exact: false })).toBeVisible();

    // The member sees the colleague among the members and removes them.
    await page.reload();
    await hydrated(page);
    const row = page.getByRole("list", { name: "Members" }).getByTestId("member").filter({ hasText: colleagueEmail });
    await expect(row).toContainText(`Cole League ${width}`);
    await expect(row).toContainText("Member since");
    await expect(page.getByRole("list", { name: "Invitations waiting" }).getByText(colleagueEmail)).toHaveCount(0);
    await row.getByRole("button", { name: `Remove Cole League ${width}` }).click();
    await row.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Cole League ${width} no longer acts for this organization.` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Members" }).getByText(colleagueEmail)).toHaveCount(0);
    await noSidewaysScroll(page, width);

    // The colleague's session has ended.
    await colleague.goto("/dashboard");
    await expect(colleague).toHaveURL(/\/login/);
    await context.close();
  }

  // The only member left cannot remove themselves: a plain sentence says why.
  await page.getByRole("button", { name: /^Remove yourself/ }).click();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText("You cannot remove the last member of a verified organization.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/members$/);
});
