/**
 * Peer-to-peer fundraising as people use it, in Chromium: from the demo food shelf's Winter
 * Pantry Drive (supporter pages on), a visitor starts their own page, signs up in the middle
 * without losing what they typed, and gets a live page; a second supporter starts a team and
 * the first joins it; guests give on each page through the normal checkout; the pages, the
 * team and the fundraiser's leaderboards agree to the cent; at 360 and 1280 px nothing
 * overflows. Screenshots of the supporter page and the leaderboard are kept as test output.
 */
import { randomUUID } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { claimOrganization, connectSandboxPayments, fillAccountFields, hydrated, signUpDonor, solvedCheckoutChallenge, test, uniqueEmail } from "./fixtures";

/** The demo fundraiser that welcomes supporter pages. */
async function pantryDrive(page: Page): Promise<{ id: string; organizationId: string }> {
  const res = await page.request.get("/api/find/campaigns/active?showAll=true");
  const { campaigns: fundraisers } = (await res.json()) as { campaigns: { _id: string; name: string; organization: { _id: string } }[] };
  const hit = fundraisers.find((c) => c.name === "Winter Pantry Drive")!;
  return { id: hit._id, organizationId: hit.organization._id };
}

/** A guest's sandbox card gift of `amount` dollars (a preset) from the page they are on. */
async function giveAsGuestFrom(browser: Browser, pagePath: string, amount: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pagePath);
  await page.getByRole("link", { name: "Donate" }).click();
  await expect(page.getByTestId("giving-on-page")).toBeVisible();
  await hydrated(page); // not about timing: the guest's challenge is solved by the form's code
  await page.getByRole("radio", { name: `$${amount}`, exact: true }).click();
  await page.getByRole("textbox", { name: /^Full name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("p2p-guest"));
  // The guest shares their name (and only it): it shows as "First L." on the page.
  const shareName = page.getByRole("checkbox", { name: "Name", exact: true });
  if (!(await shareName.isChecked())) await shareName.check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: new RegExp(`^Donate \\$${amount}\\.00$`) }).click();
  await expect(page).toHaveURL(/\/thankyou\?/);
  await context.close();
}

