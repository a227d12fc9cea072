/**
 * The sharing log against the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): each
 * read of the Donors view (list page, donor page, CSV through its route) and of the API's donors
 * writes one row naming the reader, the donors and only the fields shown; a refused read writes
 * none; a donor sees the reads of their own email keys and nobody else's; the donor page names
 * each gift's tribute; deleting a donor account removes the notes, tags, claims and log keys the
 * organizations kept under that donor's emails, and nothing else.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { ApiKeyActor } from "@/lib/auth/api-key-access";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import type { DatabaseHandle } from "@/lib/db/client";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { getDonor as apiGetDonor, listDonors as apiListDonors } from "@/lib/public-api/queries/list-donors";
import { donorIdOf } from "@/lib/services/api-resources/to-resources";
import { deleteDonorAccount } from "@/lib/services/users/delete-account";
import { makeDonor, makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit, type GiftOptions } from "@/lib/testing/service-fixtures";
import { DEFAULT_DONORS_QUERY } from "@/lib/validations/donor-relationships";
import { donorListQuerySchema } from "@/lib/public-api/query-schemas";
import { donorFieldDisclosures, donorNotes, organizationDonors } from "@/models";
import { GET as csvRoute } from "@/app/api/(app)/organizations/[id]/donors.csv/route";
import { listMyDisclosures } from "./disclosures";
import { getDonor, listDonors } from "./donors-view";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
/** A donor with an account who gave to A (sharing name and email) and to B. */
let donor: Actor;
let apiKey: ApiKeyActor;

const NOW = new Date("2026-06-15T19:00:00Z");
const DONOR_EMAIL = "log.donor@example.org";
const DONOR_KEY = `email:${DONOR_EMAIL}`;

const gift = (organizationId: string, userId: string | null, iso: string, options: GiftOptions) =>
  makeGift(h.db, organizationId, userId, { amountCents: 5_000, createdAt: new Date(iso), succeededAt: new Date(iso), ...options });

/** The sharing-log rows of organization `organizationId`, oldest first. */
async function logOf(organizationId: string) {
  return h.db.select().from(donorFieldDisclosures).where(eq(donorFieldDisclosures.organizationId, organizationId)).orderBy(donorFieldDisclosures.createdAt, donorFieldDisclosures.id);
}
async function count(): Promise<number> {
  const [row] = await h.db.select({ n: sql<string>`count(*)::text` }).from(donorFieldDisclosures);
  return Number(row!.n);
}

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-disclosures-0123456789" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Sharing Log Food Bank", "Sharing Log Shelter"], DONOR_EMAIL));
  const A = a.organizationId;
  // The donor: name and email to A (the later gift in honor of Jane Doe), and telephone on the first.
  await gift(A, donor.id, "2025-03-10T18:00:00Z", { donorName: "Lou Logan", donorEmail: DONOR_EMAIL, shareName: true, shareEmail: true, shareTelephone: true });
  await gift(A, donor.id, "2026-02-10T18:00:00Z", { donorName: "Lou Logan", donorEmail: "Log.Donor@Example.org", shareName: true, shareEmail: true, tributeType: "honor", tributeName: "Jane Doe" });
  // A guest who shared everything; one who shared only a name.
  await gift(A, null, "2026-01-05T18:00:00Z", {
    donorName: "Gus Guest",
    donorEmail: "gus@example.org",
    shareName: true,
    shareEmail: true,
    shareTelephone: true,
    shareLocation: true,
    shareGender: true,
    shareAge: true,
    tributeType: "memory",
    tributeName: "Old Friend",
  });
  await gift(A, null, "2026-01-06T18:00:00Z", { donorName: "Nan Nameonly", donorEmail: "nan@example.org", shareName: true, shareEmail: false });
  // B: the same donor's gift shares name and email under another address.
  await gift(b.organizationId, donor.id, "2026-03-01T18:00:00Z", { donorName: "Lou Logan", donorEmail: "lou.other@example.org", shareName: true, shareEmail: true });
  const { key } = await createApiKey({ actor: a.user, input: { name: "CRM sync", scopes: ["read:donors"] } });
  apiKey = { kind: "api_key", keyId: key.id, organizationId: A, scopes: ["read:donors"] };
}, 120_000);

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

