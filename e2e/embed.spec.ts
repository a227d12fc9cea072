/**
 * The embeddable donate form on another site: a nonprofit copies its embed code from the
 * dashboard, a host page on another origin (e2e/embed-host, served here on its own port)
 * carries it, and a guest gives through the framed form with the keyboard only, at 320 px
 * wide, on the sandbox provider. Also: the frame resizes itself and ignores forged height
 * messages, the plain <iframe> code works, a page outside /embed/ refuses to be framed, and
 * an organization that cannot receive gifts shows the site's pledge state in the frame.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { IFRAME_SNIPPET_HEIGHT } from "../lib/embed/snippets";
import { claimOrganization, connectSandboxPayments, login, uniqueEmail, test } from "./fixtures";

const appPort = Number(process.env.E2E_PORT ?? 3100);
const hostPort = Number(process.env.E2E_EMBED_HOST_PORT ?? appPort + 1);
// Another site: 127.0.0.1 is a different site from the app's localhost, so the frame is cross-site.
const HOST = `http://127.0.0.1:${hostPort}`;
const EIN = "010180687";
const LEGAL_NAME = "WINDSOR IMPROVEMENT CORPORATION";
/** How checkout and its thank-you call it (lib/directory/display-name.ts). */
const DISPLAY_NAME = "Windsor Improvement Corporation";
/** An organization no spec claims: it takes pledges only. */
const UNCLAIMED_EIN = "010471151";

/** A static server for e2e/embed-host, filling each page's {{PLACEHOLDERS}}. */
function serveHostPages(values: Record<string, string>): Promise<http.Server> {
  const dir = path.join(__dirname, "embed-host");
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "/").split("?")[0] === "/" ? "index.html" : path.basename((req.url ?? "").split("?")[0]!);
    const file = path.join(dir, name);
    if (!name.endsWith(".html") || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const html = fs.readFileSync(file, "utf8").replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  return new Promise((resolve) => server.listen(hostPort, "127.0.0.1", () => resolve(server)));
}

/** Press Tab (only the keyboard) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement && document.hasFocus())) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The iframe element's height in CSS pixels, as embed.js set it. */
const frameHeight = (frame: Locator) => frame.evaluate((el) => Math.round(el.getBoundingClientRect().height));
/** The framed page's content height (its <main>). */
const contentHeight = (frame: FrameLocator) => frame.locator("main#main").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));

let organizationId = "";
const nonprofitEmail = uniqueEmail("np-embed");
let orgName = "";
let codes = { script: "", iframe: "", link: "" };
let server: http.Server | null = null;

