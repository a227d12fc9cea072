/**
 * Issue 19, finding 7: sign-in limits consume atomically, limit by account+IP first, and cover
 * the current-password check of PUT /api/update/password (the client address itself:
 * lib/http/client-ip.test.ts).
 */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor } from "@/lib/testing/service-fixtures";
import { authenticateUser } from "@/lib/services/users/authenticate-user";
import { checkPassword } from "@/lib/services/users/check-password";
import { updatePassword } from "@/lib/services/users/update-password";
import { messages } from "@/lib/validations/messages";
import { AppError } from "@/lib/errors";
import { consumeAll, makeDbLimiter, PASSWORD_CHECK_MAX_FAILURES } from "./rate-limit";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

const outcome = (p: Promise<unknown>) => p.then(() => 200, (e: { status: number }) => e.status);

describe("sign-in limits", () => {
  test("15 concurrent wrong guesses get exactly 5 password checks; the owner elsewhere still signs in", async () => {
    await makeDonor("owner@example.org", "owner-pass-1");
    const results = await Promise.all(
      Array.from({ length: 15 }, () => outcome(authenticateUser({ email: "owner@example.org", password: "guess-pass-1", ip: "7.7.7.7" }))),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect(results.filter((s) => s === 429)).toHaveLength(10);
    // The right password from the attacker's address is refused too...
    expect(await outcome(authenticateUser({ email: "owner@example.org", password: "owner-pass-1", ip: "7.7.7.7" }))).toBe(429);
    // ...but the owner at home is not locked out.
    const user = await authenticateUser({ email: "owner@example.org", password: "owner-pass-1", ip: "8.8.8.8" });
    expect(user.email).toBe("owner@example.org");
  });
});

describe("current-password checks", () => {
  test("wrong current passwords on PUT /api/update/password are limited, concurrently too", async () => {
    const donor = await makeDonor("pw.guess@example.org", "real-pass-1");
    const results = await Promise.all(
      Array.from({ length: PASSWORD_CHECK_MAX_FAILURES + 5 }, () =>
        outcome(updatePassword(donor, { userId: donor.id, currentPassword: "guess-pass-9", password: "attacker-pass-2" })),
      ),
    );
    expect(results.filter((s) => s === 422 || s === 400)).toHaveLength(PASSWORD_CHECK_MAX_FAILURES);
    expect(results.filter((s) => s === 429)).toHaveLength(5);
    const limited = await updatePassword(donor, { userId: donor.id, currentPassword: "real-pass-1", password: "new-pass-22" }).catch((e) => e);
    expect(limited.status).toBe(429);
    // The same allowance covers the settings modal's check.
    expect((await checkPassword({ actor: donor, userId: donor.id, password: "real-pass-1" }).catch((e) => e)).message).toBe(messages.donor.tooManyChecks);
  });
});

describe("consumeAll (several limits in one statement)", () => {
  const pointsOf = async (limiter: ReturnType<typeof makeDbLimiter>, key: string) => (await limiter.get(key))?.consumedPoints ?? 0;

  test("takes a point of each limit; a refusal keeps the refused limit's point and gives the others theirs back", async () => {
    const a = makeDbLimiter(h.db, "t_all_a", 3, 60);
    const b = makeDbLimiter(h.db, "t_all_b", 1, 60);
    const c = makeDbLimiter(h.db, "t_all_c", 3, 60);
    const steps: [typeof a, string][] = [[a, "k"], [b, "k"], [c, "k"]];
    await consumeAll(steps, "Slow down.");
    expect([await pointsOf(a, "k"), await pointsOf(b, "k"), await pointsOf(c, "k")]).toEqual([1, 1, 1]);
    const err = await consumeAll(steps, "Slow down.").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).message).toBe("Slow down.");
    expect((err as AppError).retryAfterSeconds).toBeGreaterThan(55);
    expect((err as AppError).retryAfterSeconds).toBeLessThanOrEqual(60);
    // As if taken one by one: a's point given back, b keeps the refused one, c never taken.
    expect([await pointsOf(a, "k"), await pointsOf(b, "k"), await pointsOf(c, "k")]).toEqual([1, 2, 1]);
  });

  test("concurrent attempts are admitted exactly up to the smallest limit", async () => {
    const ip = makeDbLimiter(h.db, "t_all_ip", 4, 60);
    const card = makeDbLimiter(h.db, "t_all_card", 100, 60);
    const results = await Promise.all(Array.from({ length: 10 }, () => outcome(consumeAll([[ip, "1.2.3.4"], [card, "fp"]], "Slow down."))));
    expect(results.filter((s) => s === 200)).toHaveLength(4);
    expect(results.filter((s) => s === 429)).toHaveLength(6);
    expect(await pointsOf(card, "fp")).toBe(4);
  });

  test("a window that has ended starts again at one point", async () => {
    const short = makeDbLimiter(h.db, "t_all_short", 1, 1);
    const other = makeDbLimiter(h.db, "t_all_other", 10, 60);
    await consumeAll([[short, "k"], [other, "k"]], "Slow down.");
    expect((await consumeAll([[short, "k"], [other, "k"]], "Slow down.").catch((e: AppError) => e))?.status).toBe(429);
    await new Promise((r) => setTimeout(r, 1_100));
    await consumeAll([[short, "k"], [other, "k"]], "Slow down.");
    expect(await pointsOf(short, "k")).toBe(1);
    expect(await pointsOf(other, "k")).toBe(2);
  });
});
