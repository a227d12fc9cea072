/**
 * Outgoing webhooks in the browser: a nonprofit registers an endpoint pointing at a receiver
 * running on this machine (the app runs with WEBHOOK_ALLOW_LOCAL_TARGETS=1, see
 * playwright.config.ts), copies the signing secret shown once, a guest gives with the sandbox
 * provider, the receiver gets a donation.succeeded that verifies with the Standard Webhooks
 * library and carries nothing the guest did not share, and the delivery shows in the
 * dashboard's log.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { claimOrganization, connectSandboxPayments, uniqueEmail, test } from "./fixtures";

const EIN = "030177473";
const NAME = "BRATTLEBORO OUTING CLUB INC";
/** The receiver's port: the first of this suite's spare ports, else any free one. */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;

type Received = { headers: Record<string, string>; body: string };

test.describe("webhooks", () => {
  let server: http.Server;
  const received: Received[] = [];
  let receiverUrl = "";

  test.beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => {
      server.once("error", () => server.listen(0, "127.0.0.1", resolve));
      server.listen(RECEIVER_PORT, "127.0.0.1", resolve);
    });
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/givebridge-hooks`;
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test("a nonprofit registers an endpoint; a guest's gift arrives signed and shows in the delivery log", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Otto", lastName: "Outing", email: uniqueEmail("np-webhooks") });
    await connectSandboxPayments(page);

    // Register the endpoint from the dashboard's Webhooks tile, keyboard first where it matters.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /^Webhooks/ }).click();
    const dialog = page.getByRole("dialog", { name: "Webhooks" });
    await expect(dialog.getByText("No webhook endpoints yet.")).toBeVisible();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByRole("heading", { name: "Add an endpoint" })).toBeFocused();
    const url = dialog.getByLabel("Endpoint URL");
    await url.fill("ftp://nowhere.example/hooks");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByText("Please enter a valid web address, for example https://example.org/webhooks")).toBeVisible();
    await url.fill(receiverUrl);
    await dialog.getByLabel("Description (optional)").fill("Our CRM");
    await expect(dialog.getByRole("checkbox", { name: "donation.succeeded" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "fundraiser.goal_reached" }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const secretField = dialog.getByLabel("Signing secret");
    await expect(secretField).toBeFocused();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(secretField).toHaveCount(0);
    await expect(dialog.getByRole("heading", { name: "Your endpoints" })).toBeFocused();
    const row = dialog.getByTestId("webhook-endpoint").filter({ hasText: receiverUrl });
    await expect(row).toContainText("Enabled");
    await expect(row).toContainText("donation.succeeded, fundraiser.goal_reached");

    // A guest gives $30 with the sandbox card, sharing nothing.
    const guestCtx = await browser.newContext();
    const guest = await guestCtx.newPage();
    const guestEmail = uniqueEmail("webhook-guest");
    await guest.goto(`/donation/${organizationId}/direct`);
    await guest.getByPlaceholder("Other").fill("30");
    await guest.getByRole("textbox", { name: /^Full name/ }).fill("Wendy Webhook");
    await guest.getByRole("textbox", { name: /^Email/ }).fill(guestEmail);
    await guest.getByLabel("Card number").fill("4242 4242 4242 4242");
    await guest.getByLabel("Expiry (MM/YY)").fill("12/34");
    await guest.getByLabel("CVC").fill("123");
    await guest.getByRole("button", { name: /^Donate \$30\.00$/ }).click();
    await expect(guest).toHaveURL(/\/thankyou/, { timeout: 30_000 });
    await guestCtx.close();

    // The receiver gets one signed donation.succeeded that the library verifies.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("donation.succeeded");
    expect(payload.data).toMatchObject({ object: "donation", organization_id: organizationId, amount_cents: 3_000, status: "succeeded", donor: {} });
    expect(delivery.body).not.toContain(guestEmail);
    expect(delivery.body).not.toContain("Wendy");

    // The delivery shows in the dashboard's log, with its webhook-id and the 2xx answer.
    await row.getByRole("button", { name: "Delivery log" }).click();
    await expect(dialog.getByRole("heading", { name: `Delivery log: ${receiverUrl}` })).toBeFocused();
    const logEntry = dialog.getByTestId("webhook-delivery").first();
    await expect(logEntry).toContainText("donation.succeeded");
    await expect(logEntry).toContainText("Delivered");
    await expect(logEntry).toContainText("last answer HTTP 204");
    await logEntry.getByText("Attempts and payload").click();
    await expect(logEntry).toContainText(`webhook-id: ${delivery.headers["webhook-id"]}`);

    // Replay sends the same webhook-id again.
    await logEntry.getByRole("button", { name: /^Replay donation\.succeeded/ }).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.headers["webhook-id"]).toBe(delivery.headers["webhook-id"]);
    expect(() => new Webhook(secret).verify(received[1]!.body, received[1]!.headers)).not.toThrow();
    await expect(async () => {
      await dialog.getByRole("button", { name: "Refresh" }).click();
      await expect(dialog.getByTestId("webhook-delivery").first()).toContainText("2 attempts", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // At 360 px wide the log and the endpoint list fit without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 780 });
    const fits = () => dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(await fits()).toBe(true);
    await dialog.getByRole("button", { name: "Back to endpoints" }).click();
    await expect(row).toBeVisible();
    expect(await fits()).toBe(true);
  });
});
