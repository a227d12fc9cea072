import { expect, type Page } from "@playwright/test";
import { fillAccountFields, uniqueEmail, test, verifyClaimByEmail } from "./fixtures";

/** TOWN HALL THEATER INC, Middlebury VT: a real Vermont EIN no other spec claims. */
const EIN = "03-0358794";
const NAME = "TOWN HALL THEATER INC";

async function claimOrganization(page: Page): Promise<string> {
  await page.goto("/signup/nonprofit");
  await page.getByLabel("EIN (Employer Identification Number)").fill(EIN);
  await page.getByRole("button", { name: "Find my organization" }).click();
  await expect(page.getByText(NAME, { exact: true })).toBeVisible();
  const email = uniqueEmail("np-profile");
  await fillAccountFields(page, { firstName: "Theo", lastName: "Stage", email });
  await page.getByRole("button", { name: new RegExp(`^Claim ${NAME}`) }).click();
  await expect(page).toHaveURL(/\/signup-thankyou\/nonprofit$/);
  const res = await page.request.get("/api/getNonprofit");
  expect(res.status()).toBe(200);
  const organizationId = ((await res.json()) as { nonprofit: { _id: string } }).nonprofit._id;
  // Edits go live (and a nickname can be chosen) once the claim is verified.
  await verifyClaimByEmail(page, email);
  return organizationId;
}

test.describe("nonprofit public profile editing", () => {
  test("the owner edits general info in place, cancels, saves, picks a nickname; a bad contact email is refused", async ({ page, request }) => {
    test.setTimeout(120_000);
    const organizationId = await claimOrganization(page);
    await page.goto(`/nonprofit/${organizationId}`);
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    const info = page.getByTestId("general-info");
    await expect(info).toContainText(/MIDDLEBURY/i);

    // Edit, then Cancel: the edit is discarded, on screen and on the server.
    await page.getByRole("button", { name: "Edit general information" }).click();
    // Names are shown in title case (the IRS legal name stays on the profile).
    await expect(info.getByLabel("Organization name")).toHaveValue(new RegExp(`^${NAME}$`, "i"));
    await info.getByLabel("City").fill("Cancelled Town");
    await info.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit general information" })).toBeFocused();
    await expect(info).not.toContainText("Cancelled Town");
    await page.reload();
    await expect(info).toContainText(/MIDDLEBURY/i);
    await expect(info).not.toContainText("Cancelled Town");

    // A bad contact email shows the spec's alert and saves nothing; so does a mismatch.
    await page.getByRole("button", { name: "Edit general information" }).click();
    await info.getByLabel("Contact email", { exact: true }).fill("not-an-email");
    await info.getByLabel("Confirm contact email").fill("not-an-email");
    await info.getByRole("button", { name: "Save", exact: true }).click();
    await expect(info.getByRole("alert").filter({ hasText: "valid email" })).toHaveText("Please enter a valid email address");
    await info.getByLabel("Contact email", { exact: true }).fill("box-office@example.org");
    await info.getByLabel("Confirm contact email").fill("boxoffice@example.org");
    await info.getByRole("button", { name: "Save", exact: true }).click();
    await expect(info.getByRole("alert").filter({ hasText: "must match" })).toHaveText("Email address and confirmation must match");

    // Fix it and save the other fields: back to the default view with the new values, kept after a reload.
    await info.getByLabel("Confirm contact email").fill("box-office@example.org");
    await info.getByLabel("Phone", { exact: true }).fill("8025550142");
    await info.getByLabel("Address line 2").fill("Stage door, Suite 9");
    await info.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Edit general information" })).toBeVisible();
    await expect(info).toContainText("Stage door, Suite 9");
    await page.reload();
    await expect(info).toContainText("Stage door, Suite 9");
    await expect(info).toContainText("8025550142");
    await expect(info).toContainText("box-office@example.org");

    // The profile is the cached page everyone gets: its HTML has no owner tools. They arrive
    // once the page's code has run and asked for the owner's view (app/(public)/(site)/_components).
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    const isScript = (url: URL) => url.pathname.startsWith("/_next/static/chunks/") && url.pathname.endsWith(".js");
    await page.route(isScript, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.reload({ waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByLabel("Nickname")).toHaveCount(0);
    releaseScripts();
    // A nickname gives a short public URL that opens the same profile.
    const nickname = `town-hall-${Date.now().toString(36)}`;
    await page.getByLabel("Nickname").fill(nickname);
    await expect(page.getByText("This name is available.")).toBeVisible();
    await page.getByRole("button", { name: "Save nickname" }).click();
    await expect(page.getByRole("link", { name: new RegExp(`/nonprofit/${nickname}$`) })).toBeVisible();
    await page.getByLabel("Nickname").fill("events");
    await expect(page.getByText("This name is reserved. Please choose another one.")).toBeVisible();
    await page.goto(`/nonprofit/${nickname}`);
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();

    // Hide it: anyone else now gets "not found", while the owner, coming back, still gets the
    // profile with its tools, and goes live again.
    await page.getByRole("button", { name: "Hide profile" }).click();
    await expect(page.getByTestId("live-status")).toHaveText("Hidden: only you can see your profile.");
    await expect.poll(async () => (await request.get(`/nonprofit/${nickname}`)).status()).toBe(404);
    await page.reload();
    await expect(page.getByTestId("live-status")).toHaveText("Hidden: only you can see your profile.");
    await expect(page.getByText("Only you can see this profile")).toBeVisible();
    await page.getByRole("button", { name: "Go live" }).click();
    await expect(page.getByTestId("live-status")).toHaveText("Live: everybody can see your profile.");
  });
});
