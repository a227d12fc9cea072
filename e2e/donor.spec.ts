/**
 * The donor account end to end: profile and privacy preferences, account settings with the
 * section 5 messages and the server password check, donation history with a sandbox gift
 * and its receipt, the year-end statement, and volunteer hours verified by the nonprofit.
 */
import fs from "node:fs";
import { expect, type Browser, type Page } from "@playwright/test";
import { connectSandboxPayments, fillAccountFields, login, PASSWORD, signUpDonor, uniqueEmail, test, verifyClaimByEmail } from "./fixtures";

const EIN = "030175015";
const ORG_NAME = "BRADFORD CEMETERY ASSOCIATION";
const year = new Date().getUTCFullYear();

test.describe.configure({ mode: "serial" });

const donorEmail = uniqueEmail("donor6");
let donorPassword = PASSWORD;
const npEmail = uniqueEmail("np6");
let donorId = "";

async function openDashboard(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dana Giver" })).toBeVisible();
  const href = await page.getByRole("link", { name: /Donation History/ }).getAttribute("href");
  donorId = href!.split("/").pop()!;
}

async function asNonprofit(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

test.describe("donor account", () => {
  test("edit profile: 'other' gender with its text and sharing only email; phone rules block Save", async ({ page }) => {
    await signUpDonor(page, { firstName: "Dana", lastName: "Giver", email: donorEmail });
    await openDashboard(page);
    // Hold the preferences response until the loading text has been seen.
    let release: () => void = () => undefined;
    const seen = new Promise<void>((r) => (release = r));
    await page.route("**/api/fetch/userPreferences/**", async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole("button", { name: /Edit My Profile/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit My Profile" });
    await expect(dialog.getByText("LOADING PREFERENCES...")).toBeVisible();
    release();
    await expect(dialog.getByLabel("First name")).toHaveValue("Dana");
    await expect(dialog.getByText("PREFERENCES")).toBeVisible();

    await dialog.getByRole("checkbox", { name: "Email", exact: true }).check();
    await expect(dialog.getByLabel("Your gender")).toHaveCount(0);
    await dialog.getByRole("combobox", { name: "Gender" }).selectOption("other");
    await dialog.getByLabel("Your gender").fill("Agender");
    await dialog.getByRole("combobox", { name: "Age" }).selectOption({ label: "35-54" });
    await dialog.getByRole("textbox", { name: "City", exact: true }).fill("Bradford");
    await dialog.getByRole("textbox", { name: "State", exact: true }).fill("VT");

    const save = dialog.getByRole("button", { name: "Save" });
    const phone = dialog.getByRole("textbox", { name: "Telephone" });
    for (const [value, message] of [
      ["12345", "Phone number too short"],
      ["80255 50142", "Phone number should not contains letters or space"],
      ["12345678901234", "Phone number is invalid"],
    ] as const) {
      await phone.fill(value);
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(save).toBeDisabled();
    }
    await phone.fill("8025550142");
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog).toBeHidden();

    await page.unroute("**/api/fetch/userPreferences/**");
    await page.getByRole("button", { name: /Edit My Profile/ }).click();
    const again = page.getByRole("dialog", { name: "Edit My Profile" });
    await expect(again.getByRole("checkbox", { name: "Email", exact: true })).toBeChecked();
    for (const other of ["Name", "Telephone", "Gender", "Age", "Location (city and state)"]) {
      await expect(again.getByRole("checkbox", { name: other, exact: true })).not.toBeChecked();
    }
    await expect(again.getByRole("combobox", { name: "Gender" })).toHaveValue("other");
    await expect(again.getByLabel("Your gender")).toHaveValue("Agender");
    await expect(again.getByRole("textbox", { name: "Telephone" })).toHaveValue("8025550142");
  });

  test("account settings: the password check, every section 5 message, the green check", async ({ page }) => {
    await login(page, donorEmail, donorPassword);
    await openDashboard(page);
    await page.getByRole("button", { name: /Account Settings/ }).click();
    const dialog = page.getByRole("dialog", { name: /Account Settings/ });
    await expect(dialog.getByLabel("Email")).toHaveValue(donorEmail);

    await dialog.getByRole("button", { name: "Change Password" }).click();
    const current = dialog.getByLabel("Current password");
    // The check runs once typing stops: assert no tick only after its answer came back.
    const checked = page.waitForResponse((res) => res.url().includes("/api/check/password/") && res.url().endsWith("wrong-password-1"));
    await current.fill("wrong-password-1");
    await checked;
    await expect(dialog.getByRole("img", { name: "Password matches" })).toHaveCount(0);
    await expect(dialog.getByLabel("New password")).toHaveCount(0);
    await current.fill(donorPassword);
    await expect(dialog.getByRole("img", { name: "Password matches" })).toBeVisible();
    await expect(dialog.getByLabel("New password")).toBeVisible();

    const email = dialog.getByLabel("Email");
    const phone = dialog.getByLabel("Phone number");
    const newPassword = dialog.getByLabel("New password");
    const saveButton = dialog.getByRole("button", { name: "Save" });
    await phone.fill("8025550142");
    await newPassword.fill("Givebridge-e2e-2");
    const cases: [typeof email, string, string][] = [
      [email, "", "Email cannot be empty"],
      [email, "not-an-email", "Invalid Format"],
      [phone, "", "Phone number cannot be empty"],
      [phone, "80255", "Phone number too short"],
      [phone, "12345678901234", "Phone number is invalid"],
      [phone, "80255501ab", "Phone number should not contains letters"],
      [newPassword, "", "Password cannot be empty"],
      [newPassword, "short1", "Password too short"],
      [newPassword, "longpassword", "Password does not contain a number"],
      [newPassword, "a1".repeat(21), "Password too long"],
    ];
    for (const [field, value, message] of cases) {
      const before = await field.inputValue();
      await field.fill(value);
      await saveButton.click();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      await expect(dialog.getByText("Invalid Entry", { exact: true })).toBeVisible();
      await field.fill(before);
    }
    await expect(dialog.getByRole("img", { name: "Saved" })).toHaveCount(0);

    // Closing resets validation.
    await email.fill("");
    await saveButton.click();
    await expect(dialog.getByText("Email cannot be empty")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: /Account Settings/ }).click();
    const reopened = page.getByRole("dialog", { name: /Account Settings/ });
    await expect(reopened.getByText("Email cannot be empty")).toHaveCount(0);
    await expect(reopened.getByText("Invalid Entry")).toHaveCount(0);

    // A valid save: green check beside the title and the stored email updated.
    const newEmail = uniqueEmail("donor6new");
    await reopened.getByLabel("Email").fill(newEmail);
    await reopened.getByLabel("Phone number").fill("8025550142");
    await reopened.getByRole("button", { name: "Change Password" }).click();
    await reopened.getByLabel("Current password").fill(donorPassword);
    await expect(reopened.getByRole("img", { name: "Password matches" })).toBeVisible();
    await reopened.getByLabel("New password").fill("Givebridge-e2e-2");
    await reopened.getByRole("button", { name: "Save" }).click();
    await expect(reopened.getByRole("img", { name: "Saved" })).toBeVisible();
    // The new address waits for the link sent to it; the old one stays in force.
    await expect(reopened.getByText("We sent a link to your new email address. Your email changes when you open it.")).toBeVisible();
    donorPassword = "Givebridge-e2e-2";
    await reopened.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: /Account Settings/ }).click();
    await expect(page.getByRole("dialog", { name: /Account Settings/ }).getByLabel("Email")).toHaveValue(donorEmail);
    await expect(page.getByRole("dialog", { name: /Account Settings/ }).getByLabel("Phone number")).toHaveValue("8025550142");
  });

  test("account settings: a number typed before the saved one arrives is kept and saved", async ({ page }) => {
    await login(page, donorEmail, donorPassword);
    await openDashboard(page);
    // The saved number answers late (a slow network): it must not replace what the person typed.
    let answer!: () => void;
    const late = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/find/user/phoneNumber/**", async (route) => {
      await late;
      await route.continue();
    });
    await page.getByRole("button", { name: /Account Settings/ }).click();
    const dialog = page.getByRole("dialog", { name: /Account Settings/ });
    const phone = dialog.getByLabel("Phone number");
    await phone.fill("8025550199");
    const arrived = page.waitForResponse((res) => res.url().includes("/api/find/user/phoneNumber/"));
    answer();
    await arrived;
    await expect(phone).toHaveValue("8025550199");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("img", { name: "Saved" })).toBeVisible();
    await page.unroute("**/api/find/user/phoneNumber/**");
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: /Account Settings/ }).click();
    await expect(page.getByRole("dialog", { name: /Account Settings/ }).getByLabel("Phone number")).toHaveValue("8025550199");
  });

  test("history lists a sandbox gift with its receipt; the year-end statement downloads", async ({ page, browser }) => {
    // The nonprofit claims its directory entry so that it can take gifts and review hours.
    const np = await asNonprofit(browser);
    await np.page.goto(`/signup/nonprofit?ein=${EIN}`);
    await np.page.getByRole("button", { name: "Find my organization" }).click();
    await expect(np.page.getByText(ORG_NAME, { exact: true })).toBeVisible();
    await fillAccountFields(np.page, { firstName: "Nico", lastName: "Profit", email: npEmail });
    await np.page.getByRole("button", { name: new RegExp(`^Claim ${ORG_NAME}`) }).click();
    await expect(np.page).toHaveURL(/\/signup-thankyou\/nonprofit$/);
    // A claimed organization receives gifts once its claim is verified and it is connected to payouts (sandbox here).
    await verifyClaimByEmail(np.page, npEmail);
    await connectSandboxPayments(np.page);
    await np.context.close();

    const lookup = await page.request.get(`/api/find/nonprofitExists/${EIN}`);
    const organizationId = ((await lookup.json()) as { organization: { _id: string } }).organization._id;

    await login(page, donorEmail, donorPassword);
    await openDashboard(page);
    await page.goto(`/donation/${organizationId}/direct`);
    await page.getByPlaceholder("Other").fill("25");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Donate/ }).click();
    await expect(page).toHaveURL(/\/thankyou/, { timeout: 20_000 });

    await page.goto(`/donor/${donorId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Donation History" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: ORG_NAME });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Direct Donation");
    await expect(row).toContainText("$25.00");
    await expect(row).toContainText("Completed");
    const receipt = row.getByRole("link", { name: /Receipt PDF/ });
    const receiptHref = await receipt.getAttribute("href");
    const receiptRes = await page.request.get(receiptHref!);
    expect(receiptRes.status()).toBe(200);
    expect(receiptRes.headers()["content-type"]).toContain("application/pdf");

    await page.getByLabel("Tax year").selectOption(String(year));
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`giving-statement-${year}.pdf`);
    expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe("%PDF-");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe(`giving-statement-${year}.csv`);
    const text = fs.readFileSync((await csv.path())!, "utf8");
    expect(text).toContain(ORG_NAME);
    expect(text).toMatch(/Total,,,,,25\.00/);

    // Nobody else sees this history.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signUpDonor(otherPage, { firstName: "Olly", lastName: "Other", email: uniqueEmail("other6") });
    // The page streams, so the not-found screen arrives with status 200: check what is shown.
    await otherPage.goto(`/donor/${donorId}`);
    await expect(otherPage.getByRole("heading", { level: 1, name: "Donation History" })).toHaveCount(0);
    await expect(otherPage.getByText(ORG_NAME)).toHaveCount(0);
    // ...only the public donor page: reward level and badges, no amounts.
    await expect(otherPage.getByRole("heading", { name: "Reward level" })).toBeVisible();
    await expect(otherPage.getByText("First Gift")).toBeVisible();
    await expect(otherPage.getByText("$25.00")).toHaveCount(0);
    const api = await otherPage.request.get(`/api/donor/${donorId}/statement?year=${year}&format=csv`);
    expect(api.status()).toBe(404);
    await other.close();
  });

  test("logged volunteer hours become verified after the nonprofit verifies them", async ({ page, browser }) => {
    await login(page, donorEmail, donorPassword);
    await openDashboard(page);
    const form = page.getByRole("form", { name: "Log volunteer hours" });
    await form.getByLabel("Organization").fill("Bradford Cemetery");
    await form.getByRole("button", { name: "Find" }).click();
    await form.getByRole("button", { name: new RegExp(ORG_NAME, "i") }).first().click();
    await form.getByLabel("Hours").fill("2.5");
    await form.getByLabel("What you did").fill("Mowed and raked the grounds");
    await form.getByRole("button", { name: "Log hours" }).click();
    const entry = page.getByRole("list", { name: "Logged hours" }).getByRole("listitem").filter({ hasText: "Mowed and raked" });
    await expect(entry).toContainText("Pending");

    const np = await asNonprofit(browser);
    await login(np.page, npEmail);
    const review = np.page.getByRole("list", { name: "Volunteer hours to review" }).getByRole("listitem").filter({ hasText: "Mowed and raked" });
    // The donor shares only email, so the nonprofit does not see the name.
    await expect(review).toContainText("A volunteer");
    await expect(review).not.toContainText("Dana");
    await review.getByRole("button", { name: "Verify" }).click();
    await expect(review).toContainText("Verified");
    await np.context.close();

    await page.reload();
    await expect(page.getByRole("list", { name: "Logged hours" }).getByRole("listitem").filter({ hasText: "Mowed and raked" })).toContainText("Verified");
    await expect(page.getByTestId("summary-verified")).toHaveText("2.5");
  });
});
