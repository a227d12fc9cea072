import { expect } from "@playwright/test";
import { claimOrganization, uniqueEmail, test } from "./fixtures";

/** AURORA CHAMBER SINGERS INC, Burlington VT: a real Vermont EIN no other spec claims. */
const EIN = "22-2768654";
const NAME = "AURORA CHAMBER SINGERS INC";


test.describe("nonprofit fundraisers", () => {
  test("a nonprofit creates a fundraiser with a goal, sees 0% progress, renames it and ends it", async ({ page }) => {
    test.setTimeout(120_000);
    const organizationId = await claimOrganization(page, { ein: EIN, name: NAME }, { firstName: "Fern", lastName: "Raiser", email: uniqueEmail("np-fundraisers") });

    // ?sec=fundraiser opens the create form with its first field focused.
    await page.goto(`/nonprofit/${organizationId}?sec=fundraiser`);
    const card = page.locator("#fundraiser");
    const createForm = card.getByRole("form", { name: "Create a fundraiser" });
    await expect(createForm).toBeVisible();
    await expect(createForm.getByLabel("Fundraiser name")).toBeFocused();
    await expect(card.getByText("Currently you do not have any campaigns running.")).toBeVisible();

    // Required fields are checked before anything is sent.
    await createForm.getByRole("button", { name: "Create fundraiser" }).click();
    await expect(createForm.getByText("Please enter a fundraiser name")).toBeVisible();
    await expect(createForm.getByText("Please enter a goal")).toBeVisible();

    await createForm.getByLabel("Fundraiser name").fill("Spring concert season");
    await createForm.getByLabel("Goal (USD)").fill("2,500");
    await createForm.getByLabel("Start date").fill("2031-03-01");
    await createForm.getByLabel("End date").fill("2031-05-31");
    await createForm.getByLabel("Description").fill("Scores, hall rental and a free community concert.");
    await createForm.getByRole("button", { name: "Create fundraiser" }).click();
    await expect(createForm).toBeHidden();

    const item = card.getByTestId("fundraiser-item").filter({ hasText: "Spring concert season" });
    await expect(item).toBeVisible();
    await expect(item.getByText("$0.00 raised of $2,500.00")).toBeVisible();
    await expect(item.getByText("0%", { exact: true })).toBeVisible();
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await expect(item.getByText("Active", { exact: true })).toBeVisible();
    await expect(card.getByText("Currently you do not have any campaigns running.")).toBeHidden();

    // The goal is stored in cents and the fundraiser is public while active.
    const listed = await page.request.get(`/api/getNpCampaigns/${organizationId}`);
    expect(listed.status()).toBe(200);
    const [fundraiser] = ((await listed.json()) as { campaigns: { _id: string; name: string; goal: number; progress: number }[] }).campaigns;
    expect(fundraiser).toMatchObject({ name: "Spring concert season", goal: 250000, progress: 0 });

    // Edit the name.
    await item.getByRole("button", { name: "Edit Spring concert season" }).click();
    const editForm = card.getByRole("form", { name: "Edit fundraiser" });
    await expect(editForm.getByLabel("Fundraiser name")).toBeFocused();
    await expect(editForm.getByLabel("Goal (USD)")).toHaveValue("2500");
    await editForm.getByLabel("Fundraiser name").fill("Spring concerts 2031");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expect(editForm).toBeHidden();
    const renamed = card.getByTestId("fundraiser-item").filter({ hasText: "Spring concerts 2031" });
    await expect(renamed).toBeVisible();
    await expect(card.getByText("Spring concert season")).toHaveCount(0);

    // End it.
    await renamed.getByRole("button", { name: "End Spring concerts 2031" }).click();
    const dialog = page.getByRole("dialog", { name: "End this fundraiser?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "End fundraiser" }).click();
    await expect(dialog).toBeHidden();
    await expect(renamed.getByText("Ended", { exact: true })).toBeVisible();
    await expect(renamed.getByRole("button", { name: /^End / })).toHaveCount(0);

    // After a reload the owner still sees the ended fundraiser; the public list no longer has it.
    await page.reload();
    await expect(page.locator("#fundraiser").getByTestId("fundraiser-item").filter({ hasText: "Spring concerts 2031" }).getByText("Ended", { exact: true })).toBeVisible();
    const one = await page.request.get(`/api/getOneCampaign/${fundraiser!._id}`);
    expect(((await one.json()) as { campaign: { status: string; endedAt: string | null } }).campaign).toMatchObject({ status: "ended" });
  });
});
