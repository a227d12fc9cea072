import { expect } from "@playwright/test";
import { PASSWORD, login, logout, signUpDonor, uniqueEmail, fillAccountFields, test } from "./fixtures";

test.describe("accounts", () => {
  test("a donor signs up, logs out, logs in and sees the donor dashboard", async ({ page }) => {
    const email = uniqueEmail("donor");
    await signUpDonor(page, { firstName: "Dana", lastName: "Donor", email });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dana Donor" })).toBeVisible();
    await expect(page.getByText("Donor dashboard")).toBeVisible();

    await logout(page);
    const stored = await page.evaluate(() => [localStorage.getItem("signin"), localStorage.getItem("org")]);
    expect(stored).toEqual([null, null]);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard/);

    await login(page, email);
    await expect(page.getByRole("heading", { level: 1, name: "Dana Donor" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Donor dashboard" });
    for (const tile of ["Home Page", "Search Charities", "Donation History", "Edit My Profile", "Account Settings", "More+"]) {
      await expect(nav.getByText(tile, { exact: true })).toBeVisible();
    }
  });

  test("a wrong password gets one generic message and a duplicate email a clear one", async ({ page }) => {
    const email = uniqueEmail("dup");
    await signUpDonor(page, { firstName: "Ann", lastName: "Twice", email });
    await logout(page);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "incorrect" })).toHaveText("The email or password is incorrect.");

    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "incorrect" })).toHaveText("The email or password is incorrect.");

    await page.goto("/signup/individual");
    await fillAccountFields(page, { firstName: "Ann", lastName: "Again", email: email.toUpperCase(), password: PASSWORD });
    await page.getByRole("button", { name: "Create donor account" }).click();
    await expect(page.getByText("An account with this email already exists. Log in or use another email.")).toBeVisible();
    await expect(page).toHaveURL(/\/signup\/individual$/);
  });

  test("sign-up shows the spec's password messages", async ({ page }) => {
    await page.goto("/signup/individual");
    await fillAccountFields(page, { firstName: "Pat", lastName: "Short", email: uniqueEmail("pw"), password: "abc" });
    await page.getByRole("button", { name: "Create donor account" }).click();
    await expect(page.getByText("Password too short")).toBeVisible();
    await page.getByLabel("Password", { exact: false }).first().fill("abcdefghijk");
    await page.getByRole("button", { name: "Create donor account" }).click();
    await expect(page.getByText("Password does not contain a number")).toBeVisible();
  });

  test("a nonprofit claims a real Vermont EIN and sees the nonprofit dashboard", async ({ page }) => {
    await page.goto("/signup/nonprofit");
    await page.getByLabel("EIN (Employer Identification Number)").fill("03-0330441");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText("ARLINGTON FOOD SHELF INC", { exact: true })).toBeVisible();
    await fillAccountFields(page, { firstName: "Nora", lastName: "Profit", email: uniqueEmail("np") });
    await page.getByRole("button", { name: /^Claim ARLINGTON FOOD SHELF INC/ }).click();
    await expect(page).toHaveURL(/\/signup-thankyou\/nonprofit$/);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "ARLINGTON FOOD SHELF INC" })).toBeVisible();
    await expect(page.getByText("Nonprofit dashboard")).toBeVisible();
    await expect(page.getByText("Currently you do not have any campaigns running.")).toBeVisible();

    // The EIN is now claimed: a second sign-up is told so.
    await logout(page);
    await page.goto("/signup/nonprofit?ein=030330441");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText("This organization has already been claimed.", { exact: false })).toBeVisible();
  });

  test("an EIN missing from the directory offers registration without an EIN", async ({ page }) => {
    await page.goto("/signup/nonprofit");
    await page.getByLabel("EIN (Employer Identification Number)").fill("99-9999999");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText("We could not find this EIN in the IRS directory.", { exact: false })).toBeVisible();
    await page.getByLabel("EIN (Employer Identification Number)").fill("12-34");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText("An EIN has 9 digits, for example 12-3456789.")).toBeVisible();
  });
});
