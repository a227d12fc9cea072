/**
 * Who a donor is, only from what each gift itself shares
 * (docs/decisions/0014-donor-identity-from-what-each-gift-shares.md): the two ways an
 * organization could name a donor who shared nothing, tried as a member would through the real
 * route handlers (an imported row, and an offline gift dated "today" with the organization in
 * Guam, whose day runs ahead of UTC), the state chosen from the list of US states and
 * territories, the bounds of a recorded gift's date, and a seeded random property: whatever
 * platform gifts (with any sharing) and recorded gifts an organization has, no field a platform
 * gift did not share reaches the Donors view, its CSV, a donor's page, the public API's donor
 * resource or the donor.created webhook's (the same serializer), or a gift's resource (the
 * donation webhooks'). Against the real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { parse } from "csv-parse/sync";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { donationResourceColumns, toDonationResource } from "@/lib/integrations/donation-resource";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { toDonorResource } from "@/lib/services/api-resources/to-resources";
import { recordOfflineGift } from "@/lib/services/donations/offline-gifts";
import { dryRunDonorImport, runDonorImport, uploadDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { startDonorImportWorker } from "@/lib/services/donor-imports/import-jobs";
import { untilImportJobEnds } from "@/lib/testing/donor-import-jobs";
import { makeGift, makeNonprofit, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { zonedCalendarDay } from "@/lib/time/zoned-time";
import { ageRangeLabel } from "@/lib/validations/donor";
import { DEFAULT_DONORS_QUERY } from "@/lib/validations/donor-relationships";
import { messages } from "@/lib/validations/messages";
import { seededRandom } from "@/lib/testing/seeded-random";
import { donations, organizations } from "@/models";
import { PUT as updateDashboardRoute } from "@/app/api/(spec)/updateDashboard/route";
import { GET as csvRoute } from "@/app/api/(app)/organizations/[id]/donors.csv/route";
import { POST as offlineGiftRoute } from "@/app/api/(app)/organizations/[id]/offline-gifts/route";
import { POST as uploadRoute } from "@/app/api/(app)/organizations/[id]/donor-imports/route";
import { POST as dryRunRoute } from "@/app/api/(app)/donor-imports/[id]/dry-run/route";
import { POST as runRoute } from "@/app/api/(app)/donor-imports/[id]/run/route";
import { GET as apiDonorRoute } from "@/app/api/v1/donors/[id]/route";
import { GET as apiDonorsRoute } from "@/app/api/v1/donors/route";
import { exportDonorsCsv, findDonor, getDonor, listDonors, listDonorsInFirstGiftOrder, type DonorRow } from "./donors-view";

jest.setTimeout(300_000);

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;

const GUAM = "Pacific/Guam";
const DAY_MS = 86_400_000;
const idOf = (key: string) => Buffer.from(key, "utf8").toString("base64url");

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-donor-identity-0123456789", API_KEY_RATE_LIMIT: "100000", API_IP_RATE_LIMIT: "100000" });
  ({ h, a, b } = await makeTwoNonprofitsAndADonor(["Identity Valley Food Shelf", "Identity Harbor Library"], "identity.donor@example.org"));
  // The dry run and the run are jobs of the queue, worked as the server works them.
  await startDonorImportWorker({ pollingIntervalSeconds: 0.5 });
}, 120_000);

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, API_KEY_RATE_LIMIT: undefined, API_IP_RATE_LIMIT: undefined });
});

/** Set the organization's state through PUT /api/updateDashboard, as its member does. */
async function setState(np: ClaimedNonprofit, state: string) {
  return call(updateDashboardRoute, { method: "PUT", url: "/api/updateDashboard", json: { npID: np.organizationId, state }, user: np.user });
}

/** The donors CSV through its route, parsed: header first. */
async function csvRows(np: ClaimedNonprofit): Promise<string[][]> {
  const res = await call(csvRoute, { url: `/api/organizations/${np.organizationId}/donors.csv`, params: { id: np.organizationId }, user: np.user });
  expect(res.status).toBe(200);
  return parse(await res.text(), { bom: true }) as string[][];
}

