/** Single-use, expiring tokens: only the hash is stored; a token works once, before it expires, for its purpose. */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor } from "@/lib/testing/service-fixtures";
import { userTokens } from "@/models";
import { consumeToken, issueToken, peekToken, tokenHash, tokenTtlMs } from "./user-tokens";

let h: DatabaseHandle;
let userId = "";
const now = new Date("2026-06-01T12:00:00Z");

beforeAll(async () => {
  h = await createTestDatabase();
  userId = (await makeDonor("tess.token@example.org")).id;
});

afterAll(async () => {
  await h.close();
});

test("the raw token is 43 url-safe characters and only its SHA-256 hash is stored", async () => {
  const raw = await issueToken({ db: h.db, userId, purpose: "password_reset", now });
  expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const rows = await h.db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash(raw)));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ userId, purpose: "password_reset", usedAt: null, expiresAt: new Date(now.getTime() + 60 * 60 * 1000) });
  expect(JSON.stringify(await h.db.select().from(userTokens))).not.toContain(raw);
});

test("peeking does not use the token; consuming works once", async () => {
  const raw = await issueToken({ db: h.db, userId, purpose: "email_confirmation", now });
  expect(await peekToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBe(userId);
  expect(await peekToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBe(userId);
  expect(await consumeToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBe(userId);
  expect(await consumeToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBeNull();
  expect(await peekToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBeNull();
});

test("ten concurrent uses of one token: exactly one succeeds", async () => {
  const raw = await issueToken({ db: h.db, userId, purpose: "email_change", now });
  const results = await Promise.all(Array.from({ length: 10 }, () => consumeToken({ db: h.db, raw, purpose: "email_change", now })));
  expect(results.filter((r) => r === userId)).toHaveLength(1);
  expect(results.filter((r) => r === null)).toHaveLength(9);
});

test("a token is valid until its lifetime ends, and only for its own purpose", async () => {
  const raw = await issueToken({ db: h.db, userId, purpose: "paypal_onboarding", now });
  const ttl = tokenTtlMs.paypal_onboarding;
  expect(ttl).toBe(24 * 60 * 60 * 1000);
  expect(await peekToken({ db: h.db, raw, purpose: "password_reset", now })).toBeNull();
  expect(await consumeToken({ db: h.db, raw, purpose: "email_confirmation", now })).toBeNull();
  expect(await peekToken({ db: h.db, raw, purpose: "paypal_onboarding", now: new Date(now.getTime() + ttl - 1) })).toBe(userId);
  expect(await peekToken({ db: h.db, raw, purpose: "paypal_onboarding", now: new Date(now.getTime() + ttl) })).toBeNull();
  expect(await consumeToken({ db: h.db, raw, purpose: "paypal_onboarding", now: new Date(now.getTime() + ttl + 1) })).toBeNull();
  expect(await consumeToken({ db: h.db, raw: "an-unknown-token", purpose: "paypal_onboarding", now })).toBeNull();
});
