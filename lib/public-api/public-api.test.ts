/**
 * The public REST API (/api/v1) over its real route handlers and a real database:
 * scopes and revocation, a key of X never reads Y, no unshared donor field in any answer,
 * cursor pagination, RateLimit headers and 429, RFC 9457 problem details, the public reads and
 * payouts computed from the providers' confirmations.
 */
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { V1_REQUESTED_PATH_HEADER } from "@/lib/http/v1-canonical-path";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { revokeApiKey } from "@/lib/public-api/keys/revoke-api-key";
import { makeGift, makeTicketPurchase, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import type { ApiScope } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { apiKeys, fundraisers, eventTicketTypes, events, organizations, rateLimits, recurringGifts } from "@/models";
import { GET as catchAll, POST as catchAllPost } from "@/app/api/v1/[...path]/route";
import { GET as versionRoot } from "@/app/api/v1/route";
import { GET as donationRoute } from "@/app/api/v1/donations/[id]/route";
import { GET as donationsRoute } from "@/app/api/v1/donations/route";
import { GET as eventRoute } from "@/app/api/v1/events/[id]/route";
import { GET as eventsRoute } from "@/app/api/v1/events/route";
import { DELETE as fundraiserDelete, GET as fundraiserRoute, PUT as fundraiserPut } from "@/app/api/v1/fundraisers/[id]/route";
import { GET as fundraisersRoute, OPTIONS as fundraisersOptions, POST as fundraisersPost } from "@/app/api/v1/fundraisers/route";
import { POST as openApiPost } from "@/app/api/v1/openapi.json/route";
import { GET as ownEventsRoute } from "@/app/api/v1/organization/events/route";
import { GET as ownFundraisersRoute } from "@/app/api/v1/organization/fundraisers/route";
import { GET as organizationRoute } from "@/app/api/v1/organizations/[ein]/route";
import { GET as organizationsRoute } from "@/app/api/v1/organizations/route";
import { GET as payoutsRoute } from "@/app/api/v1/payouts/route";
import { GET as recurringRoute } from "@/app/api/v1/recurring-gifts/route";

jest.setTimeout(120_000);

type Answer = { status: number; headers: Headers; text: string; body: Record<string, unknown> & { data?: Record<string, unknown>[] } };

async function api(handler: unknown, url: string, o: { key?: string; method?: string; json?: unknown; body?: string; params?: Record<string, string | string[]>; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await call(handler, { url, method: o.method, json: o.json, body: o.body, params: o.params, headers: { ...(o.key ? { authorization: `Bearer ${o.key}` } : {}), ...o.headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

/** Assert `r` is RFC 9457 problem details with this status and slug (and detail, when given). */
function expectProblem(r: Answer, status: number, slug: string, detail?: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  expect(r.body).toMatchObject({ status, type: expect.stringMatching(new RegExp(`/developers#problem-${slug}$`)), title: expect.any(String), detail: expect.any(String) });
  if (detail) expect(r.body.detail).toBe(detail);
}

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
let einA: string;
const keys = {} as Record<"a" | "aDonations" | "b", string>;
const ids = {} as Record<"roof" | "old" | "private" | "shared" | "anonymous" | "ticket" | "day1" | "refunded" | "other" | "recurring" | "upcoming" | "past", string>;

async function keyFor(np: ClaimedNonprofit, scopes: ApiScope[], name = scopes.join(" ")): Promise<string> {
  return (await createApiKey({ actor: np.user, input: { name, scopes } })).secret;
}

const DAY1 = new Date("2026-01-10T15:00:00Z");
const DAY2 = new Date("2026-01-12T09:00:00Z");

beforeAll(async () => {
  setEnvForTests({ API_KEY_RATE_LIMIT: "100000", API_IP_RATE_LIMIT: "100000" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Maple Valley Food Shelf", "Birch Hollow Library"], "api-donor@example.org"));
  einA = (await h.db.select({ ein: organizations.ein }).from(organizations).where(eq(organizations.id, a.organizationId)))[0]!.ein!;
  const [roof, old] = await h.db
    .insert(fundraisers)
    .values([
      { organizationId: a.organizationId, name: "Roof Repair Fund", goalCents: 500_000, topic: "Housing" },
      { organizationId: a.organizationId, name: "Old Book Drive", goalCents: 10_000, status: "ended", endedAt: new Date() },
    ])
    .returning({ id: fundraisers.id });
  ids.roof = roof!.id;
  ids.old = old!.id;
  await h.db.insert(fundraisers).values({ organizationId: b.organizationId, name: "Birch Reading Room", goalCents: 100_000 });

  // A's donations: nothing shared, name and email shared, anonymous.
  ids.private = await makeGift(h.db, a.organizationId, donor.id, { fundraiserId: ids.roof, createdAt: new Date(Date.now() - 5_000) });
  ids.shared = await makeGift(h.db, a.organizationId, null, { shareName: true, shareEmail: true, donorName: "Sam Sharer", donorEmail: "sam@example.org", tributeType: "honor", tributeName: "Grandpa Joe", createdAt: new Date(Date.now() - 4_000) });
  ids.anonymous = await makeGift(h.db, a.organizationId, null, { anonymous: true, shareName: true, shareEmail: true, shareLocation: true, donorName: "Ann Onymous", donorEmail: "ann@example.org", createdAt: new Date(Date.now() - 3_000) });
  // Two gifts settled on DAY1, one of them refunded on DAY2 (payouts).
  ids.day1 = await makeGift(h.db, a.organizationId, null, { amountCents: 10_000, feeCents: 320, succeededAt: DAY1, createdAt: DAY1 });
  ids.refunded = await makeGift(h.db, a.organizationId, null, { amountCents: 5_000, feeCents: 175, coverFees: true, status: "refunded", succeededAt: DAY1, refundedAt: DAY2, createdAt: DAY1 });
  ids.other = await makeGift(h.db, b.organizationId, null, { shareName: true, donorName: "Bea Other", donorEmail: "bea@example.org", amountCents: 7_700 });

  const [gift] = await h.db
    .insert(recurringGifts)
    .values({ organizationId: a.organizationId, amountCents: 1_500, provider: "sandbox", donorEmail: "monthly@example.org", chargeDay: 5, nextChargeAt: new Date("2026-02-05T00:00:00Z"), pastDueAt: new Date() })
    .returning({ id: recurringGifts.id });
  ids.recurring = gift!.id;
  await h.db.insert(recurringGifts).values({ organizationId: b.organizationId, amountCents: 900, provider: "sandbox", donorEmail: "b-monthly@example.org" });

  const [upcoming, past] = await h.db
    .insert(events)
    .values([
      { organizationId: a.organizationId, name: "Harvest Supper", startsAt: new Date(Date.now() + 30 * 86_400_000), city: "Randolph", state: "VT" },
      { organizationId: a.organizationId, name: "Spring Sale", startsAt: new Date(Date.now() - 30 * 86_400_000) },
    ])
    .returning({ id: events.id });
  ids.upcoming = upcoming!.id;
  ids.past = past!.id;
  // A ticket payment (not a donation), for the past event.
  ids.ticket = (await makeTicketPurchase(h.db, a.organizationId, null, { eventId: ids.past, amountCents: 3_000, feeCents: 117, succeededAt: DAY1, createdAt: DAY1 })).paymentId;
  await h.db.insert(eventTicketTypes).values({ eventId: ids.upcoming, name: "Dinner", priceCents: 4_000, fairMarketValueCents: 2_500, quantity: 80, sold: 12 });
  await h.db.insert(events).values({ organizationId: b.organizationId, name: "Birch Book Fair", startsAt: new Date(Date.now() + 10 * 86_400_000) });

  keys.a = await keyFor(a, ["read:donations", "read:fundraisers", "read:events", "read:payouts"]);
  keys.aDonations = await keyFor(a, ["read:donations"]);
  keys.b = await keyFor(b, ["read:donations", "read:fundraisers", "read:events", "read:payouts"]);
}, 180_000);

afterAll(async () => {
  setEnvForTests({ API_KEY_RATE_LIMIT: undefined, API_IP_RATE_LIMIT: undefined });
  await h.close();
});

describe("donations: only what each donor shared", () => {
  test("the list carries the shared fields only, null for an anonymous gift, and no ticket payment", async () => {
    const r = await api(donationsRoute, "/api/v1/donations?limit=100", { key: keys.a });
    expect(r.status).toBe(200);
    const byId = new Map(r.body.data!.map((d) => [d.id as string, d]));
    expect([...byId.keys()].sort()).toEqual([ids.private, ids.shared, ids.anonymous, ids.day1, ids.refunded].sort());
    expect(byId.get(ids.private)!.donor).toEqual({});
    expect(byId.get(ids.shared)!.donor).toEqual({ name: "Sam Sharer", email: "sam@example.org" });
    expect(byId.get(ids.anonymous)!.donor).toBeNull();
    expect(byId.get(ids.private)!.fundraiser_id).toBe(ids.roof);
    // makeGift's donor details (Dana Donor, 8025550100, Montpelier, female) were never shared.
    for (const secret of ["Dana Donor", "dana@example.org", "8025550100", "Montpelier", "female", "Ann Onymous", "ann@example.org"]) expect(r.text).not.toContain(secret);
    expect(Object.keys(byId.get(ids.shared)!).sort()).toEqual(
      ["id", "object", "organization_id", "fundraiser_id", "recurring_gift_id", "amount_cents", "fee_cents", "cover_fees", "currency", "status", "payment_method_type", "created_at", "succeeded_at", "refunded_at", "anonymous", "donor", "tribute", "offline_method", "supporter_page_id", "team_id"].sort(),
    );
  });

  test("one donation, and the filters", async () => {
    const one = await api(donationRoute, `/api/v1/donations/${ids.shared}`, { key: keys.a, params: { id: ids.shared } });
    expect(one.body).toMatchObject({ object: "donation", id: ids.shared, donor: { name: "Sam Sharer", email: "sam@example.org" }, tribute: { type: "honor", name: "Grandpa Joe" } });
    const plain = await api(donationRoute, `/api/v1/donations/${ids.private}`, { key: keys.a, params: { id: ids.private } });
    expect(plain.body.tribute).toBeNull();
    const ticket = await api(donationRoute, `/api/v1/donations/${ids.ticket}`, { key: keys.a, params: { id: ids.ticket } });
    expectProblem(ticket, 404, "not-found", messages.donation.notFound);

    const refunded = await api(donationsRoute, "/api/v1/donations?status=refunded", { key: keys.a });
    expect(refunded.body.data!.map((d) => d.id)).toEqual([ids.refunded]);
    const toRoof = await api(donationsRoute, `/api/v1/donations?fundraiser_id=${ids.roof}`, { key: keys.a });
    expect(toRoof.body.data!.map((d) => d.id)).toEqual([ids.private]);
    const direct = await api(donationsRoute, "/api/v1/donations?fundraiser_id=direct&limit=100", { key: keys.a });
    expect(direct.body.data!.map((d) => d.id)).not.toContain(ids.private);
    const window = await api(donationsRoute, "/api/v1/donations?created_after=2026-01-10T00:00:00Z&created_before=2026-01-11T00:00:00Z", { key: keys.a });
    expect(window.body.data!.map((d) => d.id).sort()).toEqual([ids.day1, ids.refunded].sort());
    // An empty value is not "no filter": it is refused, naming each parameter.
    const empty = await api(donationsRoute, "/api/v1/donations?status=&fundraiser_id=", { key: keys.a });
    expectProblem(empty, 400, "invalid-request", messages.publicApi.paramEmpty("status"));
    expect(empty.body.errors).toEqual([
      { field: "status", detail: messages.publicApi.paramEmpty("status") },
      { field: "fundraiser_id", detail: messages.publicApi.paramEmpty("fundraiser_id") },
    ]);
  });

  test("recurring gifts carry no donor field", async () => {
    const r = await api(recurringRoute, "/api/v1/recurring-gifts", { key: keys.aDonations });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      expect.objectContaining({ object: "recurring_gift", id: ids.recurring, amount_cents: 1_500, status: "active", charge_day: 5, past_due: true, next_charge_at: "2026-02-05T00:00:00.000Z" }),
    ]);
    expect(r.text).not.toContain("monthly@example.org");
  });
});

describe("a key of organization X never reads organization Y", () => {
  test("every organization-scoped list answers only the key's organization", async () => {
    const lists: [unknown, string][] = [
      [donationsRoute, "/api/v1/donations?limit=100"],
      [recurringRoute, "/api/v1/recurring-gifts?limit=100"],
      [payoutsRoute, "/api/v1/payouts?limit=100"],
      [ownFundraisersRoute, "/api/v1/organization/fundraisers?limit=100"],
      [ownEventsRoute, "/api/v1/organization/events?limit=100"],
    ];
    for (const [handler, url] of lists) {
      const asA = await api(handler, url, { key: keys.a });
      const asB = await api(handler, url, { key: keys.b });
      expect(asA.status).toBe(200);
      expect(asA.body.data!.length).toBeGreaterThan(0);
      expect(asB.body.data!.length).toBeGreaterThan(0);
      expect(new Set(asA.body.data!.map((d) => d.organization_id))).toEqual(new Set([a.organizationId]));
      expect(new Set(asB.body.data!.map((d) => d.organization_id))).toEqual(new Set([b.organizationId]));
      expect(asA.text).not.toContain("Bea Other");
    }
  });

  test("A's key asking for B's donation by id gets the same 404 as an unknown id", async () => {
    const theirs = await api(donationRoute, `/api/v1/donations/${ids.other}`, { key: keys.a, params: { id: ids.other } });
    const unknown = await api(donationRoute, `/api/v1/donations/${randomUUID()}`, { key: keys.a, params: { id: randomUUID() } });
    expectProblem(theirs, 404, "not-found", messages.donation.notFound);
    expect({ ...theirs.body, instance: undefined }).toEqual({ ...unknown.body, instance: undefined });
    expect(theirs.text).not.toContain("Bea Other");
  });
});

describe("scopes and revocation", () => {
  test("no key: 401 with a Bearer challenge; a key without the scope: 403 insufficient_scope", async () => {
    const none = await api(donationsRoute, "/api/v1/donations");
    expectProblem(none, 401, "unauthorized", messages.publicApi.keyMissing);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="Givebridge API"');

    for (const [handler, url, scope] of [
      [payoutsRoute, "/api/v1/payouts", "read:payouts"],
      [ownEventsRoute, "/api/v1/organization/events", "read:events"],
      [ownFundraisersRoute, "/api/v1/organization/fundraisers", "read:fundraisers"],
    ] as const) {
      const r = await api(handler, url, { key: keys.aDonations });
      expectProblem(r, 403, "forbidden", messages.publicApi.scopeMissing(scope));
      expect(r.headers.get("www-authenticate")).toBe(`Bearer realm="Givebridge API", error="insufficient_scope", scope="${scope}"`);
      expect(r.text).not.toContain("data");
    }
    expect((await api(donationsRoute, "/api/v1/donations", { key: keys.aDonations })).status).toBe(200);
  });

  test("a revoked key gets 401 invalid_token at once, on public calls too; a malformed header too", async () => {
    const created = await createApiKey({ actor: a.user, input: { name: "Soon revoked", scopes: ["read:donations"] } });
    expect((await api(donationsRoute, "/api/v1/donations", { key: created.secret })).status).toBe(200);
    const [used] = await h.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(used!.at).toBeInstanceOf(Date);
    await revokeApiKey({ actor: a.user, keyId: created.key.id });
    for (const [handler, url] of [
      [donationsRoute, "/api/v1/donations"],
      [eventsRoute, "/api/v1/events"],
    ] as const) {
      const r = await api(handler, url, { key: created.secret });
      expectProblem(r, 401, "unauthorized", messages.publicApi.keyInvalid);
      expect(r.headers.get("www-authenticate")).toBe('Bearer realm="Givebridge API", error="invalid_token"');
    }
    const basic = await api(donationsRoute, "/api/v1/donations", { headers: { authorization: `Basic ${Buffer.from("x:y").toString("base64")}` } });
    expectProblem(basic, 401, "unauthorized", messages.publicApi.keyInvalid);
  });

  test("a session cookie gives no access to the API", async () => {
    const res = await call(donationsRoute, { url: "/api/v1/donations", user: a.user });
    expect(res.status).toBe(401);
  });
});

describe("cursor pagination", () => {
  test("pages of 2 chain through next_cursor, newest first, each donation once", async () => {
    const seen: string[] = [];
    let url = "/api/v1/donations?limit=2";
    for (let page = 0; page < 10; page++) {
      const r = await api(donationsRoute, url, { key: keys.a });
      expect(r.status).toBe(200);
      expect(r.body.object).toBe("list");
      expect(r.body.data!.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.data!.map((d) => d.id as string));
      if (!r.body.has_more) {
        expect(r.body.next_cursor).toBeNull();
        break;
      }
      url = `/api/v1/donations?limit=2&cursor=${encodeURIComponent(r.body.next_cursor as string)}`;
    }
    const all = await api(donationsRoute, "/api/v1/donations?limit=100", { key: keys.a });
    expect(seen).toEqual(all.body.data!.map((d) => d.id));
    expect(new Set(seen).size).toBe(5);
    const times = all.body.data!.map((d) => Date.parse(d.created_at as string));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  test("the search lists page too (offset cursors), and a cursor of one kind is refused by the other", async () => {
    const first = await api(fundraisersRoute, "/api/v1/fundraisers?limit=1");
    expect(first.body.data).toHaveLength(1);
    expect(first.body.has_more).toBe(true);
    const second = await api(fundraisersRoute, `/api/v1/fundraisers?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data![0]!.id).not.toBe(first.body.data![0]!.id);
    const mixed = await api(donationsRoute, `/api/v1/donations?cursor=${first.body.next_cursor}`, { key: keys.a });
    expectProblem(mixed, 400, "invalid-request", messages.publicApi.cursorInvalid);
  });

  test("limit above the maximum, a bad cursor and a bad time are 400 with one error per field", async () => {
    const big = await api(donationsRoute, "/api/v1/donations?limit=101", { key: keys.a });
    expectProblem(big, 400, "invalid-request");
    expect(big.body.errors).toEqual([{ field: "limit", detail: messages.fields.tooBig("Limit", 100) }]);
    const zero = await api(donationsRoute, "/api/v1/donations?limit=0&created_after=yesterday", { key: keys.a });
    expect(zero.body.errors).toEqual([
      { field: "limit", detail: messages.fields.tooSmall("Limit", 1) },
      { field: "created_after", detail: messages.publicApi.dateTimeInvalid },
    ]);
    for (const cursor of ["not-a-cursor", Buffer.from('{"k":[1,2]}').toString("base64url"), Buffer.from('{"o":-5}').toString("base64url")]) {
      const r = await api(donationsRoute, `/api/v1/donations?cursor=${cursor}`, { key: keys.a });
      expectProblem(r, 400, "invalid-request", messages.publicApi.cursorInvalid);
      expect(r.body.errors).toEqual([{ field: "cursor", detail: messages.publicApi.cursorInvalid }]);
    }
  });
});

describe("rate limits", () => {
  afterEach(() => setEnvForTests({ API_KEY_RATE_LIMIT: "100000", API_IP_RATE_LIMIT: "100000" }));

  test("every answer states the allowance; the key's call after the last is 429 with Retry-After", async () => {
    setEnvForTests({ API_KEY_RATE_LIMIT: "3", API_RATE_LIMIT_WINDOW_SECONDS: "60" });
    const key = await keyFor(a, ["read:donations"], "rate limited");
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api(donationsRoute, "/api/v1/donations?limit=1", { key });
      expect(r.status).toBe(200);
      expect(r.headers.get("ratelimit-limit")).toBe("3");
      expect(Number(r.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
      remaining.push(r.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await api(donationsRoute, "/api/v1/donations?limit=1", { key });
    expectProblem(refused, 429, "rate-limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.body.detail).toBe(messages.publicApi.rateLimited(Number(refused.headers.get("retry-after"))));
    // Another key of the same organization has its own allowance.
    const sibling = await keyFor(a, ["read:donations"], "rate limited too");
    expect((await api(donationsRoute, "/api/v1/donations?limit=1", { key: sibling })).headers.get("ratelimit-remaining")).toBe("2");
  });

  test("public calls without a key are limited per IP address", async () => {
    await h.db.delete(rateLimits).where(like(rateLimits.key, "api_ip%"));
    setEnvForTests({ API_IP_RATE_LIMIT: "2" });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await api(eventsRoute, "/api/v1/events"));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers[0]!.headers.get("ratelimit-limit")).toBe("2");
    expect(answers[2]!.headers.get("retry-after")).toBeTruthy();
    // A key is counted on its own, not on the address.
    expect((await api(eventsRoute, "/api/v1/events", { key: keys.b })).status).toBe(200);
  });
});

describe("problem details and parameters", () => {
  test("an unknown call, a bad EIN and control characters are problem+json", async () => {
    const unknown = await api(catchAll, "/api/v1/nope", { params: { path: ["nope"] } });
    expectProblem(unknown, 404, "not-found", messages.publicApi.unknownCall);
    expect(unknown.body.instance).toBe("/api/v1/nope");
    const badEin = await api(organizationRoute, "/api/v1/organizations/12345", { params: { ein: "12345" } });
    expectProblem(badEin, 400, "invalid-request", messages.organization.einInvalid);
    expect(badEin.body.errors).toEqual([{ field: "ein", detail: messages.organization.einInvalid }]);
    const nul = await api(eventsRoute, "/api/v1/events?q=a%00b");
    expectProblem(nul, 400, "invalid-request");
    expect(nul.body.errors).toEqual([{ field: "q", detail: messages.fields.controlCharacters("Q") }]);
    expect(Object.keys(badEin.body).sort()).toEqual(["detail", "errors", "instance", "status", "title", "type"]);
  });

  test("every answer may be read cross-origin and is never cached", async () => {
    const r = await api(eventsRoute, "/api/v1/events");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
  });
});

describe("public reads", () => {
  test("an organization by EIN, with or without the dash; unknown is 404", async () => {
    const r = await api(organizationRoute, `/api/v1/organizations/${einA}`, { params: { ein: einA } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "organization", id: a.organizationId, ein: einA, claimed: true, accepts_donations: true, state: "VT" });
    const dashed = `${einA.slice(0, 2)}-${einA.slice(2)}`;
    expect((await api(organizationRoute, `/api/v1/organizations/${dashed}`, { params: { ein: dashed } })).body.id).toBe(a.organizationId);
    expectProblem(await api(organizationRoute, "/api/v1/organizations/999999999", { params: { ein: "999999999" } }), 404, "not-found", messages.organization.notFound);
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, b.organizationId));
    const einB = (await h.db.select({ ein: organizations.ein }).from(organizations).where(eq(organizations.id, b.organizationId)))[0]!.ein!;
    expect((await api(organizationRoute, `/api/v1/organizations/${einB}`, { params: { ein: einB } })).status).toBe(404);
    await h.db.update(organizations).set({ live: true }).where(eq(organizations.id, b.organizationId));
  });

  test("directory search, fundraisers and events", async () => {
    const search = await api(organizationsRoute, "/api/v1/organizations?q=maple%20valley&state=VT");
    expect(search.status).toBe(200);
    expect(search.body.data!.map((o) => o.id)).toContain(a.organizationId);
    const badCategory = await api(organizationsRoute, "/api/v1/organizations?category=zzz-none");
    expectProblem(badCategory, 400, "invalid-request");

    const mine = await api(fundraisersRoute, `/api/v1/fundraisers?ein=${einA}`);
    expect(mine.body.data!.map((f) => f.name)).toEqual(["Roof Repair Fund"]);
    const one = await api(fundraiserRoute, `/api/v1/fundraisers/${ids.old}`, { params: { id: ids.old } });
    expect(one.body).toMatchObject({ object: "fundraiser", id: ids.old, status: "ended", goal_cents: 10_000, organization_id: a.organizationId });
    expect(one.body.url).toMatch(new RegExp(`/fundraiser/${ids.old}$`));

    const upcoming = await api(eventsRoute, "/api/v1/events?limit=100");
    const names = upcoming.body.data!.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["Harvest Supper", "Birch Book Fair"]));
    expect(names).not.toContain("Spring Sale");
    const past = await api(eventRoute, `/api/v1/events/${ids.past}`, { params: { id: ids.past } });
    expect(past.body).toMatchObject({ object: "event", name: "Spring Sale", organization_id: a.organizationId });
    expect(past.body).not.toHaveProperty("likes_count");
  });
});

describe("the organization's own fundraisers, events and payouts", () => {
  test("fundraisers include ended ones; events include past ones, with tickets sold", async () => {
    const f = await api(ownFundraisersRoute, "/api/v1/organization/fundraisers", { key: keys.a });
    expect(f.body.data!.map((x) => x.name).sort()).toEqual(["Old Book Drive", "Roof Repair Fund"]);
    const ended = await api(ownFundraisersRoute, "/api/v1/organization/fundraisers?status=ended", { key: keys.a });
    expect(ended.body.data!.map((x) => x.id)).toEqual([ids.old]);

    const e = await api(ownEventsRoute, "/api/v1/organization/events", { key: keys.a });
    expect(e.body.data!.map((x) => x.name)).toEqual(["Harvest Supper", "Spring Sale"]);
    expect(e.body.data![0]!.ticket_types).toEqual([
      expect.objectContaining({ name: "Dinner", price_cents: 4_000, fair_market_value_cents: 2_500, quantity: 80, sold: 12 }),
    ]);
  });

  test("payouts: one provider's settlement per UTC day, net of fees and refunds", async () => {
    const r = await api(payoutsRoute, "/api/v1/payouts?limit=100", { key: keys.a });
    expect(r.status).toBe(200);
    const byDate = new Map(r.body.data!.map((p) => [p.date as string, p]));
    // DAY1: a $100 gift (fee 3.20), a $50 gift whose donor covered $1.75 of fees, a $30 ticket (fee 1.17).
    expect(byDate.get("2026-01-10")).toEqual({
      object: "payout",
      id: "po_sandbox_20260110",
      organization_id: a.organizationId,
      provider: "sandbox",
      date: "2026-01-10",
      status: "settled",
      currency: "usd",
      gross_cents: 10_000 + 5_175 + 3_000,
      fee_cents: 320 + 175 + 117,
      refunded_cents: 0,
      net_cents: 18_175 - 612,
      payment_count: 3,
      refund_count: 0,
    });
    // DAY2: the covered-fees gift is refunded whole.
    expect(byDate.get("2026-01-12")).toMatchObject({ gross_cents: 0, refunded_cents: 5_175, net_cents: -5_175, refund_count: 1, payment_count: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(byDate.get(today)).toMatchObject({ status: "open", payment_count: 3 });
    expect(r.body.data!.map((p) => p.date)).toEqual([today, "2026-01-12", "2026-01-10"]);

    const page1 = await api(payoutsRoute, "/api/v1/payouts?limit=2", { key: keys.a });
    const page2 = await api(payoutsRoute, `/api/v1/payouts?limit=2&cursor=${page1.body.next_cursor}`, { key: keys.a });
    expect([...page1.body.data!, ...page2.body.data!].map((p) => p.id)).toEqual(r.body.data!.map((p) => p.id));
    expect(page2.body.has_more).toBe(false);
  });
});

describe("cursors are bound to their list, its filters and the key's organization", () => {
  /** `cursor` with one character of its part `part` (0 = position, 1 = seal) changed. */
  const altered = (cursor: string, part: 0 | 1) => {
    const parts = cursor.split(".");
    const s = parts[part]!;
    parts[part] = s.slice(0, -2) + (s.at(-2) === "A" ? "B" : "A") + s.at(-1);
    return parts.join(".");
  };

  test("a cursor chains on its own list with the same filters, whatever the limit", async () => {
    const first = await api(donationsRoute, "/api/v1/donations?limit=2&status=succeeded", { key: keys.a });
    expect(first.body.has_more).toBe(true);
    const cursor = encodeURIComponent(first.body.next_cursor as string);
    const next = await api(donationsRoute, `/api/v1/donations?status=succeeded&limit=3&cursor=${cursor}`, { key: keys.a });
    expect(next.status).toBe(200);
    expect(next.body.data!.length).toBeGreaterThan(0);
  });

  test("another list, other filters, another organization's key, an altered or hand-made cursor: 400", async () => {
    const donations = await api(donationsRoute, "/api/v1/donations?limit=1", { key: keys.a });
    const fundraiserRows = await api(fundraisersRoute, "/api/v1/fundraisers?limit=1");
    const events = await api(eventsRoute, "/api/v1/events?limit=1");
    const d = encodeURIComponent(donations.body.next_cursor as string);
    const f = encodeURIComponent(fundraiserRows.body.next_cursor as string);
    const e = encodeURIComponent(events.body.next_cursor as string);
    const refused: [unknown, string, string?][] = [
      [eventsRoute, `/api/v1/events?cursor=${f}`],
      [fundraisersRoute, `/api/v1/fundraisers?cursor=${e}`],
      [fundraisersRoute, `/api/v1/fundraisers?topic=Housing&cursor=${f}`],
      [fundraisersRoute, `/api/v1/fundraisers?cursor=${Buffer.from('{"o":5}').toString("base64url")}`],
      [fundraisersRoute, `/api/v1/fundraisers?cursor=${encodeURIComponent(altered(fundraiserRows.body.next_cursor as string, 0))}`],
      [fundraisersRoute, `/api/v1/fundraisers?cursor=${encodeURIComponent(altered(fundraiserRows.body.next_cursor as string, 1))}`],
      [fundraisersRoute, `/api/v1/fundraisers?cursor=.${f}`],
      [donationsRoute, `/api/v1/donations?status=succeeded&cursor=${d}`, keys.a],
      [donationsRoute, `/api/v1/donations?cursor=${d}`, keys.b],
      [recurringRoute, `/api/v1/recurring-gifts?cursor=${d}`, keys.a],
    ];
    for (const [handler, url, key] of refused) {
      const r = await api(handler, url, { key });
      expect({ url, status: r.status }).toEqual({ url, status: 400 });
      expectProblem(r, 400, "invalid-request", messages.publicApi.cursorInvalid);
      expect(r.body.errors).toEqual([{ field: "cursor", detail: messages.publicApi.cursorInvalid }]);
      expect(r.headers.get("ratelimit-limit")).toBeTruthy();
    }
    expect((await api(fundraisersRoute, `/api/v1/fundraisers?cursor=${f}`)).status).toBe(200);
  });
});

describe("methods: every path only reads", () => {
  test("POST to a list and DELETE or PUT of a fundraiser: 405 problem details with Allow and the RateLimit fields", async () => {
    const answers = [
      await api(fundraisersPost, "/api/v1/fundraisers", { method: "POST", json: { name: "x" } }),
      await api(fundraiserDelete, `/api/v1/fundraisers/${ids.roof}`, { method: "DELETE", params: { id: ids.roof } }),
      await api(fundraiserPut, `/api/v1/fundraisers/${ids.roof}`, { method: "PUT", key: keys.a, params: { id: ids.roof }, body: "x", headers: { "content-type": "text/plain" } }),
      await api(openApiPost, "/api/v1/openapi.json", { method: "POST" }),
    ];
    for (const r of answers) {
      expectProblem(r, 405, "method-not-allowed");
      expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(r.headers.get("ratelimit-limit")).toBeTruthy();
      expect(r.headers.get("ratelimit-remaining")).toBeTruthy();
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    expect(answers[1]!.body.detail).toBe(messages.publicApi.methodNotAllowed("DELETE", "GET, HEAD, OPTIONS"));
    // Nothing was changed: the fundraiser is still there.
    expect((await api(fundraiserRoute, `/api/v1/fundraisers/${ids.roof}`, { params: { id: ids.roof } })).body.name).toBe("Roof Repair Fund");
  });

  test("OPTIONS states the methods and the allowance without counting a call", async () => {
    await h.db.delete(rateLimits).where(like(rateLimits.key, "api_ip%"));
    const first = await api(fundraisersRoute, "/api/v1/fundraisers?limit=1");
    const options = await api(fundraisersOptions, "/api/v1/fundraisers", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(options.headers.get("access-control-allow-headers")).toBe("Authorization");
    expect(options.headers.get("ratelimit-remaining")).toBe(first.headers.get("ratelimit-remaining"));
    const after = await api(fundraisersRoute, "/api/v1/fundraisers?limit=1");
    expect(Number(after.headers.get("ratelimit-remaining"))).toBe(Number(first.headers.get("ratelimit-remaining")) - 1);
  });

  test("any method on an unknown path is a 404 problem with the RateLimit fields", async () => {
    const post = await api(catchAllPost, "/api/v1/nope", { method: "POST", params: { path: ["nope"] }, body: "x", headers: { "content-type": "text/plain" } });
    expectProblem(post, 404, "not-found", messages.publicApi.unknownCall);
    expect(post.headers.get("ratelimit-limit")).toBeTruthy();
  });
});

describe("every error carries problem details and the RateLimit fields", () => {
  test("a NUL in the query or in the path, an unknown path, a bad key", async () => {
    const answers = [
      await api(eventsRoute, "/api/v1/events?q=%00"),
      await api(fundraiserRoute, "/api/v1/fundraisers/%00", { params: { id: "\u0000" } }),
      await api(catchAll, "/api/v1/%00", { params: { path: ["\u0000"] } }),
      await api(catchAll, "/api/v1/nope", { params: { path: ["nope"] } }),
      await api(eventsRoute, "/api/v1/events", { key: "gb_live_not-a-key" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 404, 401]);
    for (const r of answers) {
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(r.headers.get(name)).toMatch(/^\d+$/);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    }
  });
});

describe("an address with repeated or trailing slashes (lib/http/v1-canonical-path.ts)", () => {
  test("is a 308 to the canonical address, with the RateLimit fields and an about:blank problem body", async () => {
    const answers = [
      await api(organizationsRoute, "/api/v1/organizations?state=VT", { headers: { [V1_REQUESTED_PATH_HEADER]: "/api/v1//organizations" } }),
      await api(organizationsRoute, "/api/v1/organizations", { headers: { [V1_REQUESTED_PATH_HEADER]: "/api/v1/organizations/" } }),
      await api(catchAll, "/api/v1/nope", { params: { path: ["nope"] }, headers: { [V1_REQUESTED_PATH_HEADER]: "/api/v1/nope/" } }),
      await api(catchAllPost, "/api/v1/nope", { method: "POST", params: { path: ["nope"] }, body: "x", headers: { "content-type": "text/plain", [V1_REQUESTED_PATH_HEADER]: "/api/v1//nope" } }),
    ];
    expect(answers.map((r) => [r.status, r.headers.get("location")])).toEqual([
      [308, "/api/v1/organizations?state=VT"],
      [308, "/api/v1/organizations"],
      [308, "/api/v1/nope"],
      [308, "/api/v1/nope"],
    ]);
    for (const r of answers) {
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(Object.keys(r.body).sort()).toEqual(["detail", "status", "title", "type"]);
      expect(r.body).toMatchObject({ type: "about:blank", title: "Permanent Redirect", status: 308 });
      for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(r.headers.get(name)).toMatch(/^\d+$/);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    expect(answers[0]!.body.detail).toBe(messages.publicApi.canonicalAddress("/api/v1/organizations"));
  });

  test("the version's root answers as the API does: /api/v1 is a 404 problem, /api/v1/ a 308 to it", async () => {
    const root = await api(versionRoot, "/api/v1");
    expectProblem(root, 404, "not-found", messages.publicApi.unknownCall);
    expect(root.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    const slash = await api(versionRoot, "/api/v1", { headers: { [V1_REQUESTED_PATH_HEADER]: "/api/v1/" } });
    expect([slash.status, slash.headers.get("location")]).toEqual([308, "/api/v1"]);
    expect(slash.body).toMatchObject({ type: "about:blank", status: 308 });
  });

  test("a key that does not work is still a 401 first", async () => {
    const r = await api(organizationsRoute, "/api/v1/organizations", { key: "gb_live_not-a-key", headers: { [V1_REQUESTED_PATH_HEADER]: "/api/v1/organizations/" } });
    expect(r.status).toBe(401);
    expect(r.headers.get("location")).toBeNull();
  });
});

describe("query parameters are read exactly as documented", () => {
  test("limit: decimal digits within 1..100, given once and not empty", async () => {
    const cases: [string, string][] = [
      ["limit=1e2", messages.publicApi.integerInvalid("limit")],
      ["limit=0x10", messages.publicApi.integerInvalid("limit")],
      ["limit=%2B5", messages.publicApi.integerInvalid("limit")],
      ["limit=%205", messages.publicApi.integerInvalid("limit")],
      ["limit=5.0", messages.publicApi.integerInvalid("limit")],
      ["limit=", messages.publicApi.paramEmpty("limit")],
      ["limit=1&limit=500", messages.publicApi.paramRepeated("limit")],
      ["limit=1000", messages.fields.tooBig("Limit", 100)],
    ];
    for (const [query, detail] of cases) {
      const r = await api(fundraisersRoute, `/api/v1/fundraisers?${query}`);
      expect({ query, status: r.status }).toEqual({ query, status: 400 });
      expectProblem(r, 400, "invalid-request", detail);
      expect(r.body.errors).toEqual([{ field: "limit", detail }]);
    }
    expect((await api(fundraisersRoute, "/api/v1/fundraisers?limit=2")).body.data).toHaveLength(2);
  });

  test("no case-folding the schema does not state, no unknown or repeated parameter, strict numbers", async () => {
    const lower = await api(eventsRoute, "/api/v1/events?state=vt");
    expectProblem(lower, 400, "invalid-request", messages.publicApi.stateInvalid);
    expect(lower.body.errors).toEqual([{ field: "state", detail: messages.publicApi.stateInvalid }]);
    expect((await api(eventsRoute, "/api/v1/events?state=VT")).status).toBe(200);

    const unknown = await api(eventsRoute, "/api/v1/events?stat=VT");
    expectProblem(unknown, 400, "invalid-request", messages.publicApi.paramUnknown("stat"));
    const twice = await api(donationsRoute, "/api/v1/donations?status=succeeded&status=refunded", { key: keys.a });
    expect(twice.body.errors).toEqual([{ field: "status", detail: messages.publicApi.paramRepeated("status") }]);
    const distance = await api(organizationsRoute, "/api/v1/organizations?zipcode=05401&distance=1e2");
    expect(distance.body.errors).toEqual([{ field: "distance", detail: messages.publicApi.decimalInvalid("distance") }]);
    expect((await api(organizationsRoute, "/api/v1/organizations?zipcode=05401&distance=2.5")).status).toBe(200);
  });
});
