/**
 * GET /api/v1/donors and /api/v1/donors/{id} over the real route handlers and a real database:
 * the read:donors scope (403 problem details without it), a key of X never sees Y's donors,
 * only what each donor shared (a donor who stops sharing disappears and their id is 404), never
 * the organization's notes or tags, the sealed keyset cursor, and answers that the documented
 * schemas read exactly.
 */
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { donorSchema, listOf } from "@/lib/integrations/api-resources";
import { call } from "@/lib/http/testing";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { saveDonorNote } from "@/lib/services/donor-relationships/donor-notes";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import type { ApiScope } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { GET as donorRoute } from "@/app/api/v1/donors/[id]/route";
import { GET as donorsRoute } from "@/app/api/v1/donors/route";
import { generateOpenApiDocument } from "./openapi";

jest.setTimeout(120_000);

type Answer = { status: number; headers: Headers; text: string; body: Record<string, unknown> & { data?: Record<string, unknown>[] } };

async function api(handler: unknown, url: string, o: { key?: string; params?: Record<string, string> } = {}): Promise<Answer> {
  const res = await call(handler, { url, params: o.params, headers: o.key ? { authorization: `Bearer ${o.key}` } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

const idOf = (key: string) => Buffer.from(key, "utf8").toString("base64url");
const getDonor = (key: string | undefined, id: string) => api(donorRoute, `/api/v1/donors/${id}`, { key, params: { id } });

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
const keys = {} as Record<"a" | "aDonations" | "b", string>;

async function keyFor(np: ClaimedNonprofit, scopes: ApiScope[]): Promise<string> {
  return (await createApiKey({ actor: np.user, input: { name: scopes.join(" "), scopes } })).secret;
}

const at = (day: string) => new Date(`${day}T15:00:00Z`);

beforeAll(async () => {
  setEnvForTests({ API_KEY_RATE_LIMIT: "100000", API_IP_RATE_LIMIT: "100000" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Maple Valley Food Shelf", "Birch Hollow Library"], "donors-api-donor@example.org"));
  const org = a.organizationId;
  // Sam: two gifts sharing name and email (the email in another case once).
  await makeGift(h.db, org, null, { shareName: true, shareEmail: true, donorName: "Sam Sharer", donorEmail: "Sam@Example.org", amountCents: 1_000, createdAt: at("2026-01-02") });
  await makeGift(h.db, org, null, { shareName: true, shareEmail: true, donorName: "Sam Sharer", donorEmail: "sam@example.org", amountCents: 4_000, createdAt: at("2026-02-03") });
  // Nell: only the name; her telephone and city were not shared.
  await makeGift(h.db, org, donor.id, { shareName: true, donorName: "Nell Nameonly", donorEmail: "nell@example.org", amountCents: 2_000, createdAt: at("2026-01-05") });
  // Rae shared her email, then stopped sharing it on that gift; her later gift shares nothing.
  const raes = await makeGift(h.db, org, null, { shareEmail: true, donorName: "Rae Revoker", donorEmail: "rae@example.org", amountCents: 3_000, createdAt: at("2026-01-01") });
  await h.db.update(donations).set({ shareEmail: false }).where(eq(donations.id, raes));
  await makeGift(h.db, org, null, { donorName: "Rae Revoker", donorEmail: "rae@example.org", amountCents: 3_000, createdAt: at("2026-03-01") });
  // Anonymous and unshared gifts are no donor.
  await makeGift(h.db, org, null, { anonymous: true, shareName: true, shareEmail: true, donorName: "Ann Onymous", donorEmail: "ann@example.org", createdAt: at("2026-01-03") });
  await makeGift(h.db, org, null, { donorName: "Quiet Quinn", donorEmail: "quinn@example.org", createdAt: at("2026-01-04") });
  // Five more donors for paging.
  for (let i = 1; i <= 5; i++) {
    await makeGift(h.db, org, null, { shareEmail: true, donorEmail: `page${i}@example.org`, amountCents: 100 * i, createdAt: at(`2026-04-0${i}`) });
  }
  // B's donor.
  await makeGift(h.db, b.organizationId, null, { shareName: true, shareEmail: true, donorName: "Bea Other", donorEmail: "bea@example.org", createdAt: at("2026-01-02") });
  await saveDonorNote({ actor: a.user, organizationId: org, input: { donorKey: "email:sam@example.org", note: "Board member's cousin", tags: ["major-prospect", "gala-2026"] } });

  keys.a = await keyFor(a, ["read:donors"]);
  keys.aDonations = await keyFor(a, ["read:donations", "read:fundraisers", "read:events", "read:payouts"]);
  keys.b = await keyFor(b, ["read:donors"]);
}, 180_000);

afterAll(async () => {
  setEnvForTests({ API_KEY_RATE_LIMIT: undefined, API_IP_RATE_LIMIT: undefined });
  await h.close();
});

/** Every page of the list with `limit`, following next_cursor. */
async function allPages(key: string, limit: number): Promise<{ pages: Answer[]; donors: Record<string, unknown>[] }> {
  const pages: Answer[] = [];
  let url = `/api/v1/donors?limit=${limit}`;
  for (let i = 0; i < 20; i++) {
    const r = await api(donorsRoute, url, { key });
    expect(r.status).toBe(200);
    pages.push(r);
    if (!r.body.next_cursor) break;
    url = `/api/v1/donors?limit=${limit}&cursor=${encodeURIComponent(r.body.next_cursor as string)}`;
  }
  return { pages, donors: pages.flatMap((p) => p.body.data!) };
}

describe("scope read:donors", () => {
  test("no key is 401; a key without read:donors is 403 problem details naming the scope, on both calls", async () => {
    const none = await api(donorsRoute, "/api/v1/donors");
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toBe("application/problem+json");
    for (const r of [await api(donorsRoute, "/api/v1/donors", { key: keys.aDonations }), await getDonor(keys.aDonations, idOf("email:sam@example.org"))]) {
      expect(r.status).toBe(403);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.body).toMatchObject({ status: 403, detail: messages.publicApi.scopeMissing("read:donors") });
      expect(r.headers.get("www-authenticate")).toBe('Bearer realm="Givebridge API", error="insufficient_scope", scope="read:donors"');
      expect(r.text).not.toContain("Sam");
    }
  });

  test("another organization's key never sees these donors, in the list or by id", async () => {
    const { donors } = await allPages(keys.b, 100);
    expect(donors.map((d) => d.email)).toEqual(["bea@example.org"]);
    const r = await getDonor(keys.b, idOf("email:sam@example.org"));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 404, detail: messages.donors.notFound });
    expect(r.text).not.toContain("Sam");
  });
});

describe("only what each donor shared", () => {
  test("the list: shared name and email only, totals in cents, UTC times; no anonymous, unshared or revoked donor", async () => {
    const { donors, pages } = await allPages(keys.a, 100);
    expect(pages).toHaveLength(1);
    expect(donors.map((d) => d.id)).toEqual(
      [idOf("email:sam@example.org"), idOf("name:Nell Nameonly"), ...[1, 2, 3, 4, 5].map((i) => idOf(`email:page${i}@example.org`))],
    );
    expect(donors[0]).toEqual({
      object: "donor",
      id: idOf("email:sam@example.org"),
      name: "Sam Sharer",
      email: "sam@example.org",
      lifetime_cents: 5_000,
      gift_count: 2,
      largest_gift_cents: 4_000,
      first_gift_at: "2026-01-02T15:00:00.000Z",
      last_gift_at: "2026-02-03T15:00:00.000Z",
      monthly: "none",
    });
    expect(donors[1]).toMatchObject({ name: "Nell Nameonly", email: null, gift_count: 1 });
    expect(donors[2]).toMatchObject({ name: null, email: "page1@example.org" });
    // makeGift's unshared details, the revoked and anonymous donors, and the organization's notes and tags never appear.
    for (const secret of ["nell@example.org", "Rae", "rae@example.org", "Ann Onymous", "Quiet Quinn", "8025550100", "Montpelier", "Board member", "major-prospect", "gala-2026", "tags", "note"]) {
      expect(pages[0]!.text).not.toContain(secret);
    }
    // The documented schema reads the answer without dropping or changing anything.
    expect(listOf(donorSchema, "Donor").parse(pages[0]!.body)).toEqual(pages[0]!.body);
  });

  test("by id: the same donor; a donor who stopped sharing, an unknown or malformed id: 404", async () => {
    const sam = await getDonor(keys.a, idOf("email:sam@example.org"));
    expect(sam.status).toBe(200);
    expect(donorSchema.parse(sam.body)).toEqual(sam.body);
    expect(sam.body).toMatchObject({ name: "Sam Sharer", lifetime_cents: 5_000 });
    expect(sam.text).not.toMatch(/Board member|major-prospect|gala-2026/);
    for (const id of [idOf("email:rae@example.org"), idOf("email:quinn@example.org"), idOf("email:ann@example.org"), idOf("nobody"), "not*base64", "x".repeat(801)]) {
      const r = await getDonor(keys.a, id);
      expect({ id, status: r.status }).toEqual({ id, status: id.length > 800 ? 400 : 404 });
      expect(r.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  test("a later gift that shares nothing never joins the donor; a donor who stops sharing on their gift disappears at once from the list and by id", async () => {
    const id = idOf("email:page5@example.org");
    expect((await getDonor(keys.a, id)).body).toMatchObject({ gift_count: 1, lifetime_cents: 500 });
    await makeGift(h.db, a.organizationId, null, { donorEmail: "page5@example.org", amountCents: 9_900, createdAt: at("2026-05-01") });
    expect((await getDonor(keys.a, id)).body).toMatchObject({ gift_count: 1, lifetime_cents: 500 });
    await h.db.update(donations).set({ shareEmail: false }).where(and(eq(donations.organizationId, a.organizationId), eq(donations.donorEmail, "page5@example.org"), eq(donations.shareEmail, true)));
    expect((await getDonor(keys.a, id)).status).toBe(404);
    const { donors } = await allPages(keys.a, 100);
    expect(donors.map((d) => d.id)).not.toContain(id);
  });
});

describe("pagination", () => {
  test("pages of 2 chain through the sealed next_cursor, each donor once, in first-gift order", async () => {
    const whole = (await allPages(keys.a, 100)).donors.map((d) => d.id);
    const { pages, donors } = await allPages(keys.a, 2);
    expect(pages.length).toBe(Math.ceil(whole.length / 2));
    expect(donors.map((d) => d.id)).toEqual(whole);
    expect(pages.at(-1)!.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(pages[0]!.body.has_more).toBe(true);
  });

  test("a cursor of another organization's key, an altered one or a hand-made one is 400", async () => {
    const first = await api(donorsRoute, "/api/v1/donors?limit=1", { key: keys.a });
    const cursor = first.body.next_cursor as string;
    const [position, seal] = cursor.split(".");
    const handMade = `${Buffer.from(JSON.stringify({ k: ["2000-01-01 00:00:00+00", "0"] })).toString("base64url")}.${seal}`;
    for (const [key, c] of [
      [keys.b, cursor],
      [keys.a, `${position}.${seal!.slice(0, -2)}AA`],
      [keys.a, handMade],
    ] as const) {
      const r = await api(donorsRoute, `/api/v1/donors?cursor=${encodeURIComponent(c)}`, { key });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ detail: messages.publicApi.cursorInvalid });
    }
  });
});

describe("the OpenAPI document", () => {
  test("documents both calls with the read:donors scope and a Donor schema without notes or tags", () => {
    const doc = generateOpenApiDocument("https://give.example.org/api/v1") as unknown as {
      paths: Record<string, { get: { security: Record<string, string[]>[]; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/donors", "/donors/{id}"]));
    expect(JSON.stringify(doc.paths["/donors"]!.get.security)).toContain("read:donors");
    expect(Object.keys(doc.paths["/donors/{id}"]!.get.responses)).toEqual(expect.arrayContaining(["200", "403", "404"]));
    expect(Object.keys(doc.components.schemas.Donor!.properties).sort()).toEqual(
      ["object", "id", "name", "email", "lifetime_cents", "gift_count", "largest_gift_cents", "first_gift_at", "last_gift_at", "monthly"].sort(),
    );
  });
});