/** GET /api/v1/donors and /api/v1/donors/{id} with a read:donors key of `np`. */
async function apiReads(np: ClaimedNonprofit, donorKey: string) {
  const secret = (await createApiKey({ actor: np.user, input: { name: `donors ${donorKey}`, scopes: ["read:donors"] } })).secret;
  const headers = { authorization: `Bearer ${secret}` };
  const one = await call(apiDonorRoute, { url: `/api/v1/donors/${idOf(donorKey)}`, params: { id: idOf(donorKey) }, headers });
  const list = await call(apiDonorsRoute, { url: "/api/v1/donors?limit=100", headers });
  return { one: { status: one.status, body: (await one.json()) as Record<string, unknown> }, list: (await list.json()) as { data: Record<string, unknown>[] } };
}

/**
 * Donor V gave $31.41 on the platform the day before and shared nothing; the organization is in
 * Guam, so its "today" is a day ahead of UTC for ten hours of every day.
 */
async function victimScene(np: ClaimedNonprofit, email: string) {
  const setRes = await setState(np, "GU");
  expect(setRes.status).toBe(200);
  const yesterday = new Date(Date.now() - DAY_MS);
  await makeGift(h.db, np.organizationId, null, {
    amountCents: 3_141,
    donorName: "Vera Victim",
    donorEmail: email,
    donorTelephone: "6715550199",
    createdAt: yesterday,
    succeededAt: yesterday,
  });
  const before = await csvRows(np);
  expect(before.slice(1)).toEqual([["Anonymous donors", "", "31.41", "1", "", "", "", "", "", "", "", "", ""]]);
  return { today: zonedCalendarDay(new Date(), GUAM) };
}

/** After the organization entered V's email on a gift of its own: V is still only in the anonymous line. */
async function expectVictimStillAnonymous(np: ClaimedNonprofit, email: string, recordedCents: number) {
  const key = `email:${email}`;
  const rows = await csvRows(np);
  // The organization's own gift is its own row (it entered the email); V's gift stays anonymous.
  expect(rows.slice(1)).toEqual([
    ["", email, (recordedCents / 100).toFixed(2), "1", (recordedCents / 100).toFixed(2), expect.any(String), expect.any(String), "", "", "", "", "", ""],
    ["Anonymous donors", "", "31.41", "1", "", "", "", "", "", "", "", "", ""],
  ]);
  const page = await getDonor({ actor: np.user, organizationId: np.organizationId, donorKey: key });
  expect(page.donor).toMatchObject({ email, lifetimeCents: recordedCents, giftCount: 1, telephone: null, name: null });
  expect(page.gifts.map((g) => g.amountCents)).toEqual([recordedCents]);
  expect(page.gifts.every((g) => g.offlineMethod !== null)).toBe(true);
  const api = await apiReads(np, key);
  expect(api.one.status).toBe(200);
  expect(api.one.body).toMatchObject({ email, name: null, lifetime_cents: recordedCents, gift_count: 1 });
  expect(api.list.data.map((d) => [d.email, d.lifetime_cents, d.gift_count])).toEqual([[email, recordedCents, 1]]);
  const text = JSON.stringify([rows, page, api]);
  expect(text).not.toContain("Vera Victim");
  expect(text).not.toContain("6715550199");
  expect(text).not.toContain("32.41");
  expect(text).not.toContain("3241");
  // Setting the state back changes nothing: the rows come from the gifts' own sharing.
  expect((await setState(np, "VT")).status).toBe(200);
  expect((await csvRows(np)).slice(1)).toEqual(rows.slice(1));
}

describe("an organization cannot name a donor who shared nothing", () => {
  test("by importing one row with the donor's email, dated today in Guam (upload, dry run and run through their routes)", async () => {
    const email = "vera.import@example.org";
    const { today } = await victimScene(a, email);
    const form = new FormData();
    form.append("file", new Blob([`Email,Amount,Date\n${email},1.00,${today}\n`], { type: "text/csv" }), "one-row.csv");
    const uploaded = await call(uploadRoute, { method: "POST", url: `/api/organizations/${a.organizationId}/donor-imports`, params: { id: a.organizationId }, body: form, user: a.user });
    expect(uploaded.status).toBe(201);
    const { id: importId, mapping } = (await uploaded.json()) as { id: string; mapping: Record<string, string> };
    expect(mapping).toEqual({ Email: "email", Amount: "amount", Date: "date" });
    const dry = await call(dryRunRoute, { method: "POST", url: `/api/donor-imports/${importId}/dry-run`, params: { id: importId }, json: { mapping }, user: a.user });
    expect(dry.status).toBe(202);
    // The dry run does not tell the organization that this email gave before: it was never shared.
    expect((await untilImportJobEnds(a.user, importId)).dryRun).toMatchObject({ create: 1, failed: 0, matchedDonors: 0, newDonors: 1 });
    const run = await call(runRoute, { method: "POST", url: `/api/donor-imports/${importId}/run`, params: { id: importId }, user: a.user });
    expect(run.status).toBe(202);
    expect(await untilImportJobEnds(a.user, importId)).toMatchObject({ status: "completed", doneRows: 1 });
    await expectVictimStillAnonymous(a, email, 100);
  });

  test("by recording an offline gift with the donor's email dated today in Guam (POST /api/organizations/{id}/offline-gifts)", async () => {
    const email = "vera.offline@example.org";
    const { today } = await victimScene(b, email);
    const res = await call(offlineGiftRoute, {
      method: "POST",
      url: `/api/organizations/${b.organizationId}/offline-gifts`,
      params: { id: b.organizationId },
      json: { method: "cash", amountCents: 100, receivedOn: today, donorEmail: email, donorConsent: true },
      user: b.user,
    });
    expect(res.status).toBe(201);
    await expectVictimStillAnonymous(b, email, 100);
  });
});

