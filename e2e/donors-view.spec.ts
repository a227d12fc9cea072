import { expect } from "@playwright/test";
import { claimOrganization, hydrated, uniqueEmail, test } from "./fixtures";

/**
 * A nonprofit's Donors view: two gifts it recorded offline (one this year with the donor's
 * email, one last year with a name only) make two donors, counted in the segments in the
 * organization's time zone; search and "gave at least" narrow the list; a private note and tags
 * are saved on the donor's page and shown in the list and the CSV. On a phone (360 px: stacked
 * cards) and a desktop (1280 px: a table). THE FOLD INC, Vermont: an EIN no other spec claims.
 */
const EIN = "030221341";
const NAME = "THE FOLD INC";
const SHOTS = process.env.DONORS_SHOTS_DIR;

test("a nonprofit sees its donors with segment counts, searches, filters, tags a donor and downloads the CSV", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Dee", lastName: "Onor", email: uniqueEmail("np-donors") });
  const origin = new URL(page.url()).origin;
  const thisYear = Number(new Date().toISOString().slice(0, 4));
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const record = async (gift: Record<string, unknown>) => {
    const res = await page.request.post(`/api/organizations/${organizationId}/offline-gifts`, { data: gift, headers: { origin } });
    expect(res.status()).toBe(201);
  };
  await record({ method: "check", checkNumber: "501", amountCents: 12_500, receivedOn: yesterday, donorName: "Olive Offline", donorEmail: "olive.offline@example.org", donorConsent: true });
  await record({ method: "cash", amountCents: 30_000, receivedOn: `${thisYear - 1}-06-01`, donorName: "Pat Prior" });

  // From Manage Donations to its Donors tab, on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/manage-pay");
  await page.getByRole("navigation", { name: "Manage Donations sections" }).getByRole("link", { name: "Donors" }).click();
  await expect(page).toHaveURL(/\/manage-pay\/donors$/);
  await expect(page.getByRole("heading", { level: 1, name: "Donors" })).toBeVisible();
  await expect(page.getByTestId("segment-count-all")).toHaveText("2");
  await expect(page.getByTestId("segment-count-new")).toHaveText(/^[12]$/); // Olive; Pat too when run in January of a zone behind UTC
  await expect(page.getByTestId("segment-count-lybunt")).toHaveText(/^[01]$/);
  await expect(page.getByTestId("donor-cards").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("donor-table")).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("donors-360.png"), fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/donors-360.png`, fullPage: true });

  // On a desktop the same donors are a table, largest lifetime giving first.
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.getByTestId("donor-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").nth(1)).toContainText("Pat Prior");
  await expect(table.getByRole("row").nth(1)).toContainText("$300.00");
  await page.screenshot({ path: testInfo.outputPath("donors-1280.png"), fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/donors-1280.png`, fullPage: true });

  // Search by email, case-insensitive.
  await page.getByLabel("Search by name or email").fill("OLIVE.OFFLINE@");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("donor-count")).toHaveText(/^1 donor match/);
  // Gave at least $200: Pat only.
  await page.goto("/manage-pay/donors?min=200");
  await expect(page.getByTestId("donor-count")).toContainText("1 donor match");
  await expect(page.getByLabel("Gave at least ($)")).toHaveValue("200.00");

  // The donor's page: gifts, then a private note and tags.
  await page.goto("/manage-pay/donors");
  await table.getByRole("link", { name: "Olive Offline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Olive Offline" })).toBeVisible();
  await expect(page.getByTestId("donor-gifts")).toContainText("Offline: Check");
  await expect(page.getByTestId("donor-lifetime")).toHaveText("$125.00");
  await hydrated(page);
  await page.getByLabel("Note", { exact: true }).fill("Sent a check every fall.");
  await page.getByLabel("Tags", { exact: true }).fill("board, gala");
  await page.getByRole("button", { name: "Save note and tags" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note and tags saved." })).toBeVisible();
  // The summary shows the saved tags without a reload.
  await expect(page.getByRole("region", { name: "Summary" }).getByRole("list", { name: "Tags" })).toHaveText(/board\s*gala/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/donor-page-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/donor-page-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/manage-pay/donors");
  await expect(table.getByRole("row").filter({ hasText: "Olive Offline" }).getByRole("list", { name: "Tags" })).toContainText("board");

  // The CSV: the same donors with the tags, never the note.
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Olive Offline,olive.offline@example.org,125.00,1");
  expect(text).toContain("board; gala");
  expect(text).not.toContain("Sent a check");
});
