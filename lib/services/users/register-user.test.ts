import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { organizations, users } from "@/models";
import { authenticateUser } from "./authenticate-user";
import { registerDonor, registerNonprofitByEin, registerNonprofitWithoutEin } from "./register-user";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values({ name: "North Country Hospital", ein: "030179440", city: "Newport", state: "VT" });
});
afterAll(() => h.close());

const account = (email: string) => ({ firstName: "Ann", lastName: "Lee", email, password: "secret-pass-1", organization_company: "" });

describe("registration", () => {
  test("a donor account stores an argon2 hash, never the password, and can sign in", async () => {
    const user = await registerDonor(account("ann@example.org"));
    expect(user).toMatchObject({ type: "individual", email: "ann@example.org", firstName: "Ann", orgId: null });
    expect(user).not.toHaveProperty("passwordHash");
    const [row] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user._id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    const signedIn = await authenticateUser({ email: "ANN@example.org", password: "secret-pass-1", ip: "1.1.1.1" });
    expect(signedIn._id).toBe(user._id);
  });

  test("a duplicate email is a 409 with a clear message, whatever its case", async () => {
    const err = await registerDonor(account("Ann@Example.org")).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(409);
    expect(err.message).toBe(messages.email.taken);
  });

  test("a nonprofit claims a directory EIN once", async () => {
    const np = await registerNonprofitByEin({ ...account("np@example.org"), ein: "030179440" });
    expect(np.type).toBe("nonprofit");
    const [org] = await h.db.select().from(organizations).where(eq(organizations.ein, "030179440"));
    expect(np.orgId).toBe(org!.id);
    expect(org!.claimed).toBe(true);
    // The claim waits for verification: the account does not control the public listing yet.
    expect(org!.claimPendingSince).toBeInstanceOf(Date);

    const again = await registerNonprofitByEin({ ...account("np2@example.org"), ein: "030179440" }).catch((e) => e);
    expect(again.status).toBe(409);
    expect(again.message).toBe(messages.organization.alreadyClaimed);
    const [none] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "np2@example.org"));
    expect(none).toBeUndefined();
  });

  test("an EIN missing from the directory is a 404 and creates no account", async () => {
    const err = await registerNonprofitByEin({ ...account("ghost@example.org"), ein: "999999999" }).catch((e) => e);
    expect(err.status).toBe(404);
    const [none] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "ghost@example.org"));
    expect(none).toBeUndefined();
  });

  test("a nonprofit without an EIN waits for approval and is not live", async () => {
    const np = await registerNonprofitWithoutEin({
      ...account("new@example.org"),
      organizationName: "Mad River Food Shelf",
      city: "Waitsfield",
      state: "VT",
      zipcode: "05673",
    });
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, np.orgId!));
    expect(org).toMatchObject({ approvalStatus: "pending", live: false, claimed: true, ein: null });
  });

  test("wrong password and unknown email get the same message; repeated failures are limited", async () => {
    const wrong = await authenticateUser({ email: "ann@example.org", password: "nope-nope-1", ip: "2.2.2.2" }).catch((e) => e);
    const unknown = await authenticateUser({ email: "who@example.org", password: "nope-nope-1", ip: "2.2.2.2" }).catch((e) => e);
    expect(wrong.message).toBe(messages.auth.invalidCredentials);
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.status).toBe(401);
    for (let i = 0; i < 5; i++) await authenticateUser({ email: "ann@example.org", password: "bad-pass-1", ip: "3.3.3.3" }).catch(() => undefined);
    const limited = await authenticateUser({ email: "ann@example.org", password: "secret-pass-1", ip: "3.3.3.3" }).catch((e) => e);
    expect(limited.status).toBe(429);
    expect(limited.message).toBe(messages.auth.tooManyAttempts);
    // The owner elsewhere is not locked out by someone else's guesses (limits by account+IP first).
    expect((await authenticateUser({ email: "ann@example.org", password: "secret-pass-1", ip: "4.4.4.4" }))._id).toBeTruthy();
  });
});
