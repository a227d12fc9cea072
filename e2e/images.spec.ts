/**
 * Images end to end: a donor uploads a 4000x3000 photo, crops it square and sees it in the
 * avatar and on the dashboard; a nonprofit replaces its logo, then deletes it and the default
 * image returns; a 12 MB file and a renamed text file get the spec's alerts.
 * Test images are generated with sharp at run time.
 */
import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { fillAccountFields, signUpDonor, uniqueEmail, test } from "./fixtures";

let dir: string;
let photo: string;
let logoA: string;
let logoB: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-e2e-images-"));
  photo = path.join(dir, "family-photo.jpg");
  // A 4000x3000 camera-like photo with a GPS position in its EXIF.
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .composite([{ input: { create: { width: 1200, height: 1200, channels: 3, background: { r: 240, g: 180, b: 40 } } }, left: 1400, top: 900 }])
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 55/1 12/1" } })
    .toFile(photo);
  logoA = path.join(dir, "logo-green.png");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 150, b: 80 } } }).png().toFile(logoA);
  logoB = path.join(dir, "logo-red.webp");
  await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } }).webp().toFile(logoB);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Fetch a stored image through the app and return its format and size. */
async function storedImage(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");
  expect(res.headers()["cache-control"]).toContain("max-age=31536000");
  const meta = await sharp(await res.body()).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, exif: meta.exif };
}