describe("the organization's state and a recorded gift's day", () => {
  test("a state outside the list of US states and territories is refused with its message; a territory is accepted", async () => {
    const np = await makeNonprofit(h.db, "Identity State Checkers");
    for (const bad of ["XX", "ZZ", "G", "Guam", "12"]) {
      const res = await setState(np, bad);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(await res.json())).toContain(messages.state.invalid);
    }
    const [stored] = await h.db.select({ state: organizations.state }).from(organizations).where(eq(organizations.id, np.organizationId));
    expect(stored!.state).toBe("VT");
    expect((await setState(np, "mp")).status).toBe(200);
    const [after] = await h.db.select({ state: organizations.state }).from(organizations).where(eq(organizations.id, np.organizationId));
    expect(after!.state).toBe("MP");
  });

  test("an offline gift's day is at most today where the organization is and not before 1900, the import's bound", async () => {
    const np = await makeNonprofit(h.db, "Identity Date Bounds");
    await h.db.update(organizations).set({ state: "HI" }).where(eq(organizations.id, np.organizationId));
    // 2026-06-16 09:00 UTC: June 16 in Guam, still June 15 in Hawaii.
    const now = new Date("2026-06-16T09:00:00Z");
    const record = (receivedOn: string) => recordOfflineGift({ actor: np.user, organizationId: np.organizationId, input: { method: "cash", amountCents: 500, receivedOn, donorName: "Dee Date" }, now });
    await expect(record("2026-06-16")).rejects.toMatchObject({ status: 422, fields: { receivedOn: messages.offlineGifts.receivedOnFuture } });
    await expect(record("0001-01-01")).rejects.toMatchObject({ status: 422, fields: { receivedOn: messages.offlineGifts.receivedOnTooOld } });
    await expect(record("1899-12-31")).rejects.toMatchObject({ status: 422, fields: { receivedOn: messages.offlineGifts.receivedOnTooOld } });
    await expect(record("1900-01-01")).resolves.toMatchObject({ receivedOn: "1900-01-01" });
    await expect(record("2026-06-15")).resolves.toMatchObject({ receivedOn: "2026-06-15" });
    // In Guam the same instant is already June 16.
    await h.db.update(organizations).set({ state: "GU" }).where(eq(organizations.id, np.organizationId));
    await expect(record("2026-06-16")).resolves.toMatchObject({ receivedOn: "2026-06-16" });
    await expect(record("2026-06-17")).rejects.toMatchObject({ status: 422, fields: { receivedOn: messages.offlineGifts.receivedOnFuture } });
  });
});

type Field = "name" | "email" | "telephone" | "location" | "gender" | "age";
type PlatformGift = {
  id: string;
  counted: boolean;
  anonymous: boolean;
  name: string | null;
  email: string | null;
  telephone: string;
  city: string;
  gender: string;
  share: Record<Field, boolean>;
};

const AGE_LABEL_OF_RANGE_3 = ageRangeLabel(3);

