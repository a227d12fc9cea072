import { and, eq, sql } from "drizzle-orm";
import { verifyPassword } from "@/lib/auth/password";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { stopMailQueue } from "@/lib/mail/queue";
import { makeDonor, makeGift, makeNonprofit } from "@/lib/testing/service-fixtures";
import { parseUpdateUser } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { donations, donorPreferences, feedback, newsletterSubscriptions, users } from "@/models";
import { checkPassword, PASSWORD_CHECK_MAX_FAILURES } from "./check-password";
import { sendFeedback, subscribeNewsletter } from "./contact";
import { deleteDonorAccount } from "./delete-account";
import { checkResetToken, confirmEmail, requestPasswordReset, resetPassword } from "./password-reset";
import { findPhoneNumber, updateUserSettings } from "./update-settings";
import { getUserPreferences, updateUserProfile } from "./user-preferences";

let h: DatabaseHandle;
let ann: Actor;
let bob: Actor;

beforeAll(async () => {
  h = await createTestDatabase();
  ann = await makeDonor("ann@example.org");
  bob = await makeDonor("bob@example.org");
});
afterAll(async () => {
  await stopMailQueue();
  await h.close();
});

/** The raw token of the last queued email to `to` whose link path starts with `prefix`. */
async function linkTokenFor(to: string, prefix: string): Promise<string> {
  const res = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' order by created_on desc`)) as unknown as { rows: { data: { to: string; text: string } }[] };
  const job = res.rows.find((r) => r.data.to.toLowerCase() === to.toLowerCase() && r.data.text.includes(prefix));
  const match = job?.data.text.match(new RegExp(`${prefix}([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no mail to ${to} with ${prefix}`);
  return match[1]!;
}

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

describe("profile and preferences", () => {
  test("defaults share nothing; saving 'other' gender with text and sharing only email round-trips", async () => {
    const before = await getUserPreferences({ actor: ann, userId: ann.id });
    expect(before.ShareMyPrivateInfo).toEqual({ name: false, email: false, telephone: false, location: false, gender: false, age: false });
    const parsed = parseUpdateUser({
      _id: ann.id,
      firstName: "Ann",
      lastName: "Lee",
      organization_company: "Maple Co",
      ShareMyPrivateInfo: { name: false, email: true, telephone: false, location: false, gender: false, age: false },
      demographic: { gender: "other", age: 2 },
      otherGender: "Two-spirit",
      address: { city: "Burlington", state: "VT" },
      telephone: "8025550199",
    });
    expect(parsed.kind).toBe("profile");
    if (parsed.kind !== "profile") return;
    const user = await updateUserProfile({ actor: ann, input: parsed.input });
    expect(user).toMatchObject({ firstName: "Ann", lastName: "Lee", organization_company: "Maple Co" });
    const after = await getUserPreferences({ actor: ann, userId: ann.id });
    expect(after).toEqual({
      ShareMyPrivateInfo: { name: false, email: true, telephone: false, location: false, gender: false, age: false },
      demographic: { gender: "other", age: 2 },
      address: { city: "Burlington", state: "VT" },
      telephone: "8025550199",
      otherGender: "Two-spirit",
    });
  });

  test("free-text gender is dropped when gender is not 'other'", async () => {
    const parsed = parseUpdateUser({ _id: ann.id, firstName: "Ann", lastName: "Lee", demographic: { gender: "female", age: null }, otherGender: "x" });
    if (parsed.kind !== "profile") throw new Error("profile expected");
    await updateUserProfile({ actor: ann, input: parsed.input });
    const [row] = await h.db.select({ g: donorPreferences.gender, o: donorPreferences.otherGender }).from(donorPreferences).where(eq(donorPreferences.userId, ann.id));
    expect(row).toEqual({ g: "female", o: null });
  });

  test("the profile phone rules of section 5 reject bad input", () => {
    const base = { _id: ann.id, firstName: "Ann", lastName: "Lee" };
    const msg = (telephone: string) => {
      try {
        parseUpdateUser({ ...base, telephone });
        return null;
      } catch (e) {
        return (e as { issues: { message: string }[] }).issues[0]!.message;
      }
    };
    expect(msg("12345678901234")).toBe(messages.phone.tooLong);
    expect(msg("12345")).toBe(messages.phone.tooShort);
    expect(msg("80255 0199")).toBe(messages.phone.lettersOrSpace);
    expect(msg("")).toBeNull();
  });

  test("another user's id is refused and changes nothing", async () => {
    expect((await err(getUserPreferences({ actor: bob, userId: ann.id })))?.status).toBe(403);
    const parsed = parseUpdateUser({ _id: ann.id, firstName: "Evil", lastName: "Bob" });
    if (parsed.kind !== "profile") throw new Error("profile expected");
    expect((await err(updateUserProfile({ actor: bob, input: parsed.input })))?.status).toBe(403);
    const [row] = await h.db.select({ f: users.firstName }).from(users).where(eq(users.id, ann.id));
    expect(row!.f).toBe("Ann");
  });
});

describe("account settings", () => {
  test("phone lookup returns the stored telephone, only for yourself", async () => {
    await h.db.update(users).set({ telephone: "8025550123" }).where(eq(users.id, ann.id));
    expect(await findPhoneNumber({ actor: ann, userId: ann.id })).toEqual({ telephone: "8025550123" });
    expect((await err(findPhoneNumber({ actor: bob, userId: ann.id })))?.status).toBe(403);
  });

  test("password check: match, mismatch, another user's id, and the rate limit", async () => {
    expect(await checkPassword({ actor: bob, userId: bob.id, password: "secret-pass-1" })).toEqual({ passwordMatch: true });
    expect(await checkPassword({ actor: bob, userId: bob.id, password: "wrong-pass-1" })).toEqual({ passwordMatch: false });
    expect((await err(checkPassword({ actor: ann, userId: bob.id, password: "secret-pass-1" })))?.status).toBe(403);
    for (let i = 1; i < PASSWORD_CHECK_MAX_FAILURES; i++) await checkPassword({ actor: bob, userId: bob.id, password: "wrong-pass-1" });
    const limited = await err(checkPassword({ actor: bob, userId: bob.id, password: "secret-pass-1" }));
    expect(limited?.status).toBe(429);
    expect(limited?.message).toBe(messages.donor.tooManyChecks);
  });

  test("settings payload: email, phone and password; empty fields are dropped", async () => {
    const parsed = parseUpdateUser({ _id: ann.id, email: "ann.new@example.org", telephone: "8025550000", password: "another-pass-2", confirmPassword: "secret-pass-1" });
    if (parsed.kind !== "settings") throw new Error("settings expected");
    const { user, emailChangeSent } = await updateUserSettings({ actor: ann, input: parsed.input });
    // The old address stays in force until the link sent to the new one is opened.
    expect(user.email).toBe("ann@example.org");
    expect(emailChangeSent).toBe(true);
    expect(user.telephone).toBe("8025550000");
    const [row] = await h.db.select({ hash: users.passwordHash, pending: users.pendingEmail }).from(users).where(eq(users.id, ann.id));
    expect(await verifyPassword(row!.hash, "another-pass-2")).toBe(true);
    expect(row!.pending).toBe("ann.new@example.org");

    const dropped = parseUpdateUser({ _id: ann.id, email: "", telephone: "", password: "" });
    expect(dropped).toEqual({ kind: "settings", input: { _id: ann.id } });
  });

  test("a changed email is confirmed by the emailed single-use link", async () => {
    const token = await linkTokenFor("ann.new@example.org", "/confirm/email/");
    expect(await confirmEmail({ type: "email", token })).toEqual({ confirmed: true, email: "ann.new@example.org" });
    const [row] = await h.db.select({ email: users.email, pending: users.pendingEmail, confirmed: users.emailConfirmedAt }).from(users).where(eq(users.id, ann.id));
    expect(row).toMatchObject({ email: "ann.new@example.org", pending: null });
    expect(row!.confirmed).toBeInstanceOf(Date);
    expect((await err(confirmEmail({ type: "email", token })))?.message).toBe(messages.donor.confirmInvalid);
  });

  test("settings: wrong current password, taken email and another user's id change nothing", async () => {
    const wrong = parseUpdateUser({ _id: ann.id, password: "third-pass-3", confirmPassword: "nope-nope-1" });
    if (wrong.kind !== "settings") throw new Error();
    expect((await err(updateUserSettings({ actor: ann, input: wrong.input })))?.message).toBe(messages.password.currentMismatch);
    const taken = parseUpdateUser({ _id: ann.id, email: "bob@example.org", confirmPassword: "another-pass-2" });
    if (taken.kind !== "settings") throw new Error();
    expect((await err(updateUserSettings({ actor: ann, input: taken.input })))?.status).toBe(409);
    const other = parseUpdateUser({ _id: ann.id, email: "hijack@example.org" });
    if (other.kind !== "settings") throw new Error();
    expect((await err(updateUserSettings({ actor: bob, input: other.input })))?.status).toBe(403);
    const [row] = await h.db.select({ email: users.email }).from(users).where(eq(users.id, ann.id));
    expect(row!.email).toBe("ann.new@example.org");
  });

  test("section 5 settings messages", () => {
    const first = (body: Record<string, unknown>) => {
      try {
        parseUpdateUser({ _id: "x", ...body });
        return null;
      } catch (e) {
        return (e as { issues: { message: string }[] }).issues[0]!.message;
      }
    };
    expect(first({ email: "not-an-email" })).toBe(messages.email.invalid);
    expect(first({ telephone: "12345" })).toBe(messages.phone.tooShort);
    expect(first({ telephone: "12345678901234" })).toBe(messages.phone.tooLong);
    expect(first({ telephone: "80255501ab" })).toBe(messages.phone.letters);
    expect(first({ password: "short1" })).toBe(messages.password.tooShort);
    expect(first({ password: "no-digits-here" })).toBe(messages.password.noNumber);
    expect(first({ password: "a1".repeat(21) })).toBe(messages.password.tooLong);
  });
});

describe("password reset", () => {
  test("known and unknown emails get the same answer; only a known one gets a link", async () => {
    const known = await requestPasswordReset({ email: "bob@example.org" });
    const unknown = await requestPasswordReset({ email: "nobody@example.org" });
    expect(unknown).toEqual(known);
    await expect(linkTokenFor("nobody@example.org", "/reset/")).rejects.toThrow();
    const token = await linkTokenFor("bob@example.org", "/reset/");
    expect(await checkResetToken({ token })).toEqual({ valid: true });
    expect(await resetPassword({ resetPasswordToken: token, password: "brand-new-pass-9" })).toEqual({ updated: true });
    const [row] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, bob.id));
    expect(await verifyPassword(row!.hash, "brand-new-pass-9")).toBe(true);
    // Single use.
    expect(await checkResetToken({ token })).toEqual({ valid: false });
    expect((await err(resetPassword({ resetPasswordToken: token, password: "other-pass-9" })))?.message).toBe(messages.donor.resetInvalid);
  });

  test("an expired token does not work", async () => {
    await requestPasswordReset({ email: "bob@example.org" });
    const token = await linkTokenFor("bob@example.org", "/reset/");
    await h.db.execute(sql`update user_tokens set expires_at = now() - interval '1 minute' where used_at is null`);
    expect(await checkResetToken({ token })).toEqual({ valid: false });
    expect((await err(resetPassword({ resetPasswordToken: token, password: "other-pass-9" })))?.status).toBe(400);
  });
});

