import { expect, type Page } from "@playwright/test";
import { login, PASSWORD, signUpDonor, uniqueEmail, test } from "./fixtures";

/**
 * Revocable sessions (OWASP ASVS 5.0 7.4): a password change and "sign out everywhere" end the account's other
 * sessions at once, while the browser that asked stays signed in.
 */
async function sessionUserId(page: Page): Promise<string | null> {
  const res = await page.request.get("/api/auth/session");
  const body = (await res.json()) as { user?: { _id?: string } };
  return body.user?._id ?? null;
}

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

test("a password change and sign-out-everywhere end the other sessions; this one stays", async ({ browser }) => {
  const email = uniqueEmail("sessions");
  const laptop = await (await browser.newContext()).newPage();
  await signUpDonor(laptop, { firstName: "Sam", lastName: "Sessions", email });
  const phone = await (await browser.newContext()).newPage();
  await login(phone, email);
  const userId = (await sessionUserId(laptop))!;
  expect(userId).toBeTruthy();
  expect(await sessionUserId(phone)).toBe(userId);

  const changed = await laptop.request.put("/api/update/password", {
    headers: origin(laptop),
    data: { userId, currentPassword: PASSWORD, password: "Givebridge-e2e-9" },
  });
  expect(changed.status()).toBe(200);
  expect(await sessionUserId(laptop)).toBe(userId);
  expect(await sessionUserId(phone)).toBeNull();
  // A signed-in call from the ended session is refused with 401, not 500.
  expect((await phone.request.get(`/api/find/user/phoneNumber/${userId}`)).status()).toBe(401);

  await login(phone, email, "Givebridge-e2e-9");
  expect(await sessionUserId(phone)).toBe(userId);
  await laptop.goto("/dashboard");
  const everywhere = await laptop.request.delete("/api/account/sessions", { headers: origin(laptop) });
  expect(everywhere.status()).toBe(200);
  expect(await sessionUserId(laptop)).toBe(userId);
  expect(await sessionUserId(phone)).toBeNull();
});