test.describe("images", () => {
  // Image encoding in the browser and on the server is slow on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test("a donor uploads a 4000x3000 photo, crops it square and sees it in the avatar and on the dashboard", async ({ page }) => {
    await signUpDonor(page, { firstName: "Pia", lastName: "Photo", email: uniqueEmail("photo") });
    await page.goto("/dashboard");
    const dashboardPhoto = page.getByRole("img", { name: "Your profile photo" });
    await expect(dashboardPhoto).toHaveAttribute("src", /default-avatar\.svg$/);

    await page.getByLabel("Choose a new profile photo").setInputFiles(photo);
    const dialog = page.getByRole("dialog", { name: "Crop your profile photo" });
    await expect(dialog).toBeVisible();
    // Keyboard: + zooms in, arrow keys move the image inside the square crop area.
    const zoom = dialog.getByRole("slider", { name: "Zoom" });
    await expect(zoom).toHaveValue("1");
    const cropArea = dialog.getByLabel(/^Crop area/);
    await cropArea.focus();
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    await expect(zoom).toHaveValue("1.2");
    await page.keyboard.press("ArrowRight");
    await dialog.getByRole("button", { name: "Zoom out" }).click();
    await expect(zoom).toHaveValue("1.1");

    // Slow the upload down so that the progress bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 400_000 });
    await dialog.getByRole("button", { name: "Save profile photo" }).click();
    await expect(dialog.getByRole("progressbar", { name: "Uploading your profile photo" })).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await expect(dashboardPhoto).toHaveAttribute("src", /^\/uploads\/images\/family-photo_[A-Za-z0-9]{15}\.jpg$/);
    const src = (await dashboardPhoto.getAttribute("src"))!;
    expect(await storedImage(page, src)).toEqual({ format: "jpeg", width: 400, height: 400, exif: undefined });
    // The original_ copy sits beside it, re-encoded (height capped at 1080, no GPS).
    const original = await storedImage(page, src.replace("/family-photo_", "/original_family-photo_"));
    expect(original).toEqual({ format: "jpeg", width: 1440, height: 1080, exif: undefined });

    // The avatar in the navigation bar shows the new photo (the session was refreshed).
    const navAvatar = page.getByRole("button", { name: /^Account menu for/ }).locator("img");
    await expect(navAvatar).toHaveAttribute("src", src);
    await page.reload();
    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", src);
    await expect(page.getByRole("button", { name: /^Account menu for/ }).locator("img")).toHaveAttribute("src", src);

    // EDIT re-crops the stored original_ copy: a new file replaces the old pair.
    await page.getByRole("button", { name: "Edit profile photo crop" }).click();
    const edit = page.getByRole("dialog", { name: "Crop your profile photo" });
    await edit.getByRole("button", { name: "Zoom in" }).click();
    await edit.getByRole("button", { name: "Save profile photo" }).click();
    // Like the first save, this uploads the crop and the 1440 x 1080 original, which the server
    // re-encodes: on a loaded 2-core machine that takes longer than the default 10 s.
    await expect(edit).toBeHidden({ timeout: 30_000 });
    const dashboardAfterEdit = page.getByRole("img", { name: "Your profile photo" });
    await expect(dashboardAfterEdit).not.toHaveAttribute("src", src);
    await expect(dashboardAfterEdit).toHaveAttribute("src", /^\/uploads\/images\/family-photo_[A-Za-z0-9]{15}\.jpg$/);
    const edited = (await dashboardAfterEdit.getAttribute("src"))!;
    expect(await storedImage(page, edited)).toMatchObject({ width: 400, height: 400 });
    expect(await storedImage(page, edited.replace("/family-photo_", "/original_family-photo_"))).toMatchObject({ width: 1440, height: 1080 });
    expect((await page.request.get(src)).status()).toBe(404);
    await page.screenshot({ path: test.info().outputPath("donor-dashboard-photo.png") });
  });

  test("a nonprofit replaces its logo, then deletes it and the default image returns", async ({ page }) => {
    await page.goto("/signup/nonprofit");
    await page.getByLabel("EIN (Employer Identification Number)").fill("03-0358691");
    await page.getByRole("button", { name: "Find my organization" }).click();
    await expect(page.getByText("CAMBRIDGE COMMUNITY FOOD SHELF INC", { exact: true })).toBeVisible();
    await fillAccountFields(page, { firstName: "Rita", lastName: "Logo", email: uniqueEmail("logo") });
    await page.getByRole("button", { name: /^Claim CAMBRIDGE COMMUNITY FOOD SHELF INC/ }).click();
    await expect(page).toHaveURL(/\/signup-thankyou\/nonprofit$/);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "CAMBRIDGE COMMUNITY FOOD SHELF INC" })).toBeVisible();
    const logo = page.getByRole("img", { name: "Your logo" });
    await expect(logo).toHaveAttribute("src", /default-org-logo\.svg$/);

    // First logo.
    await page.getByLabel("Choose a new logo").setInputFiles(logoA);
    let dialog = page.getByRole("dialog", { name: "Crop your logo" });
    await dialog.getByRole("button", { name: "Save logo" }).click();
    await expect(dialog).toBeHidden();
    await expect(logo).toHaveAttribute("src", /^\/uploads\/images\/logo-green_[A-Za-z0-9]{15}\.jpg$/);
    const first = (await logo.getAttribute("src"))!;
    expect(await storedImage(page, first)).toMatchObject({ width: 400, height: 400 });

    // Replace it: the new logo shows and the old files are gone.
    await page.getByRole("button", { name: "Change logo" }).click();
    await page.getByLabel("Choose a new logo").setInputFiles(logoB);
    dialog = page.getByRole("dialog", { name: "Crop your logo" });
    await dialog.getByRole("button", { name: "Save logo" }).click();
    await expect(dialog).toBeHidden();
    await expect(logo).toHaveAttribute("src", /^\/uploads\/images\/logo-red_[A-Za-z0-9]{15}\.jpg$/);
    const second = (await logo.getAttribute("src"))!;
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(first.replace("/logo-green_", "/original_logo-green_"))).status()).toBe(404);
    await page.reload();
    await expect(page.getByRole("img", { name: "Your logo" })).toHaveAttribute("src", second);

    // Delete it: the default image returns, both files are removed.
    await page.getByRole("button", { name: "Delete logo" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete your logo?" });
    await confirm.getByRole("button", { name: "Delete logo" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("img", { name: "Your logo" })).toHaveAttribute("src", /default-org-logo\.svg$/);
    expect((await page.request.get(second)).status()).toBe(404);
    expect((await page.request.get(second.replace("/logo-red_", "/original_logo-red_"))).status()).toBe(404);
    await page.reload();
    await expect(page.getByRole("img", { name: "Your logo" })).toHaveAttribute("src", /default-org-logo\.svg$/);
    await expect(page.getByRole("button", { name: "Delete logo" })).toHaveCount(0);
  });

  test("a 12 MB file, a renamed text file and two files at once get the spec's alerts", async ({ page }) => {
    await signUpDonor(page, { firstName: "Al", lastName: "Ert", email: uniqueEmail("alerts") });
    await page.goto("/dashboard");
    const input = page.getByLabel("Choose a new profile photo");
    const alert = page.getByRole("alert").filter({ hasText: /image file/ });

    const big = Buffer.alloc(12 * 1024 * 1024, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await input.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
    await expect(alert).toHaveText("Your image file was too large");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await input.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Shopping list: milk, eggs, bread\n") });
    await expect(alert).toHaveText("Please select a valid image file");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Two files dropped on the photo at once.
    await page.getByTestId("image-preview-profileImg").evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "a.jpg", { type: "image/jpeg" }));
      data.items.add(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "b.jpg", { type: "image/jpeg" }));
      el.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(alert).toHaveText("Please select just one image file");

    // The server refuses the same files with the same messages, and the photo is unchanged.
    const session = await page.request.get("/api/auth/session");
    const userId = (await session.json()).user._id as string;
    const textUpload = await page.request.post("/api/images", {
      multipart: {
        field: "profileImg",
        identifier: userId,
        croppedImage: { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not an image at all") },
      },
    });
    expect(textUpload.status()).toBe(400);
    expect((await textUpload.json()).message).toBe("Please select a valid image file");
    const bigUpload = await page.request.post("/api/images", {
      multipart: { field: "profileImg", identifier: userId, croppedImage: { name: "huge.jpg", mimeType: "image/jpeg", buffer: big } },
    });
    expect(bigUpload.status()).toBe(413);
    expect((await bigUpload.json()).message).toBe("Your image file was too large");
    await page.reload();
    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", /default-avatar\.svg$/);
  });
});
