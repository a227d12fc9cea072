import { expect } from "@playwright/test";
import { test } from "./fixtures";

test.describe("shell and directory", () => {
  test("unknown paths and /404 show the not-found page", async ({ page }) => {
    const res = await page.goto("/this/path/does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: /page not found/i })).toBeVisible();
    await page.goto("/404");
    await expect(page.getByRole("heading", { name: /page not found/i })).toBeVisible();
  });

  test("the navigation search box goes to /search and finds Vermont organizations by name", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("banner").getByPlaceholder("Search by cause or location").filter({ visible: true }).first();
    await box.fill("north country hospital");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?queryString=north(\+|%20)country(\+|%20)hospital&searchCategory=NonProfits/);
    // No top bar on /search: its own header instead.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    const result = page.getByRole("link", { name: /North Country Hospital/i }).first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/nonprofit\//);
    await expect(page.getByRole("heading", { level: 1, name: /North Country Hospital/i })).toBeVisible();
    await expect(page.getByText("EIN 03-0185556").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Claim this organization" })).toHaveAttribute("href", "/signup/nonprofit?ein=030185556");
  });

  test("/search with no parameters redirects to an empty NonProfits search", async ({ page }) => {
    await page.goto("/search");
    await expect(page).toHaveURL(/\/search\?queryString=&searchCategory=NonProfits$/);
  });

  test("below 800 px a drawer with mutually exclusive accordion groups replaces the dropdowns", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    // The groups are native disclosures (<summary>, announced as buttons; no ARIA role to query).
    const group = (name: string) => drawer.locator("summary").filter({ hasText: new RegExp(`^${name}$`) });
    for (const name of ["Explore", "For Donors", "For Charities", "About", "Resources"]) {
      await expect(group(name)).toBeVisible();
    }
    await group("For Donors").click();
    await expect(drawer.getByRole("link", { name: "Purpose Match" })).toBeVisible();
    await group("About").click();
    await expect(drawer.getByRole("link", { name: "Testimonials" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Purpose Match" })).toBeHidden();
    await expect(drawer.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  test("the menus open from the keyboard on first use and give the focus back on Escape", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "For Charities" });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "How It Works" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Grant Central" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/about");
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test("desktop dropdowns close on an outside click", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "For Charities" }).click();
    await expect(page.getByRole("menuitem", { name: "Grant Central" })).toBeVisible();
    await page.mouse.click(5, 600);
    await expect(page.getByRole("menuitem", { name: "Grant Central" })).toBeHidden();
  });
});