test.describe.serial("the embeddable donate form", () => {
  test.afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  });

  test("a nonprofit copies its embed codes from the dashboard", async ({ page }) => {
    organizationId = await claimOrganization(page, { ein: EIN, name: LEGAL_NAME }, { firstName: "Wyn", lastName: "Dsor", email: nonprofitEmail });
    await connectSandboxPayments(page);
    await page.goto("/dashboard");
    orgName = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    // Your Links points to the Embed tile.
    await page.getByRole("button", { name: /^Your Links/ }).click();
    await page.getByRole("link", { name: "Get the embed code" }).click();
    await expect(page).toHaveURL(/\/dashboard\/embed$/);
    const dialog = page.getByRole("dialog", { name: "Embed a donate form on your website" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Form for")).toHaveValue("");
    codes = {
      script: await dialog.getByRole("textbox", { name: /^Script/ }).inputValue(),
      iframe: await dialog.getByRole("textbox", { name: /^Plain iframe/ }).inputValue(),
      link: await dialog.getByRole("textbox", { name: /^Link to the form/ }).inputValue(),
    };
    expect(codes.script).toBe(`<script src="http://localhost:${appPort}/embed.js" data-org="${organizationId}" data-title="Donate to ${orgName}" async></script>`);
    expect(codes.iframe).toContain(`src="http://localhost:${appPort}/embed/donate/${organizationId}"`);
    expect(codes.link).toBe(`http://localhost:${appPort}/donation/${organizationId}/direct`);
    // Each code is copyable.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await dialog.getByRole("button", { name: "Copy" }).first().click();
    await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.script);

    server = await serveHostPages({ EMBED_CODE: codes.script, IFRAME_CODE: codes.iframe, REFUSED_URL: codes.link });
  });

  test("a guest gives through the form on another site, keyboard only, at 320 px wide", async ({ browser, page }) => {
    test.setTimeout(120_000);
    const donor = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const host = await donor.newPage();
    await host.goto(`${HOST}/`);
    const iframe = host.locator(`iframe[title="Donate to ${orgName}"]`);
    const frame = host.frameLocator(`iframe[title="Donate to ${orgName}"]`);
    const form = frame.getByRole("form", { name: `Donate to ${orgName}` });
    await expect(form).toBeVisible();

    // The frame is exactly as wide as the phone and nothing in it scrolls sideways.
    expect(await iframe.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(320);
    expect(await frame.locator("html").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // It resized to its content (from the loader's first 720 px), despite forged messages from the host page and another frame.
    await expect.poll(async () => Math.abs((await frameHeight(iframe)) - (await contentHeight(frame))), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    const formHeight = await frameHeight(iframe);
    expect(formHeight).toBeGreaterThan(720);

    // Keyboard only: every choice is reached with Tab and made with the arrow keys, Space or typing.
    // The presets are one radio group: Tab reaches the chosen amount, the arrows move the choice.
    const fifty = form.getByRole("radio", { name: "$50", exact: true });
    await tabTo(host, form.getByRole("radio", { name: "$25", exact: true }));
    await host.keyboard.press("ArrowRight");
    await expect(fifty).toBeChecked();
    const cover = form.getByRole("checkbox", { name: /cover the processing fees/ });
    await tabTo(host, cover);
    await host.keyboard.press("Space");
    await expect(cover).toBeChecked();
    await expect(form.getByTestId("net-line")).toContainText("The nonprofit receives $50.00");
    const email = uniqueEmail("embed-donor");
    await tabTo(host, form.getByRole("textbox", { name: /^Full name/ }));
    await host.keyboard.type("Kay Board");
    await tabTo(host, form.getByRole("textbox", { name: /^Email/ }));
    await host.keyboard.type(email);
    const shareName = form.getByRole("checkbox", { name: "Name", exact: true });
    await tabTo(host, shareName);
    await host.keyboard.press("Space");
    await expect(shareName).toBeChecked();
    await tabTo(host, form.getByLabel("Card number"));
    await host.keyboard.type("4242 4242 4242 4242");
    await tabTo(host, form.getByLabel("Expiry (MM/YY)"));
    await host.keyboard.type("12/34");
    await tabTo(host, form.getByLabel("CVC"));
    await host.keyboard.type("123");
    const donate = form.getByRole("button", { name: /^Donate \$5\d\.\d\d$/ });
    await tabTo(host, donate);
    await host.keyboard.press("Enter");

    // The thank-you, inside the frame, takes the focus and links the receipt.
    const thanks = frame.getByTestId("embed-thanks");
    await expect(thanks).toBeVisible({ timeout: 30_000 });
    await expect(thanks).toBeFocused();
    await expect(frame.getByTestId("thankyou-summary")).toHaveText(`Your gift of $50.00 to ${DISPLAY_NAME} (Direct Donation) is complete.`);
    await expect(frame.getByText(`We emailed your receipt to ${email}.`)).toBeVisible();
    const receipt = frame.getByRole("link", { name: /^Download receipt \(PDF\)/ });
    await expect(receipt).toHaveAttribute("href", /^\/api\/receipts\/[\w-]+\?token=/);
    await expect(receipt).toHaveAttribute("target", "_blank");
    const pdf = await host.request.get(`http://localhost:${appPort}${await receipt.getAttribute("href")}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    // The frame shrank to the thank-you.
    await expect.poll(async () => Math.abs((await frameHeight(iframe)) - (await contentHeight(frame))), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    expect(await frameHeight(iframe)).toBeLessThan(formHeight);
    expect(await frame.locator("html").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The forged 7 px messages never took.
    expect(await frameHeight(iframe)).toBeGreaterThan(100);
    // The host page stayed where it was.
    expect(host.url()).toBe(`${HOST}/`);
    await donor.close();

    // The nonprofit sees the gift, with the name the donor shared.
    await login(page, nonprofitEmail);
    await expect(page.getByRole("listitem").filter({ hasText: "Kay Board" })).toContainText("$50.00");
  });

  test("the plain iframe code shows the form, and a page outside /embed/ is refused in a frame", async ({ browser, request }) => {
    const visitor = await browser.newContext();
    const host = await visitor.newPage();
    await host.goto(`${HOST}/framed.html`);
    const plain = host.frameLocator(`iframe[title="Donate to ${orgName}"]`);
    await expect(plain.getByRole("form", { name: `Donate to ${orgName}` })).toBeVisible();
    // Its fixed height holds the whole form at its widest, so nothing scrolls inside on a desktop.
    expect(await host.locator(`iframe[title="Donate to ${orgName}"]`).evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(576);
    expect(await contentHeight(plain)).toBeLessThanOrEqual(IFRAME_SNIPPET_HEIGHT);
    // The browser refuses the site's own checkout page in a frame: Chromium shows its error page instead.
    const refused = await (await host.locator("#refused").elementHandle())!.contentFrame();
    await expect.poll(() => refused!.url()).toMatch(/^chrome-error:/);
    await expect(host.frameLocator("#refused").getByRole("form")).toHaveCount(0);
    await visitor.close();

    // The headers behind it: the embed route may be framed, every other page may not.
    const embed = await request.get(`/embed/donate/${organizationId}`);
    expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
    expect(embed.headers()["x-frame-options"]).toBeUndefined();
    for (const p of [`/donation/${organizationId}/direct`, "/", "/dashboard", "/thankyou"]) {
      const res = await request.get(p, { maxRedirects: 0 });
      expect(res.headers()["x-frame-options"], p).toBe("DENY");
      expect(res.headers()["content-security-policy"], p).toContain("frame-ancestors 'none'");
    }
  });

  test("an organization that cannot receive gifts shows the site's pledge state inside the frame", async ({ browser }) => {
    const visitor = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await visitor.newPage();
    const lookup = await page.request.get(`/api/find/nonprofitExists/${UNCLAIMED_EIN}`);
    const unclaimed = ((await lookup.json()) as { organization: { _id: string } }).organization._id;
    await page.goto(`/embed/donate/${unclaimed}`);
    const pledge = page.getByTestId("pledge");
    await expect(pledge.getByRole("heading", { name: "This nonprofit doesn't receive gifts on Givebridge yet" })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    // None of the site's bars in an embedded page.
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // The same state as the organization's checkout page on the site, which keeps the site's bars.
    await page.goto(`/donation/${unclaimed}/direct`);
    await expect(page.getByTestId("pledge").getByRole("heading", { name: "This nonprofit doesn't receive gifts on Givebridge yet" })).toBeVisible();
    await expect(page.getByRole("contentinfo").first()).toBeVisible();
    await page.goto(`/embed/donate/${unclaimed}/not-a-fundraiser`);
    await expect(page.getByText("This donation form was not found.", { exact: false })).toBeVisible();
    await visitor.close();
  });
});