describe("property: no field a platform gift did not share is ever shown", () => {
  test("random platform gifts with random sharing, and gifts the organization records with the same emails and names", async () => {
    const emails = ["pia@example.org", "PIA@Example.org", "rob@example.org", "sue@example.org", null] as const;
    const names = ["Pia Park", "Rob Reyes", "Sue Stone", null] as const;
    let sequences = 0;
    for (let seed = 4801; seed <= 4812; seed++) {
      const rnd = seededRandom(seed);
      const np = await makeNonprofit(h.db, `Identity Property ${seed}`);
      const state = rnd.pick(["GU", "VT", "HI", "CA"] as const);
      const tz = { GU: GUAM, VT: "America/New_York", HI: "Pacific/Honolulu", CA: "America/Los_Angeles" }[state];
      await h.db.update(organizations).set({ state }).where(eq(organizations.id, np.organizationId));
      const org = np.organizationId;
      const platform = new Map<string, PlatformGift>();
      const now = Date.now();
      const steps = 8 + Math.floor(rnd.next() * 6);
      for (let i = 0; i < steps; i++) {
        const kind = rnd.pick(["platform", "platform", "platform", "offline", "import"] as const);
        const email = rnd.pick(emails);
        const name = rnd.pick(names);
        if (kind === "platform") {
          const at = new Date(now - Math.floor(rnd.next() * 900) * DAY_MS);
          // Each platform gift's unshared values are unique tokens, findable anywhere in the output.
          const token = `${seed}${String(i).padStart(2, "0")}`;
          const g: Omit<PlatformGift, "id"> = {
            counted: rnd.chance(0.85),
            anonymous: rnd.chance(0.15),
            name,
            email,
            telephone: `555${token}`,
            city: `Town${token}`,
            gender: rnd.pick(["female", "male", "nonbinary"]),
            share: { name: rnd.chance(0.5), email: rnd.chance(0.5), telephone: rnd.chance(0.5), location: rnd.chance(0.5), gender: rnd.chance(0.5), age: rnd.chance(0.5) },
          };
          const id = await makeGift(h.db, org, null, {
            amountCents: 100 + Math.floor(rnd.next() * 9_000),
            status: g.counted ? "succeeded" : "refunded",
            refundedAt: g.counted ? null : at,
            createdAt: at,
            succeededAt: at,
            anonymous: g.anonymous,
            donorName: g.name,
            donorEmail: g.email,
            donorTelephone: g.telephone,
            donorCity: g.city,
            donorState: "VT",
            donorGender: g.gender,
            donorAgeRange: 3,
            shareName: g.share.name,
            shareEmail: g.share.email,
            shareTelephone: g.share.telephone,
            shareLocation: g.share.location,
            shareGender: g.share.gender,
            shareAge: g.share.age,
          });
          platform.set(id, { id, ...g });
        } else if (kind === "offline") {
          // Dated up to the organization's today (in Guam a day ahead of UTC): often the newest gift.
          const daysBack = rnd.pick([0, 0, 1, 30, 400]);
          const receivedOn = zonedCalendarDay(new Date(now - daysBack * DAY_MS), tz);
          await recordOfflineGift({
            actor: np.user,
            organizationId: org,
            input: { method: "cash", amountCents: 100 + Math.floor(rnd.next() * 500), receivedOn, donorEmail: email?.trim() ?? "", donorName: email ? "" : (name ?? "Walk In"), donorConsent: email !== null },
          });
        } else {
          const csv = `Email,First Name,Amount,Date\n${email?.trim() ?? ""},${rnd.chance(0.5) ? "" : (name ?? "")},${(1 + Math.floor(rnd.next() * 9)).toFixed(2)},${zonedCalendarDay(new Date(now), tz)}\n`;
          const up = await uploadDonorImport({ actor: np.user, organizationId: org, fileName: `seq-${seed}-${i}.csv`, bytes: new TextEncoder().encode(csv) });
          const dry = await dryRunDonorImport({ actor: np.user, importId: up.id, mapping: up.mapping });
          if (dry.create > 0) await runDonorImport({ actor: np.user, importId: up.id });
        }
      }
      await checkNothingUnsharedShown(np, platform);
      sequences++;
    }
    expect(sequences).toBe(12);
  });
});

