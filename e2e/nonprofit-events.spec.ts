import { expect } from "@playwright/test";
import { claimOrganization, uniqueEmail, test } from "./fixtures";

/** GREEN MOUNTAIN CARSHARE, Burlington VT: a real Vermont EIN no other spec claims. */
const EIN = "26-2264386";
const NAME = "GREEN MOUNTAIN CARSHARE";


test.describe("nonprofit events and tickets", () => {
  test("a nonprofit creates an event with 2 free tickets; a visitor gets both and the type is then sold out", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Eve", lastName: "Organizer", email: uniqueEmail("np-events") });
    await page.goto(`/nonprofit/${organizationId}`);
    const card = page.locator("#events");
    await card.getByRole("button", { name: "Create event" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an event" });
    await expect(dialog).toBeVisible();

    // Required fields are checked before anything is sent.
    await dialog.getByRole("button", { name: "Create event" }).click();
    await expect(dialog.getByText("Please enter the event name").first()).toBeVisible();

    await dialog.getByLabel("Event name").fill("Car-free Sunday ride");
    await dialog.getByLabel("Starts", { exact: false }).fill("2031-05-04T10:00");
    await dialog.getByLabel("City").fill("Burlington");
    await dialog.getByLabel("State").fill("VT");
    await dialog.getByRole("button", { name: "Add ticket type" }).click();
    await dialog.getByLabel("Ticket type name").fill("Rider");
    await dialog.getByLabel("Price (USD)").fill("0");
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByRole("button", { name: "Create event" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Car-free Sunday ride was created.")).toBeVisible();
    const row = card.getByTestId("owner-event").filter({ hasText: "Car-free Sunday ride" });
    await expect(row).toContainText("Rider: Free · 0 of 2 sold");
    const href = await row.getByRole("link", { name: "Ticket page" }).getAttribute("href");
    const eventId = new URL(href!, "http://x").searchParams.get("eventId")!;
    expect(eventId).toBeTruthy();

    // A visitor (signed out) gets both tickets.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    // Nobody but the owner may change the event.
    const refused = await v.request.put("/api/updateNPEvents", { data: { eventId, name: "Hijacked", startsAt: "2031-05-04T14:00:00Z", ticketTypes: [] } });
    expect(refused.status()).toBe(401);

    await v.goto(`/event/${eventId}`);
    await v.getByRole("link", { name: "Buy tickets" }).click();
    await expect(v).toHaveURL(new RegExp(`/event/tickets\\?eventId=${eventId}`));
    await expect(v.getByRole("heading", { level: 1, name: "Car-free Sunday ride" })).toBeVisible();
    const type = v.getByTestId("ticket-type").filter({ hasText: "Rider" });
    await expect(type).toContainText("Free");
    await expect(type).toContainText("2 left");
    await v.getByLabel("Number of tickets").selectOption("2");
    await v.getByLabel(/^Name/).fill("Vic Visitor");
    await v.getByLabel(/^Email/).fill(uniqueEmail("ticket-visitor"));
    await v.getByRole("button", { name: "Get 2 free tickets" }).click();
    await expect(v.getByTestId("ticket-confirmation")).toHaveText("Your tickets are confirmed");
    await expect(v.getByText("2 × Rider (Free)")).toBeVisible();
    await expect(type).toContainText("Sold out");
    await v.reload();
    await expect(v.getByTestId("ticket-type").filter({ hasText: "Rider" })).toContainText("Sold out");
    await expect(v.getByRole("radio", { name: /Rider/ })).toBeDisabled();
    await visitor.close();

    // The owner sees the seats taken.
    await page.reload();
    await expect(card.getByTestId("owner-event").filter({ hasText: "Car-free Sunday ride" })).toContainText("Rider: Free · Sold out (2)");
  });
});
