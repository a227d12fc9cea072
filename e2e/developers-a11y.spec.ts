/**
 * /developers, with the API reference fully rendered, meets WCAG 2 AA under both engines people
 * audit with: axe-core (every violation of the WCAG 2 A/AA rules, whatever its impact) and
 * HTML_CodeSniffer's WCAG2AA standard (the engine pa11y runs; its errors, not its warnings or
 * notices, as pa11y counts them), at 1280 and 360 px. In-page links must reach an element of the
 * page, and ids are unique. The reference is rendered on the server, so what the engines see is
 * the whole of it, as a reader scrolling through would.
 */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

/** HTML_CodeSniffer's browser build, from the html_codesniffer package. */
const HTMLCS_SOURCE = fs.readFileSync(path.resolve("node_modules/html_codesniffer/build/HTMLCS.js"), "utf8");

/** HTML_CodeSniffer's WCAG2AA errors on the page, as "code: element" lines. */
async function codeSnifferErrors(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, as pa11y does, so the page's own CSP is unchanged.
  await page.evaluate(`${HTMLCS_SOURCE}\n;window.__HTMLCS = HTMLCS;`);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        type Message = { type: number; code: string; element: Element };
        const htmlcs = (window as unknown as { __HTMLCS: { process: (...args: unknown[]) => void; getMessages: () => Message[]; ERROR?: number } }).__HTMLCS;
        htmlcs.process(
          "WCAG2AA",
          document,
          () => {
            const errors = htmlcs.getMessages().filter((m) => m.type === 1);
            resolve(errors.map((m) => `${m.code}: ${(m.element as Element).outerHTML?.slice(0, 160) ?? String(m.element)}`));
          },
          () => reject(new Error("HTML_CodeSniffer failed to run")),
          "en",
        );
      }),
  );
}

/** Every axe-core violation of the WCAG 2 A/AA rules, as "rule: target" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}`));
}

/** In-page links (href="#id") whose id is not on the page. */
async function brokenFragmentLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')]
      .map((a) => decodeURIComponent(a.getAttribute("href")!.slice(1)))
      .filter((id) => id !== "" && !document.getElementById(id)),
  );
}

/** Every check of the page as it is now, as "check: finding" lines (empty when clean). */
async function findings(page: Page): Promise<string[]> {
  const duplicates = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i));
  return [
    ...(await brokenFragmentLinks(page)).map((id) => `link to a missing id: #${id}`),
    ...duplicates.map((id) => `duplicate id: ${id}`),
    ...(await axeViolations(page)).map((v) => `axe ${v}`),
    ...(await codeSnifferErrors(page)).map((e) => `HTML_CodeSniffer ${e}`),
  ];
}

test("/developers with its API reference has no WCAG 2 AA error under axe-core or HTML_CodeSniffer, at 1280 and 360 px", async ({ page }) => {
  // axe-core checks some 5,000 elements twice (about 20 s each on a 2-core machine under load).
  test.setTimeout(240_000);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto("/developers");
    const reference = page.getByTestId("api-reference");
    await expect(reference.getByRole("link", { name: "List donations" })).toBeVisible();
    await expect(reference.getByRole("heading", { level: 4, name: "donation.succeeded", exact: true })).toBeAttached();
    await expect(page.locator("h2#webhooks")).toHaveText("Webhooks");
    expect(await findings(page), `at ${width} px`).toEqual([]);
  }
});

test("the reference is in the HTML the server sends: readable without JavaScript, and its contents lead to each call", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/developers");
  const reference = page.getByTestId("api-reference");
  for (const name of ["List donations", "Get an organization by EIN", "List payouts"]) {
    await expect(reference.getByRole("heading", { level: 4, name })).toBeAttached();
  }
  await reference.getByRole("link", { name: "List payouts" }).click();
  await expect(page).toHaveURL(/\/developers#op-listPayouts$/);
  await expect(reference.getByRole("heading", { level: 4, name: "List payouts" })).toBeInViewport();
  await context.close();
});

test("an address of the former viewer (/developers/tag/<tag>) leads to that section of /developers", async ({ page }) => {
  const res = await page.goto("/developers/tag/donations");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/developers#tag-donations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Givebridge API for developers" })).toBeAttached();
  await expect(page.getByRole("heading", { level: 3, name: "Donations", exact: true })).toBeInViewport();
});
