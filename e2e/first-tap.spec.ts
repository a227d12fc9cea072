/**
 * Pages answer the first tap. On a 360 x 740 screen each public page is used as soon as its
 * HTML arrives, as a person on a phone does: the menu opens, an amount is chosen, a query is
 * typed, a form is filled in. Every page is opened several times; in half of the rounds the build's scripts are held
 * back until after the tap, so the tap surely comes before the page's code runs, and the other
 * rounds race the code as it loads. Once the code has run, what the tap did is still there and
 * is what the page's code works with.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { demoFundraiser, fillAccountFields, hydrated, test, uniqueEmail } from "./fixtures";

/** How many times each page is opened: ten taps in a row must all take effect. */
const ROUNDS = 10;

test.use({ viewport: { width: 360, height: 740 } });

/** The first demo fundraiser and its organization. */
async function activeFundraiser(request: APIRequestContext): Promise<{ orgId: string; fundraiserId: string }> {
  const hit = await demoFundraiser(request);
  return { orgId: hit.organization._id, fundraiserId: hit._id };
}

/**
 * Opens `path` without waiting for anything but the response, runs `tap`, then lets the page's
 * code run and runs `after`. With `holdCode`, the build's scripts are not answered before `tap`
 * is done.
 */
async function tapAtOnce(page: Page, path: string, holdCode: boolean, tap: () => Promise<void>, after: () => Promise<void>): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isBuildScript = (url: URL) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js");
  const hold = async (route: import("@playwright/test").Route) => {
    await held;
    await route.continue().catch(() => {}); // the page may have moved on
  };
  if (holdCode) await page.route(isBuildScript, hold);
  try {
    await page.goto(path, { waitUntil: "commit" });
    await tap();
    if (holdCode) {
      const runs = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
      expect(runs, `${path}: the tap came before the page's code ran`).toBe(false);
    }
  } finally {
    release();
    if (holdCode) await page.unroute(isBuildScript, hold);
  }
  await hydrated(page);
  await after();
}

test.describe("the first tap", () => {
  test("the menu opens at once on every public page with a top bar", async ({ page, request }) => {
    test.setTimeout(120_000); // 25 page loads, each also waited on to hydrate
    const { orgId, fundraiserId } = await activeFundraiser(request);
    const menu = page.getByRole("dialog", { name: "Menu" });
    for (const path of ["/", "/about", `/fundraiser/${fundraiserId}`, `/nonprofit/${orgId}`, `/donation/${orgId}/${fundraiserId}`]) {
      for (let round = 0; round < ROUNDS; round++) {
        await tapAtOnce(
          page,
          path,
          round % 2 === 0,
          async () => {
            await page.getByRole("button", { name: "Open menu" }).click();
            await expect(menu, `${path}, round ${round + 1}`).toBeVisible();
          },
          async () => {
            await expect(menu, `${path}, round ${round + 1}: still open once the code runs`).toBeVisible();
            await page.keyboard.press("Escape");
            await expect(menu).toBeHidden();
          },
        );
      }
    }
  });

  test("an amount is chosen at once on the donate page, and the gift is that amount", async ({ page, request }) => {
    const { orgId, fundraiserId } = await activeFundraiser(request);
    const path = `/donation/${orgId}/${fundraiserId}`;
    const amounts = page.getByRole("radiogroup", { name: "Preset amounts" });
    for (let round = 0; round < ROUNDS; round++) {
      await tapAtOnce(
        page,
        path,
        round % 2 === 0,
        async () => {
          await amounts.getByRole("radio", { name: "$50", exact: true }).click();
          await expect(amounts.getByRole("radio", { name: "$50", exact: true }), `round ${round + 1}`).toBeChecked();
        },
        async () => {
          await expect(amounts.getByRole("radio", { name: "$50", exact: true })).toBeChecked();
          await expect(amounts.getByRole("radio", { name: "$25", exact: true })).not.toBeChecked();
          // The checkout's own figure: the amount the page's code will charge.
          await expect(page.getByRole("button", { name: /^Donate \$5\d\.\d\d$/ }), `round ${round + 1}: the code took the tapped amount`).toBeVisible();
        },
      );
    }
  });

  test("a sign-up form filled in at once keeps what was typed, and the account is made from it", async ({ page }) => {
    for (let round = 0; round < 2; round++) {
      const account = { firstName: "Early", lastName: `Typist${round + 1}`, email: uniqueEmail("first-tap") };
      await tapAtOnce(
        page,
        "/signup/individual",
        round === 0,
        async () => {
          await fillAccountFields(page, account);
          await expect(page.getByLabel("Email"), `round ${round + 1}`).toHaveValue(account.email);
        },
        async () => {
          // The form's code registered its fields over the typed text: what was typed is still there.
          await expect(page.getByLabel("First name"), `round ${round + 1}`).toHaveValue(account.firstName);
          await expect(page.getByLabel("Last name")).toHaveValue(account.lastName);
          await expect(page.getByLabel("Email")).toHaveValue(account.email);
          await page.getByRole("button", { name: "Create donor account" }).click();
          await expect(page, `round ${round + 1}: the account is made from the typed fields`).toHaveURL(/\/signup-thankyou\/donor$/);
          await page.context().clearCookies();
        },
      );
    }
  });

  test("a query is typed at once on the search page and in the home page's search box", async ({ page }) => {
    for (let round = 0; round < ROUNDS; round++) {
      await tapAtOnce(
        page,
        "/search?queryString=&searchCategory=NonProfits",
        round % 2 === 0,
        async () => {
          const box = page.getByRole("searchbox", { name: "Search by cause or location" });
          await box.fill("burlington");
          await expect(box, `round ${round + 1}`).toHaveValue("burlington");
        },
        async () => {
          await expect(page.getByRole("searchbox", { name: "Search by cause or location" })).toHaveValue("burlington");
        },
      );
      await tapAtOnce(
        page,
        "/",
        round % 2 === 0,
        async () => {
          // The bar's second box, the one shown below 1024 px (its styles may not have applied yet).
          const box = page.getByRole("banner").getByRole("searchbox", { name: "Search nonprofits by cause or location" }).last();
          await box.fill("north country hospital");
          await expect(box, `round ${round + 1}`).toHaveValue("north country hospital");
        },
        async () => {
          await page.getByRole("banner").getByRole("searchbox", { name: "Search nonprofits by cause or location" }).last().press("Enter");
          await expect(page, `round ${round + 1}: the query typed before the code ran is searched`).toHaveURL(/\/search\?queryString=north(\+|%20)country(\+|%20)hospital&searchCategory=NonProfits/);
        },
      );
    }
  });
});
