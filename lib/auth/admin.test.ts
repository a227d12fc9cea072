import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog } from "@/models";
import { ADMIN_MAX_FAILURES, assertAdmin, authenticateAdmin, passwordsMatch } from "./admin";
import { actorFromSession, type Actor } from "./actor";
import type { SessionUser } from "./types";

const PASSWORD = "correct horse battery staple";
let h: DatabaseHandle;

beforeAll(async () => {
  setEnvForTests({ ADMIN_PASSWORD: PASSWORD });
  resetServerEnv();
  h = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests({ ADMIN_PASSWORD: undefined });
  resetServerEnv();
  await h.close();
});

const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

describe("admin password check", () => {
  test("passwordsMatch compares hashes of equal length, whatever the typed length", () => {
    expect(passwordsMatch(PASSWORD, PASSWORD)).toBe(true);
    expect(passwordsMatch("", PASSWORD)).toBe(false);
    expect(passwordsMatch(PASSWORD + "x", PASSWORD)).toBe(false);
    expect(passwordsMatch("x".repeat(10_000), PASSWORD)).toBe(false); // no RangeError from timingSafeEqual
  });

  test("the right password signs in as the admin and writes an audit row", async () => {
    const admin = await authenticateAdmin({ password: PASSWORD, ip: "10.0.0.1" });
    expect(admin).toMatchObject({ type: "admin", _id: "admin", email: "admin@givebridge.local", orgId: null });
    const rows = await h.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "admin.sign_in"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "admin", details: { ip: "10.0.0.1" } });
  });

  test("a wrong or missing password is 401 with the generic admin message", async () => {
    for (const password of ["wrong password!", undefined, 42, ""]) {
      const err = await fail(authenticateAdmin({ password, ip: `10.0.1.${String(password).length}` }));
      expect(err).toBeInstanceOf(AppError);
      expect(err!.status).toBe(401);
      expect(err!.message).toBe(messages.admin.wrongPassword);
    }
  });

  test("five failures from one IP block it (429 with Retry-After), even for the right password; other IPs still work", async () => {
    const ip = "10.0.2.2";
    for (let i = 0; i < ADMIN_MAX_FAILURES; i++) {
      expect((await fail(authenticateAdmin({ password: `guess-${i}`, ip })))!.status).toBe(401);
    }
    const blocked = await fail(authenticateAdmin({ password: PASSWORD, ip }));
    expect(blocked!.status).toBe(429);
    expect(blocked!.message).toBe(messages.admin.tooManyAttempts);
    expect(blocked!.retryAfterSeconds).toBeGreaterThan(0);
    expect(await authenticateAdmin({ password: PASSWORD, ip: "10.0.2.3" })).toMatchObject({ type: "admin" });
  });

  test("a success clears the IP's earlier failures", async () => {
    const ip = "10.0.3.3";
    for (let i = 0; i < ADMIN_MAX_FAILURES - 1; i++) await fail(authenticateAdmin({ password: "nope-nope-nope", ip }));
    await authenticateAdmin({ password: PASSWORD, ip });
    for (let i = 0; i < ADMIN_MAX_FAILURES - 1; i++) {
      expect((await fail(authenticateAdmin({ password: "nope-nope-nope", ip })))!.status).toBe(401);
    }
  });

  test("without ADMIN_PASSWORD admin sign-in is disabled (503), even for an empty password", async () => {
    setEnvForTests({ ADMIN_PASSWORD: undefined });
    resetServerEnv();
    try {
      const err = await fail(authenticateAdmin({ password: "", ip: "10.0.4.4" }));
      expect(err!.status).toBe(503);
      expect(err!.message).toBe(messages.admin.disabled);
    } finally {
      setEnvForTests({ ADMIN_PASSWORD: PASSWORD });
      resetServerEnv();
    }
  });

  test("assertAdmin: nobody is 401, a donor or a nonprofit is 403", () => {
    const user = (type: SessionUser["type"]): Actor => actorFromSession({ type, _id: "u1", email: "a@b.org", firstName: "", lastName: "", organization_company: "", profileImg: null, telephone: null, orgId: null });
    expect(() => assertAdmin(null)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => assertAdmin(user("individual"))).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertAdmin(user("nonprofit"))).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertAdmin(user("admin"))).not.toThrow();
  });
});
