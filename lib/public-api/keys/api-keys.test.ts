/**
 * API keys: a nonprofit creates a key on its dashboard (shown once, only a hash at
 * rest, a visible prefix), lists and revokes its own keys; nobody else can; a revoked key, or
 * one of an organization claimed again by someone else, never authenticates.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { call } from "@/lib/http/testing";
import { makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { apiKeys, organizations } from "@/models";
import { GET as listRoute, POST as createRoute } from "@/app/api/(app)/api-keys/route";
import { DELETE as revokeRoute } from "@/app/api/(app)/api-keys/[id]/route";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey, MAX_ACTIVE_API_KEYS } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
beforeAll(async () => {
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Key Keepers A", "Key Keepers B"], "keys-donor@example.org"));
}, 120_000);
afterAll(() => h.close());

const status = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status ?? 500);

describe("creating a key", () => {
  test("POST /api/api-keys shows the key once; only its SHA-256 hash and prefix are stored", async () => {
    const res = await call(createRoute, { method: "POST", url: "/api/api-keys", user: a.user, json: { name: "  CRM sync ", scopes: ["read:events", "read:donations", "read:donations"] } });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const { key, secret } = (await res.json()) as { key: { id: string; name: string; prefix: string; scopes: string[]; lastUsedAt: null; revokedAt: null }; secret: string };
    expect(secret).toMatch(/^gb_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: "CRM sync", scopes: ["read:donations", "read:events"], lastUsedAt: null, revokedAt: null });
    expect(key.prefix).toBe(secret.slice(0, 16));
    expect(JSON.stringify(key)).not.toContain(secret.slice(16));

    const [row] = await h.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret.slice(16));
    expect(row!.organizationId).toBe(a.organizationId);

    // Never shown again: the list carries the prefix only.
    const listed = await call(listRoute, { url: "/api/api-keys", user: a.user });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).toContain(key.prefix);
    expect(text).not.toContain(secret.slice(16));
    expect(text).not.toContain(row!.secretHash);
  });

  test("bad names and scopes get the catalogue's messages and create nothing", async () => {
    const before = (await listApiKeys({ actor: a.user })).length;
    const cases: [unknown, string, string][] = [
      [{ name: "", scopes: ["read:donations"] }, "name", messages.apiKeys.nameRequired],
      [{ name: "x".repeat(61), scopes: ["read:donations"] }, "name", messages.apiKeys.nameTooLong],
      [{ name: "No scopes", scopes: [] }, "scopes", messages.apiKeys.scopesRequired],
      [{ name: "Bad scope", scopes: ["write:donations"] }, "scopes.0", messages.apiKeys.scopeInvalid],
    ];
    for (const [json, field, message] of cases) {
      const res = await call(createRoute, { method: "POST", url: "/api/api-keys", user: a.user, json });
      expect(res.status).toBe(400);
      expect((await res.json()).fields[field]).toBe(message);
    }
    expect(await listApiKeys({ actor: a.user })).toHaveLength(before);
  });

  test("only a nonprofit user, from Givebridge itself, creates keys", async () => {
    const anonymous = await call(createRoute, { method: "POST", url: "/api/api-keys", json: { name: "Anon", scopes: ["read:donations"] } });
    expect(anonymous.status).toBe(401);
    const asDonor = await call(createRoute, { method: "POST", url: "/api/api-keys", user: donor, json: { name: "Donor", scopes: ["read:donations"] } });
    expect(asDonor.status).toBe(403);
    const crossSite = await call(createRoute, { method: "POST", url: "/api/api-keys", user: a.user, json: { name: "CSRF", scopes: ["read:donations"] }, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await status(createApiKey({ actor: donor, input: { name: "Donor", scopes: ["read:donations"] } }))).toBe(403);
    expect((await listApiKeys({ actor: a.user })).map((k) => k.name)).not.toContain("CSRF");
  });

  test(`an organization holds at most ${MAX_ACTIVE_API_KEYS} active keys`, async () => {
    const active = (await listApiKeys({ actor: b.user })).filter((k) => !k.revokedAt).length;
    for (let i = active; i < MAX_ACTIVE_API_KEYS; i++) await createApiKey({ actor: b.user, input: { name: `Key ${i}`, scopes: ["read:events"] } });
    const res = await call(createRoute, { method: "POST", url: "/api/api-keys", user: b.user, json: { name: "One too many", scopes: ["read:events"] } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(messages.apiKeys.tooMany(MAX_ACTIVE_API_KEYS));
    // Revoking one makes room again.
    const [first] = await listApiKeys({ actor: b.user });
    await revokeApiKey({ actor: b.user, keyId: first!.id });
    await expect(createApiKey({ actor: b.user, input: { name: "Room again", scopes: ["read:events"] } })).resolves.toHaveProperty("secret");
  });
});

describe("revoking a key", () => {
  test("DELETE /api/api-keys/{id} revokes at once; the key no longer authenticates; revoking again keeps the first time", async () => {
    const { key, secret } = await createApiKey({ actor: a.user, input: { name: "To revoke", scopes: ["read:donations"] } });
    const actor = await authenticateApiKey(secret);
    expect(actor).toEqual({ kind: "api_key", keyId: key.id, organizationId: a.organizationId, scopes: ["read:donations"] });
    const [used] = await h.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);

    const res = await call(revokeRoute, { method: "DELETE", url: `/api/api-keys/${key.id}`, params: { id: key.id }, user: a.user });
    expect(res.status).toBe(200);
    const revokedAt = ((await res.json()) as { key: { revokedAt: string } }).key.revokedAt;
    expect(revokedAt).toBeTruthy();
    expect(await authenticateApiKey(secret)).toBeNull();

    const again = await call(revokeRoute, { method: "DELETE", url: `/api/api-keys/${key.id}`, params: { id: key.id }, user: a.user });
    expect(((await again.json()) as { key: { revokedAt: string } }).key.revokedAt).toBe(revokedAt);
  });

  test("organization B can neither see nor revoke A's key (404, nothing changes)", async () => {
    const { key, secret } = await createApiKey({ actor: a.user, input: { name: "A's own", scopes: ["read:donations"] } });
    expect((await listApiKeys({ actor: b.user })).map((k) => k.id)).not.toContain(key.id);
    const res = await call(revokeRoute, { method: "DELETE", url: `/api/api-keys/${key.id}`, params: { id: key.id }, user: b.user });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(messages.apiKeys.notFound);
    const asDonor = await call(revokeRoute, { method: "DELETE", url: `/api/api-keys/${key.id}`, params: { id: key.id }, user: donor });
    expect(asDonor.status).toBe(403);
    expect(await authenticateApiKey(secret)).not.toBeNull();
  });

  test("a key stops working when its organization is released and claimed again", async () => {
    const { secret } = await createApiKey({ actor: a.user, input: { name: "Before the new claim", scopes: ["read:donations"] } });
    expect(await authenticateApiKey(secret)).not.toBeNull();
    await h.db.update(organizations).set({ claimedAt: new Date(Date.now() + 60_000) }).where(eq(organizations.id, a.organizationId));
    expect(await authenticateApiKey(secret)).toBeNull();
    await h.db.update(organizations).set({ claimed: false, claimedAt: null }).where(eq(organizations.id, a.organizationId));
    expect(await authenticateApiKey(secret)).toBeNull();
    await h.db.update(organizations).set({ claimed: true, claimedAt: new Date(Date.now() - 3_600_000) }).where(eq(organizations.id, a.organizationId));
    expect(await authenticateApiKey(secret)).not.toBeNull();
  });

  test("malformed and unknown keys do not authenticate", async () => {
    for (const bad of ["", "gb_live_short", `gb_live_${"A".repeat(43)}`, `sk_live_${"A".repeat(43)}`, `gb_live_${"A".repeat(42)}\u0000`]) {
      expect(await authenticateApiKey(bad)).toBeNull();
    }
  });
});