/** The page's content is no wider than the window. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe("peer-to-peer fundraising", () => {
  test("a supporter starts a page (signing up midway), another starts a team the first joins, guests give, and the leaderboards agree", async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const drive = await pantryDrive(page);

    // 1. A visitor starts a page from the fundraiser, is asked to sign in, signs up instead, and comes back to the draft.
    await page.goto(`/fundraiser/${drive.id}`);
    await page.getByRole("link", { name: "Start your own fundraiser" }).click();
    await expect(page).toHaveURL(new RegExp(`/fundraiser/${drive.id}/start$`));
    await hydrated(page); // not about timing: the draft is kept by the form's code
    await expect(page.getByLabel(/^Your goal/)).toHaveValue("250");
    await page.getByLabel(/^Page title/).fill("Ana runs for the pantry");
    await page.getByLabel(/^Your goal/).fill("300");
    await page.getByRole("button", { name: "Continue: sign in to create my page" }).click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup\/individual\?callbackUrl=/);
    await hydrated(page);
    await fillAccountFields(page, { firstName: "Ana", lastName: "Runner", email: uniqueEmail("p2p-ana") });
    await page.getByRole("button", { name: "Create donor account" }).click();
    await expect(page).toHaveURL(new RegExp(`/fundraiser/${drive.id}/start$`));
    await expect(page.getByText("We kept what you typed.")).toBeVisible();
    await expect(page.getByLabel(/^Page title/)).toHaveValue("Ana runs for the pantry");
    await expect(page.getByLabel(/^Your goal/)).toHaveValue("300");
    await page.getByRole("button", { name: "Create my page" }).click();
    await expect(page).toHaveURL(/\/fundraising-pages\/[^/?]+\?created=1$/);
    await expect(page.getByText("Your page is live!")).toBeVisible();
    const anaManage = page.url().replace(/\?.*$/, "");
    const anaPath = new URL((await page.getByRole("link", { name: /\/fundraiser\/.+\/p\/ana-runs-for-the-pantry/ }).getAttribute("href"))!, page.url()).pathname;
    expect(anaPath).toBe(`/fundraiser/${drive.id}/p/ana-runs-for-the-pantry`);

    // 2. A second supporter starts a page with a new team.
    const ben = await browser.newContext();
    const benPage = await ben.newPage();
    await signUpDonor(benPage, { firstName: "Ben", lastName: "Captain", email: uniqueEmail("p2p-ben") });
    await benPage.goto(`/fundraiser/${drive.id}/start`);
    await hydrated(benPage);
    await benPage.getByLabel(/^Page title/).fill("Ben's pantry push");
    await benPage.getByRole("radio", { name: "Create a team and be its captain" }).check();
    await benPage.getByLabel(/^Team name/).fill("Pantry Pacers");
    await benPage.getByLabel(/^Team goal/).fill("1,000");
    await benPage.getByRole("button", { name: "Create my page" }).click();
    await expect(benPage.getByText("Your page is live!")).toBeVisible();
    await expect(benPage.getByRole("link", { name: /Team Pantry Pacers \(you are its captain\)/ })).toBeVisible();
    await ben.close();

    // 3. The first supporter joins that team from their page's editor.
    await page.goto(anaManage);
    await hydrated(page);
    await page.getByRole("radio", { name: "Join another team" }).check();
    await page.getByLabel("Team to join").selectOption({ label: "Pantry Pacers" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your page was saved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Team Pantry Pacers" })).toBeVisible();

    // 4. Guests give on each page through the normal checkout.
    await giveAsGuestFrom(browser, anaPath, "25", "Gwen Guest");
    await giveAsGuestFrom(browser, `/fundraiser/${drive.id}/p/ben-s-pantry-push`, "50", "Hal Helper");

    // 5. The pages, the team and the fundraiser's leaderboard agree.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    await expect(async () => {
      await v.goto(anaPath);
      await expect(v.getByTestId("supporter-raised")).toHaveText("$25.00");
    }).toPass({ timeout: 10_000 });
    await expect(v.getByTestId("supporter-byline")).toContainText("Ana R. is raising money for");
    await expect(v.getByTestId("recent-supporters")).toContainText("Gwen G.");
    await v.screenshot({ path: testInfo.outputPath("supporter-page-1280.png"), fullPage: true });
    await v.setViewportSize({ width: 360, height: 740 });
    await v.reload();
    await fitsWidth(v, 360);
    await v.screenshot({ path: testInfo.outputPath("supporter-page-360.png"), fullPage: true });

    await v.getByTestId("supporter-team-link").click();
    await expect(v.getByRole("heading", { name: "Team Pantry Pacers" })).toBeVisible();
    await expect(v.getByTestId("team-raised")).toHaveText("$75.00");
    await expect(v.getByTestId("team-members").getByRole("listitem")).toHaveCount(2);
    await expect(v.getByTestId("team-members").getByRole("listitem").first()).toContainText("Ben's pantry push");
    await fitsWidth(v, 360);

    await v.setViewportSize({ width: 1280, height: 900 });
    await v.goto(`/fundraiser/${drive.id}`);
    const board = v.getByTestId("leaderboard-pages");
    await expect(board.getByRole("listitem").nth(0)).toContainText("Ben's pantry push");
    await expect(board.getByRole("listitem").nth(0)).toContainText("$50.00");
    await expect(board.getByRole("listitem").nth(1)).toContainText("Ana runs for the pantry");
    await expect(v.getByTestId("leaderboard-teams").getByRole("listitem").first()).toContainText("Pantry Pacers");
    await expect(v.getByTestId("leaderboard-teams").getByRole("listitem").first()).toContainText("$75.00");
    await v.getByTestId("supporter-fundraising").screenshot({ path: testInfo.outputPath("leaderboard-1280.png") });
    await v.setViewportSize({ width: 360, height: 740 });
    await v.reload();
    await fitsWidth(v, 360);
    await v.getByTestId("supporter-fundraising").screenshot({ path: testInfo.outputPath("leaderboard-360.png") });
    await visitor.close();

    // 6. The supporter sees the gift, with the donor's shared name only.
    await page.goto(anaManage);
    await expect(page.getByTestId("my-page-gifts")).toContainText("Gwen G.");
    await expect(page.getByTestId("my-page-totals")).toContainText("$25.00");
  });
});

/** WOODSTOCK SKI RUNNERS EDUCATIONAL PROGRAM INC, South Pomfret VT: a real Vermont EIN no other spec claims. */
const EIN = "23-7009384";
const NAME = "WOODSTOCK SKI RUNNERS EDUCATIONAL PROGRAM INC";