describe("every read of donors' fields writes one row of the sharing log", () => {
  test("the list page: the member, the keys shown, the fields any row shared, the row count", async () => {
    await h.db.delete(donorFieldDisclosures);
    const page = await listDonors({ actor: a.user, organizationId: a.organizationId, query: DEFAULT_DONORS_QUERY, now: NOW });
    expect(page.donors).toHaveLength(3);
    const [row, ...more] = await logOf(a.organizationId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorUserId: a.user.id, actorApiKeyId: null, channel: "donors_view", donorKey: null, rows: 3 });
    expect([...row!.donorKeys].sort()).toEqual(["email:gus@example.org", DONOR_KEY, "name:Nan Nameonly"]);
    expect(row!.fields).toEqual(["name", "email", "telephone", "location", "gender", "age"]);
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a filtered list logs only the fields its rows carried; an empty page logs nothing", async () => {
    await h.db.delete(donorFieldDisclosures);
    await listDonors({ actor: a.user, organizationId: a.organizationId, query: { ...DEFAULT_DONORS_QUERY, search: "nan" }, now: NOW });
    await listDonors({ actor: a.user, organizationId: a.organizationId, query: { ...DEFAULT_DONORS_QUERY, search: "nobody-at-all" }, now: NOW });
    const rows = await logOf(a.organizationId);
    expect(rows.map((r) => ({ keys: r.donorKeys, fields: r.fields, rows: r.rows }))).toEqual([{ keys: ["name:Nan Nameonly"], fields: ["name"], rows: 1 }]);
  });

  test("the donor page: one donor key and only what that donor's latest gift shared", async () => {
    await h.db.delete(donorFieldDisclosures);
    await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: DONOR_KEY, now: NOW });
    const rows = await logOf(a.organizationId);
    // The telephone was shared on an older gift only: the page does not show it, the log does not name it.
    expect(rows.map((r) => ({ channel: r.channel, key: r.donorKey, keys: r.donorKeys, fields: r.fields, rows: r.rows }))).toEqual([
      { channel: "donor_page", key: DONOR_KEY, keys: [], fields: ["name", "email"], rows: 1 },
    ]);
  });

  test("the CSV through its route: one row for the whole file", async () => {
    await h.db.delete(donorFieldDisclosures);
    const res = await call(csvRoute, { url: `/api/organizations/${a.organizationId}/donors.csv`, params: { id: a.organizationId }, user: a.user });
    expect(res.status).toBe(200);
    const rows = await logOf(a.organizationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "donors_csv", actorUserId: a.user.id, rows: 3 });
    expect(rows[0]!.donorKeys).toHaveLength(3);
  });

  test("the API: the key, not a member, and only name and email", async () => {
    await h.db.delete(donorFieldDisclosures);
    const listed = await apiListDonors({ actor: apiKey, query: donorListQuerySchema.parse({ limit: "2" }), now: NOW });
    expect(listed.data).toHaveLength(2);
    await apiGetDonor({ actor: apiKey, id: donorIdOf("email:gus@example.org"), now: NOW });
    const rows = await logOf(a.organizationId);
    expect(rows.map((r) => ({ user: r.actorUserId, key: r.actorApiKeyId, channel: r.channel, one: r.donorKey, n: r.donorKeys.length, fields: r.fields, rows: r.rows }))).toEqual([
      { user: null, key: apiKey.keyId, channel: "api", one: null, n: 2, fields: ["name", "email"], rows: 2 },
      { user: null, key: apiKey.keyId, channel: "api", one: "email:gus@example.org", n: 0, fields: ["name", "email"], rows: 1 },
    ]);
  });

  test("a refused read writes nothing", async () => {
    await h.db.delete(donorFieldDisclosures);
    await expect(listDonors({ actor: b.user, organizationId: a.organizationId, query: DEFAULT_DONORS_QUERY, now: NOW })).rejects.toMatchObject({ status: 403 });
    await expect(getDonor({ actor: donor, organizationId: a.organizationId, donorKey: DONOR_KEY, now: NOW })).rejects.toMatchObject({ status: 403 });
    await expect(getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:nobody@example.org", now: NOW })).rejects.toMatchObject({ status: 404 });
    expect(await count()).toBe(0);
  });
});