/** The Donors view, its CSV, each donor's page, the public API's resources: only fields their gifts shared. */
async function checkNothingUnsharedShown(np: ClaimedNonprofit, platform: Map<string, PlatformGift>) {
  const org = np.organizationId;
  const page = await listDonors({ actor: np.user, organizationId: org, query: DEFAULT_DONORS_QUERY });
  const csv = (await exportDonorsCsv({ actor: np.user, organizationId: org, query: DEFAULT_DONORS_QUERY })).csv;
  const api = await listDonorsInFirstGiftOrder({ db: h.db, organizationId: org, after: null, limit: 500 });
  const resources = api.donors.map(toDonorResource);
  const recorded = new Map(
    (await h.db.select({ id: donations.id, name: donations.donorName, email: donations.donorEmail }).from(donations).where(and(eq(donations.organizationId, org), isNotNull(donations.offlineMethod)))).map((r) => [r.id, r]),
  );
  expect(page.donors.length).toBe(page.total);
  // The donation webhooks' and API's gift resource too (donation.succeeded, offline_gift.created).
  const giftResources = (await h.db.select(donationResourceColumns(donations)).from(donations).where(eq(donations.organizationId, org))).map(toDonationResource);
  const shown: unknown[] = [page, csv, resources, giftResources];

  let rowCents = 0;
  for (const row of page.donors) {
    const detail = await getDonor({ actor: np.user, organizationId: org, donorKey: row.donorKey });
    expect(detail.donor).toEqual(row);
    expect(await findDonor({ db: h.db, organizationId: org, donorKey: row.donorKey })).toEqual(row);
    shown.push(detail);
    rowCents += row.lifetimeCents;
    const inRow = detail.gifts.map((g) => g.id);
    const [kind, ...rest] = row.donorKey.split(":");
    const value = rest.join(":");
    for (const id of inRow) {
      const p = platform.get(id);
      if (!p) {
        expect(recorded.has(id)).toBe(true);
        continue;
      }
      // A platform gift is in a row only under the key it shares itself.
      expect(p.anonymous).toBe(false);
      if (kind === "email") {
        expect(p.share.email).toBe(true);
        expect(p.email?.trim().toLowerCase()).toBe(value);
      } else {
        expect(p.share.name).toBe(true);
        expect(p.name?.trim()).toBe(value);
        expect(p.share.email && p.email !== null).toBe(false);
      }
    }
    // Every field shown is one that a gift of this row shared (a platform gift's flag) or that the organization recorded.
    const rowPlatform = inRow.map((id) => platform.get(id)).filter((p): p is PlatformGift => p !== undefined);
    const rowRecorded = inRow.map((id) => recorded.get(id)).filter((r) => r !== undefined);
    const sharedBy = (f: Field, v: (p: PlatformGift) => string | null) => rowPlatform.some((p) => p.share[f] && v(p) === fieldOf(row, f));
    if (row.name !== null) expect(sharedBy("name", (p) => p.name?.trim() ?? null) || rowRecorded.some((r) => r!.name?.trim() === row.name)).toBe(true);
    if (row.email !== null) expect(sharedBy("email", (p) => p.email?.trim().toLowerCase() ?? null) || rowRecorded.some((r) => r!.email?.trim().toLowerCase() === row.email)).toBe(true);
    if (row.telephone !== null) expect(sharedBy("telephone", (p) => p.telephone)).toBe(true);
    if (row.location !== null) expect(sharedBy("location", (p) => `${p.city}, VT`)).toBe(true);
    if (row.gender !== null) expect(sharedBy("gender", (p) => p.gender)).toBe(true);
    if (row.ageRange !== null) expect(sharedBy("age", () => AGE_LABEL_OF_RANGE_3)).toBe(true);
  }

  // The anonymous line holds exactly the counted gifts that share neither name nor email (or are anonymous).
  const anonymousPlatform = [...platform.values()].filter((p) => p.counted && (p.anonymous || !((p.share.email && p.email) || (p.share.name && p.name))));
  const anonymousRecorded = [...recorded.values()].filter((r) => !r.email?.trim() && !r.name?.trim());
  expect(page.anonymous.giftCount).toBe(anonymousPlatform.length + anonymousRecorded.length);
  // Every counted gift is in exactly one row or in the anonymous line.
  const [total] = rowsOf(await h.db.execute(sql`select coalesce(sum(amount_cents), 0)::text as c from donations where organization_id = ${org} and status = 'succeeded' and refunded_at is null`)) as { c: string }[];
  expect(rowCents + page.anonymous.totalCents).toBe(Number(total!.c));

  // No unshared value of a platform gift appears anywhere (view, CSV, donor pages, API/webhook resources).
  const text = JSON.stringify(shown);
  for (const p of platform.values()) {
    const visible = (f: Field) => p.share[f] && !p.anonymous;
    if (!visible("telephone")) expect(text).not.toContain(p.telephone);
    if (!visible("location")) expect(text).not.toContain(p.city);
  }
}

function fieldOf(row: DonorRow, f: Field): string | null {
  return { name: row.name, email: row.email, telephone: row.telephone, location: row.location, gender: row.gender, age: row.ageRange }[f];
}
