/** GET /api/check/{email}: whether an email is free for a new account. */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { checkEmailAvailable } from "./check-email-available";

let h: DatabaseHandle;

beforeAll(async () => {
  h = await createTestDatabase();
  await makeDonor("taken.donor@example.org");
});

afterAll(async () => {
  await h.close();
});

test("an email no account holds is available; a donor's or a nonprofit user's is not, whatever its case or spaces", async () => {
  expect(await checkEmailAvailable({ email: "free.person@example.org" })).toEqual({ available: true });
  expect(await checkEmailAvailable({ email: "taken.donor@example.org" })).toEqual({ available: false });
  expect(await checkEmailAvailable({ email: "  Taken.Donor@EXAMPLE.org " })).toEqual({ available: false });
  const np = await makeNonprofit(h.db, "Taken Email Shelter");
  expect(await checkEmailAvailable({ email: np.user.email })).toEqual({ available: false });
});

test("a malformed or empty email is refused with the spec's message", async () => {
  await expect(checkEmailAvailable({ email: "not-an-email" })).rejects.toMatchObject({ issues: [expect.objectContaining({ message: messages.email.invalid })] });
  await expect(checkEmailAvailable({ email: "   " })).rejects.toMatchObject({ issues: [expect.objectContaining({ message: messages.email.empty })] });
});