describe("newsletter and contact", () => {
  test("subscribing twice keeps one row; feedback is stored", async () => {
    await subscribeNewsletter({ email: "reader@example.org" });
    await subscribeNewsletter({ email: "READER@example.org" });
    const rows = await h.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "reader@example.org"));
    expect(rows).toHaveLength(1);
    await sendFeedback({ userName: "Ann", email: "ann@example.org", description: "Hello" });
    const [fb] = await h.db.select({ d: feedback.description }).from(feedback);
    expect(fb!.d).toBe("Hello");
    // The message is queued for the team, with a reply going back to the sender.
    const jobs = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' and data->>'replyTo' = 'ann@example.org'`)) as unknown as { rows: { data: { to: string; subject: string; text: string } }[] };
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]!.data).toMatchObject({ to: "admin@givebridge.local", subject: "Contact Us: message from Ann" });
    expect(jobs.rows[0]!.data.text).toContain("Hello");
  });
});

describe("delete account", () => {
  test("another user cannot delete; the owner's donations stay without personal data", async () => {
    const carl = await makeDonor("carl@example.org");
    const { organizationId } = await makeNonprofit(h.db, "Green Mountain Food Bank");
    const giftId = await makeGift(h.db, organizationId, carl.id, { amountCents: 4200, shareName: true, shareEmail: true, donorEmail: "carl@example.org" });
    expect((await err(deleteDonorAccount({ actor: ann, userId: carl.id })))?.status).toBe(403);
    const [still] = await h.db.select({ id: users.id }).from(users).where(eq(users.id, carl.id));
    expect(still).toBeDefined();

    expect(await deleteDonorAccount({ actor: carl, userId: carl.id })).toEqual({ deleted: true });
    const [gone] = await h.db.select({ id: users.id }).from(users).where(eq(users.id, carl.id));
    expect(gone).toBeUndefined();
    const [gift] = await h.db.select().from(donations).where(and(eq(donations.id, giftId)));
    expect(gift).toMatchObject({ amountCents: 4200, donorUserId: null, donorName: null, donorEmail: null, donorTelephone: null, donorCity: null, donorState: null, donorGender: null, donorAgeRange: null, status: "succeeded" });
  });
});
