/**
 * Sign-in limits consume atomically, limit by account+IP first, and cover
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
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { createProofOfWorkChallenge } from "./proof-of-work";
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

describe("an address past its sign-in allowance (an office, a school)", () => {
  const solved = async () => {
    const challenge = JSON.parse(JSON.stringify(await createProofOfWorkChallenge()));
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };

  test("asks for the security check instead of refusing a correct password; wrong ones stay limited per account", async () => {
    // The check's cost plays no part in the limits: a solve takes 10 PBKDF2 iterations per guess.
    setEnvForTests({ LOGIN_IP_MAX_FAILURES: "6", PROOF_OF_WORK_COST: "10" });
    try {
      await makeDonor("colleague@example.org", "colleague-pass-1");
      await makeDonor("mistyper@example.org", "mistyper-pass-1");
      // Six colleagues behind one address mistype their passwords.
      for (let i = 0; i < 6; i++) expect(await outcome(authenticateUser({ email: `typo.${i}@example.org`, password: "wrong-pass-1", ip: "6.6.6.6" }))).toBe(401);
      // A colleague who never failed: the security check is asked for, not a refusal...
      const asked = await authenticateUser({ email: "colleague@example.org", password: "colleague-pass-1", ip: "6.6.6.6" }).catch((e: AppError) => e);
      expect(asked).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeRequired, fields: { challenge: messages.trustAndSafety.challengeRequired } });
      // ...and with it solved the correct password signs in.
      const user = await authenticateUser({ email: "colleague@example.org", password: "colleague-pass-1", ip: "6.6.6.6", proofOfWork: await solved() });
      expect(user.email).toBe("colleague@example.org");
      // A used solution is not accepted twice.
      const payload = await solved();
      expect(await outcome(authenticateUser({ email: "colleague@example.org", password: "colleague-pass-1", ip: "6.6.6.6", proofOfWork: payload }))).toBe(200);
      expect(await outcome(authenticateUser({ email: "colleague@example.org", password: "colleague-pass-1", ip: "6.6.6.6", proofOfWork: payload }))).toBe(422);
      // Wrong passwords, even with solved checks, are still limited per account and address.
      const wrong: number[] = [];
      for (let i = 0; i < 7; i++) wrong.push(await outcome(authenticateUser({ email: "mistyper@example.org", password: "still-wrong-1", ip: "6.6.6.6", proofOfWork: await solved() })));
      expect(wrong).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      setEnvForTests({ LOGIN_IP_MAX_FAILURES: undefined, PROOF_OF_WORK_COST: undefined });
      resetServerEnv();
    }
  }, 60_000);
});

describe("current-password checks", () => {
  test("wrong current passwords on PUT /api/update/password are limited, concurrently too", async () => {
    const donor = await makeDonor("pw.guess@example.org", "real-pass-1");
    const results = await Promise.all(
      Array.from({ length: PASSWORD_CHECK_MAX_FAILURES + 5 }, () =>
        outcome(updatePassword({ actor: donor, input: { userId: donor.id, currentPassword: "guess-pass-9", password: "attacker-pass-2" } })),
      ),
    );
    expect(results.filter((s) => s === 422 || s === 400)).toHaveLength(PASSWORD_CHECK_MAX_FAILURES);
    expect(results.filter((s) => s === 429)).toHaveLength(5);
    const limited = await updatePassword({ actor: donor, input: { userId: donor.id, currentPassword: "real-pass-1", password: "new-pass-22" } }).catch((e) => e);
    expect(limited.status).toBe(429);
    // The same allowance covers the settings modal's check.
    expect((await checkPassword({ actor: donor, userId: donor.id, password: "real-pass-1" }).catch((e) => e)).message).toBe(messages.donor.tooManyChecks);
  });
});

describe("consumeAll", () => {
  test("takes one point of each allowance; a refusal gives back the points the others took", async () => {
    const a = makeDbLimiter(h.db, "test_all_a", 5, 60);
    const b = makeDbLimiter(h.db, "test_all_b", 1, 60);
    const c = makeDbLimiter(h.db, "test_all_c", 5, 60);
    const used = async () => [(await a.get("k"))?.consumedPoints ?? 0, (await b.get("k"))?.consumedPoints ?? 0, (await c.get("k"))?.consumedPoints ?? 0];
    await consumeAll([[a, "k"], [b, "k"], [c, "k"]], "Too many");
    expect(await used()).toEqual([1, 1, 1]);
    const refused = await consumeAll([[a, "k"], [b, "k"], [c, "k"]], "Too many").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toBe("Too many");
    // a and c are back where they were; b keeps the refused attempt.
    expect(await used()).toEqual([1, 2, 1]);
  });
});