test.describe("a nonprofit runs a team 5K", () => {
  test("it turns supporter pages on, three supporters raise money (two in a team), guests give, it hides a page; pages, leaderboards and its CSV agree to the cent", async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Nia", lastName: "Director", email: uniqueEmail("p2p-np") });
    await connectSandboxPayments(page);
    await page.goto(`/nonprofit/${organizationId}?sec=fundraiser`);
    await hydrated(page);
    const createForm = page.locator("#fundraiser").getByRole("form", { name: "Create a fundraiser" });
    await createForm.getByLabel("Fundraiser name").fill("Turkey Trot 5K");
    await createForm.getByLabel("Goal (USD)").fill("5,000");
    await createForm.getByRole("button", { name: "Create fundraiser" }).click();
    await expect(page.locator("#fundraiser").getByTestId("fundraiser-item").filter({ hasText: "Turkey Trot 5K" })).toBeVisible();
    const { campaigns: fundraisers } = (await (await page.request.get(`/api/getNpCampaigns/${organizationId}`)).json()) as { campaigns: { _id: string; name: string }[] };
    const fundraiserId = fundraisers.find((c) => c.name === "Turkey Trot 5K")!._id;

    // Supporter pages on, with a suggested goal, from Manage Donations → Supporter pages.
    await page.goto("/manage-pay/supporter-pages");
    await hydrated(page);
    await page.getByRole("button", { name: "Supporter page settings of “Turkey Trot 5K”" }).click();
    await page.getByRole("switch", { name: "Supporters can start pages" }).check();
    await page.getByLabel("Suggested goal (USD)").fill("200");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Supporter fundraising settings saved.")).toBeVisible();

    // Three supporters, two of them in one team, each with a page (through the app's own calls).
    const supporters: { title: string; id: string; api: import("@playwright/test").APIRequestContext }[] = [];
    let teamId = "";
    for (const [first, title, team] of [["Ola", "Ola's trot", "create"], ["Pia", "Pia's trot", "join"], ["Quin", "Quin solo", "none"]] as const) {
      const context = await browser.newContext();
      const p = await context.newPage();
      await signUpDonor(p, { firstName: first, lastName: "Supporter", email: uniqueEmail(`p2p-${first.toLowerCase()}`) });
      const body = { title, goal: "200", team: team === "create" ? { mode: "create", name: "Hill Climbers", goal: "500" } : team === "join" ? { mode: "join", teamId } : { mode: "none" } };
      const res = await p.request.post(`/api/fundraisers/${fundraiserId}/supporter-pages`, { data: body });
      expect(res.status()).toBe(201);
      const created = (await res.json()) as { id: string; team: { id: string } | null };
      if (team === "create") teamId = created.team!.id;
      supporters.push({ title, id: created.id, api: p.request });
    }

    // Guests give on each page: $30.00, $20.50 and $12.34.
    const amounts = [3_000, 2_050, 1_234];
    for (const [i, s] of supporters.entries()) {
      const res = await page.request.post("/api/createPaymentIntent", {
        data: {
          idempotencyKey: randomUUID(),
          organizationId,
          campaignId: fundraiserId,
          supporterPageId: s.id,
          amountCents: amounts[i],
          name: `Guest Number${i}`,
          email: uniqueEmail("p2p-5k-guest"),
          share: { name: true, email: false, location: false, phone: false, gender: false, age: false },
          card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
          altcha: await solvedCheckoutChallenge(page.request),
        },
      });
      expect(res.status()).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe("succeeded");
    }

    // The fundraiser's total counts each gift once; the boards order the pages and the team.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    await expect(async () => {
      await v.goto(`/fundraiser/${fundraiserId}`);
      await expect(v.getByTestId("fundraiser-progress-card")).toContainText("$62.84");
    }).toPass({ timeout: 10_000 });
    const board = v.getByTestId("leaderboard-pages").getByRole("listitem");
    await expect(board).toHaveCount(3);
    await expect(board.nth(0)).toContainText("Ola's trot");
    await expect(board.nth(1)).toContainText("Pia's trot");
    await expect(board.nth(2)).toContainText("Quin solo");
    await expect(v.getByTestId("leaderboard-teams").getByRole("listitem").first()).toContainText("$50.50");

    // The organization hides one page: it answers 404; its gift stays in the fundraiser's total.
    await page.goto("/manage-pay/supporter-pages");
    await hydrated(page);
    await page.getByRole("button", { name: "Hide the page “Quin solo”" }).click();
    await expect(page.getByRole("button", { name: "Unhide the page “Quin solo”" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("supporter-pages-manage-1280.png"), fullPage: true });
    expect((await v.goto(`/fundraiser/${fundraiserId}/p/quin-solo`))!.status()).toBe(404);
    await expect(async () => {
      await v.goto(`/fundraiser/${fundraiserId}`);
      await expect(v.getByTestId("leaderboard-pages").getByRole("listitem")).toHaveCount(2);
    }).toPass({ timeout: 10_000 });
    await expect(v.getByTestId("fundraiser-progress-card")).toContainText("$62.84");
    await visitor.close();

    // The supporter-pages CSV: one row per page with what was raised, the email only when agreed.
    const csv = await (await page.request.get(`/api/organizations/${organizationId}/supporter-pages.csv`)).text();
    expect(csv.split(/\r?\n/)[0]).toBe("Page,Team,Supporter name,Supporter email,Goal USD,Raised USD,Gifts,Status,Page URL");
    expect(csv).toContain("Ola's trot,Hill Climbers,Ola Supporter,,200.00,30.00,1,");
    expect(csv).toContain("Quin solo,,Quin Supporter,,200.00,12.34,1,");

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await fitsWidth(page, 360);
    await page.screenshot({ path: testInfo.outputPath("supporter-pages-manage-360.png"), fullPage: true });
  });
});
