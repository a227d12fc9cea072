/**
 * /developers, with the API reference fully rendered, meets WCAG 2 AA under both engines people
 * audit with: axe-core (every violation of the WCAG 2 A/AA rules, whatever its impact) and
 * HTML_CodeSniffer's WCAG2AA standard (the engine pa11y runs; its errors, not its warnings or
 * notices, as pa11y counts them). In-page links must reach an element of the page.
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

test("/developers with its rendered API reference has no WCAG 2 AA error under axe-core or HTML_CodeSniffer", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/developers");
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText("List donations").first()).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByText("donation.succeeded").first()).toBeAttached();
  await expect(page.locator("h2#webhooks")).toHaveText("Webhooks");

  expect(await brokenFragmentLinks(page)).toEqual([]);
  expect(await page.evaluate(() => [...document.querySelectorAll("[id]")].map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i))).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  expect(await codeSnifferErrors(page)).toEqual([]);
});

test("each section of the reference has an address of its own that opens the page, whose canonical URL stays /developers", async ({ page }) => {
  const res = await page.goto("/developers/tag/donations");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Givebridge API for developers" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/developers$/);
  await expect(page.getByTestId("api-reference").getByText("List donations").first()).toBeVisible({ timeout: 30_000 });
});