describe("a donor's own sharing log", () => {
  test("the reads of their email keys, newest first, with the organization and the fields; never another donor's", async () => {
    await h.db.delete(donorFieldDisclosures);
    await listDonors({ actor: a.user, organizationId: a.organizationId, query: DEFAULT_DONORS_QUERY, now: NOW });
    await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:gus@example.org", now: NOW });
    await apiGetDonor({ actor: apiKey, id: donorIdOf(DONOR_KEY), now: NOW });
    await listDonors({ actor: b.user, organizationId: b.organizationId, query: DEFAULT_DONORS_QUERY, now: NOW });

    const mine = await listMyDisclosures({ actor: donor, userId: donor.id });
    expect(mine.map((e) => [e.organizationName, e.channel, e.byIntegration, e.fields])).toEqual([
      // B knows the donor by the other email their gift shared.
      ["Sharing Log Shelter", "donors_view", false, ["name", "email"]],
      ["Sharing Log Food Bank", "api", true, ["name", "email"]],
      ["Sharing Log Food Bank", "donors_view", false, ["name", "email", "telephone", "location", "gender", "age"]],
    ]);
    expect(mine[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test("only the donor reads it", async () => {
    const other = await makeDonor("someone.else@example.org");
    expect(await listMyDisclosures({ actor: other, userId: other.id })).toEqual([]);
    await expect(listMyDisclosures({ actor: other, userId: donor.id })).rejects.toMatchObject({ status: 403 });
    await expect(listMyDisclosures({ actor: a.user, userId: donor.id })).rejects.toMatchObject({ status: 403 });
    await expect(listMyDisclosures({ actor: null, userId: donor.id })).rejects.toMatchObject({ status: 403 });
  });
});

test("the donor page names each gift's tribute", async () => {
  const mine = await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: DONOR_KEY, now: NOW });
  expect(mine.gifts.map((g) => g.tribute)).toEqual(["In honor of Jane Doe", null]);
  const gus = await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:gus@example.org", now: NOW });
  expect(gus.gifts.map((g) => g.tribute)).toEqual(["In memory of Old Friend"]);
});

test("one donor read by key is the same row as in the list, whoever their key comes from", async () => {
  const B = b.organizationId;
  // Pat's first gift shares the email, the latest only the (new) name: two rows, one gift each.
  await gift(B, null, "2025-04-01T18:00:00Z", { donorName: "Pat Early", donorEmail: "pat@example.org", shareName: true, shareEmail: true });
  await gift(B, null, "2026-04-01T18:00:00Z", { donorName: "Pat Later", donorEmail: " PAT@example.org", shareName: true, shareEmail: false });
  // Ned gives without an email, twice under the same name; Ted's name is another's prefix.
  await gift(B, null, "2026-01-01T18:00:00Z", { donorName: "Ned Noemail", donorEmail: null, shareName: true });
  await gift(B, null, "2026-02-01T18:00:00Z", { donorName: " Ned Noemail ", donorEmail: "", shareName: true });
  await gift(B, null, "2026-02-01T18:00:00Z", { donorName: "Ned", donorEmail: null, shareName: true });
  const listed = await listDonors({ actor: b.user, organizationId: B, query: DEFAULT_DONORS_QUERY, now: NOW });
  expect(listed.donors.map((d) => [d.donorKey, d.giftCount])).toEqual(
    expect.arrayContaining([
      ["email:pat@example.org", 1],
      ["name:Pat Later", 1],
      ["name:Ned Noemail", 2],
      ["name:Ned", 1],
    ]),
  );
  for (const row of listed.donors) {
    const one = await getDonor({ actor: b.user, organizationId: B, donorKey: row.donorKey, now: NOW });
    expect(one.donor).toEqual(row);
    expect(one.gifts.filter((g) => g.status === "succeeded")).toHaveLength(row.giftCount);
  }
});

test("deleting a donor account removes what organizations kept under the donor's emails, and nothing else", async () => {
  const A = a.organizationId;
  const B = b.organizationId;
  const note = (organizationId: string, donorKey: string) => ({ organizationId, donorKey, note: "Met at the gala", tags: ["major"] });
  await h.db.insert(donorNotes).values([note(A, DONOR_KEY), note(B, "email:lou.other@example.org"), note(A, "email:gus@example.org"), note(A, "name:Nan Nameonly")]);
  await h.db.insert(organizationDonors).values([{ organizationId: A, donorKey: DONOR_KEY }, { organizationId: A, donorKey: "email:gus@example.org" }]).onConflictDoNothing();
  await h.db.delete(donorFieldDisclosures);
  await listDonors({ actor: a.user, organizationId: A, query: DEFAULT_DONORS_QUERY, now: NOW });
  await getDonor({ actor: a.user, organizationId: A, donorKey: DONOR_KEY, now: NOW });
  expect(await listMyDisclosures({ actor: donor, userId: donor.id })).toHaveLength(2);

  await deleteDonorAccount({ actor: donor, userId: donor.id });

  const notes = await h.db.select({ org: donorNotes.organizationId, key: donorNotes.donorKey, tags: donorNotes.tags }).from(donorNotes);
  expect(notes.map((n) => n.key).sort()).toEqual(["email:gus@example.org", "name:Nan Nameonly"]);
  const claims = await h.db.select({ key: organizationDonors.donorKey }).from(organizationDonors).where(eq(organizationDonors.organizationId, A));
  expect(claims.map((c) => c.key)).toEqual(["email:gus@example.org"]);
  const log = await logOf(A);
  expect(log).toHaveLength(1);
  expect(log[0]!.channel).toBe("donors_view");
  expect(log[0]!.donorKeys.includes(DONOR_KEY)).toBe(false);
  expect([...log[0]!.donorKeys].sort()).toEqual(["email:gus@example.org", "name:Nan Nameonly"]);
  const [left] = await h.db.select({ n: sql<string>`count(*)::text` }).from(donorNotes).where(and(eq(donorNotes.organizationId, B)));
  expect(left!.n).toBe("0");
});
