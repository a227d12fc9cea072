import { eq } from "drizzle-orm";
import { verifyPassword } from "@/lib/auth/password";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor, makeGift, makeNonprofit } from "@/lib/testing/service-fixtures";
import { changePasswordFormSchemaFor, updatePasswordSchemaFor } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, organizations, recurringGifts, users } from "@/models";
import { deleteNonprofitAccount, deleteOwnAccount } from "./delete-account";
import { updatePassword } from "./update-password";

let h: DatabaseHandle;

beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("nonprofit change password (spec 5)", () => {
  test("nonprofits get the nonprofit rules and messages; donors keep theirs", () => {
    const np = updatePasswordSchemaFor("nonprofit");
    expect(firstMessage(np.safeParse({ userId: "u", currentPassword: "x", password: "" }))).toBe(messages.password.nonprofitEmpty);
    expect(firstMessage(np.safeParse({ userId: "u", currentPassword: "x", password: "short" }))).toBe(messages.password.nonprofitMin);
    expect(np.safeParse({ userId: "u", currentPassword: "x", password: "no-digits-here" }).success).toBe(true);
    const donor = updatePasswordSchemaFor("individual");
    expect(firstMessage(donor.safeParse({ userId: "u", currentPassword: "x", password: "no-digits-here" }))).toBe(messages.password.noNumber);

    const form = changePasswordFormSchemaFor("nonprofit");
    const mismatch = form.safeParse({ currentPassword: "old", password: "long-enough", confirmPassword: "long-enougH" });
    expect(firstMessage(mismatch)).toBe(messages.password.mismatch);
  });

  test("a wrong current password is refused with the spec's message and changes nothing", async () => {
    const { user } = await makeNonprofit(h.db, "Password Org");
    const e = await err(updatePassword({ actor: user, input: { userId: user.id, currentPassword: "wrong-one", password: "brand-new-pass" } }));
    expect(e?.message).toBe(messages.password.currentMismatch);
    await updatePassword({ actor: user, input: { userId: user.id, currentPassword: "secret-pass-1", password: "brand-new-pass" } });
    const [row] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.hash, "brand-new-pass")).toBe(true);
  });
});

describe("nonprofit account deletion", () => {
  test("only the user themself; the organization is released and its records kept", async () => {
    const { organizationId, user } = await makeNonprofit(h.db, "Leaving Org");
    const other = await makeNonprofit(h.db, "Staying Org");
    const donor = await makeDonor("giver@example.org");
    await h.db.update(organizations).set({ nickname: "leaving-org", email: "hello@leaving.org", stripeAccountId: "acct_123", stripeComplete: true }).where(eq(organizations.id, organizationId));
    const [fundraiser] = await h.db.insert(fundraisers).values({ organizationId, name: "Roof", goalCents: 100_000 }).returning({ id: fundraisers.id });
    const giftId = await makeGift(h.db, organizationId, donor.id, { amountCents: 2500, fundraiserId: fundraiser!.id });
    await h.db.insert(recurringGifts).values({ organizationId, donorUserId: donor.id, amountCents: 1000, provider: "sandbox" });

    expect((await err(deleteNonprofitAccount({ actor: other.user, userId: user.id })))?.status).toBe(403);
    expect((await err(deleteNonprofitAccount({ actor: donor, userId: donor.id })))?.status).toBe(403);
    expect(await h.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    await expect(deleteOwnAccount({ actor: user })).resolves.toEqual({ deleted: true });
    expect(await h.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, organizationId));
    expect(org).toMatchObject({ claimed: false, nickname: null, email: null, stripeAccountId: null, stripeComplete: false, live: true });
    const [c] = await h.db.select({ status: fundraisers.status }).from(fundraisers).where(eq(fundraisers.id, fundraiser!.id));
    expect(c!.status).toBe("ended");
    const [r] = await h.db.select({ status: recurringGifts.status }).from(recurringGifts).where(eq(recurringGifts.organizationId, organizationId));
    expect(r!.status).toBe("canceled");
    const [gift] = await h.db.select({ amountCents: donations.amountCents, organizationId: donations.organizationId }).from(donations).where(eq(donations.id, giftId));
    expect(gift).toEqual({ amountCents: 2500, organizationId });
    const [otherOrg] = await h.db.select({ claimed: organizations.claimed }).from(organizations).where(eq(organizations.id, other.organizationId));
    expect(otherOrg!.claimed).toBe(true);
  });
});
