/**
 * A second monthly gift to the same organization and fundraiser (by the same account or the
 * same email) is refused with a conflict the checkout turns into a confirmation step.
 */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import type { AppError } from "@/lib/errors";
import { makeDonor, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { fundraisers, recurringGifts } from "@/models";
import { assertNoDuplicateMonthlyGift, DUPLICATE_MONTHLY_FIELD } from "./duplicate-monthly-gift";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let fundraiserId = "";
let otherFundraiserId = "";
let donorId = "";

beforeAll(async () => {
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Green Mountain Shelter");
  const [c1, c2] = await h.db
    .insert(fundraisers)
    .values([
      { organizationId: np.organizationId, name: "Warm Beds", goalCents: 100_000 },
      { organizationId: np.organizationId, name: "Hot Meals", goalCents: 100_000 },
    ])
    .returning({ id: fundraisers.id });
  fundraiserId = c1!.id;
  otherFundraiserId = c2!.id;
  donorId = (await makeDonor("ada.monthly@example.org")).id;
  await h.db.insert(recurringGifts).values([
    { organizationId: np.organizationId, fundraiserId, donorUserId: donorId, donorEmail: "ada.monthly@example.org", amountCents: 2_500, provider: "sandbox" },
    { organizationId: np.organizationId, fundraiserId: null, donorUserId: null, donorEmail: "guest.monthly@example.org", amountCents: 1_000, provider: "sandbox" },
    { organizationId: np.organizationId, fundraiserId: otherFundraiserId, donorUserId: donorId, amountCents: 900, provider: "sandbox", status: "canceled" },
  ]);
});

afterAll(async () => {
  await h.close();
});

const check = (over: Partial<Parameters<typeof assertNoDuplicateMonthlyGift>[0]>) =>
  assertNoDuplicateMonthlyGift({ donorUserId: null, donorEmail: null, organizationId: np.organizationId, organizationName: "Green Mountain Shelter", fundraiserId, ...over });

test("the same account, same fundraiser: a conflict naming the existing amount, on the confirmation field", async () => {
  const err = (await check({ donorUserId: donorId }).catch((e: unknown) => e)) as AppError;
  const message = messages.recurringManage.duplicateMonthly("$25.00", "Green Mountain Shelter");
  expect(err).toMatchObject({ code: "conflict", message, fields: { [DUPLICATE_MONTHLY_FIELD]: message } });
});

test("a guest is matched by email, whatever its case; direct gifts match direct gifts only", async () => {
  await expect(check({ donorEmail: "GUEST.Monthly@example.org", fundraiserId: null })).rejects.toMatchObject({ code: "conflict" });
  await expect(check({ donorEmail: "guest.monthly@example.org", fundraiserId })).resolves.toBeUndefined();
  await expect(check({ donorEmail: "ada.monthly@example.org" })).rejects.toMatchObject({ code: "conflict" });
});

test("another fundraiser, a canceled gift, another donor or nobody to match: no conflict", async () => {
  await expect(check({ donorUserId: donorId, fundraiserId: otherFundraiserId })).resolves.toBeUndefined();
  await expect(check({ donorUserId: donorId, fundraiserId: null })).resolves.toBeUndefined();
  await expect(check({ donorEmail: "someone.else@example.org" })).resolves.toBeUndefined();
  await expect(check({})).resolves.toBeUndefined();
});
