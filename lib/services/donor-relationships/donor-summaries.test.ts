/**
 * The Donors view's summaries against the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): after any sequence of writes to gifts and monthly gifts, refreshing gives
 * exactly what aggregating every gift from scratch gives (the rule of donors-view.ts, written
 * out again below as the reference); writes that change nothing the view reads mark nobody
 * stale; on PostgreSQL, a gift committed while a read refreshes is shown by the next read.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { openPostgres } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { testDatabaseServer } from "@/lib/db/testing";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { seededRandom } from "@/lib/testing/seeded-random";
import { donations, recurringGifts } from "@/models";
import { refreshAllDonorSummaries, refreshDonorSummaries } from "./donor-summaries";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;

beforeAll(async () => {
  ({ h, a, b } = await makeTwoNonprofitsAndADonor(["Summary Food Bank", "Summary Shelter"], "summaries.donor@example.org"));
}, 120_000);

afterAll(async () => {
  await h.close();
});

type SummaryRow = Record<string, string | boolean | null>;

/** What donor_summaries holds for the organization, as text, ordered by key. */
async function stored(organizationId: string): Promise<{ rows: SummaryRow[]; anonymous: SummaryRow }> {
  const rows = rowsOf(
    await h.db.execute(sql`select donor_key, gift_count::text as gifts, lifetime_cents::text as lifetime, largest_gift_cents::text as largest,
             first_gift_at::text as first_at, last_gift_at::text as last_at, active_monthly, had_monthly,
             name, email, telephone, location, gender, age_range::text as age_range
        from donor_summaries where organization_id = ${organizationId} order by donor_key`),
  ) as SummaryRow[];
  const [anonymous] = rowsOf(
    await h.db.execute(sql`select coalesce(sum(gift_count), 0)::text as gifts, coalesce(sum(lifetime_cents), 0)::text as cents
        from donor_people where organization_id = ${organizationId} and donor_key is null`),
  ) as SummaryRow[];
  return { rows, anonymous: anonymous! };
}

/**
 * The reference: every donor of the organization aggregated from all its gifts at once. A gift's
 * donor key is what IT shares (the email, lower-cased, unless anonymous; else the name; else
 * none: the anonymous line); a person is the gifts with the same key and the same origin
 * (made on the platform, or recorded by the organization: offline_method set); the person's
 * latest counted gift decides the shown fields; people with the same key are one donor.
 */
async function fromScratch(organizationId: string): Promise<{ rows: SummaryRow[]; anonymous: SummaryRow }> {
  const ctes = sql`with g as (
      select d.*, (d.status = 'succeeded' and d.refunded_at is null) as counted,
             case when not d.anonymous and d.share_email and nullif(btrim(d.donor_email), '') is not null then 'email:' || lower(btrim(d.donor_email))
                  when not d.anonymous and d.share_name and nullif(btrim(d.donor_name), '') is not null then 'name:' || btrim(d.donor_name) end as donor_key
        from donations d where d.organization_id = ${organizationId} and d.status in ('succeeded', 'refunded')
    ), k as (select g.* from g)`;
  const rows = rowsOf(
    await h.db.execute(sql`${ctes}, agg as (
        select k.donor_key, count(*) filter (where k.counted) as gifts, sum(k.amount_cents) filter (where k.counted) as lifetime,
               max(k.amount_cents) filter (where k.counted) as largest, min(k.created_at) filter (where k.counted) as first_at,
               max(k.created_at) filter (where k.counted) as last_at,
               coalesce(bool_or(rg.status = 'active' and rg.past_due_at is null), false) as active_monthly, coalesce(bool_or(rg.id is not null), false) as had_monthly
          from k left join recurring_gifts rg on rg.id = k.recurring_gift_id where k.donor_key is not null group by k.donor_key
      ), latest as (
        select distinct on (donor_key) donor_key,
               case when share_name then nullif(btrim(donor_name), '') end as name,
               case when share_email then lower(btrim(donor_email)) end as email,
               case when share_telephone then nullif(btrim(donor_telephone), '') end as telephone,
               case when share_location then nullif(concat_ws(', ', nullif(btrim(donor_city), ''), nullif(btrim(donor_state), '')), '') end as location,
               case when share_gender then nullif(btrim(donor_gender), '') end as gender,
               case when share_age then donor_age_range end as age_range
          from k where donor_key is not null and counted order by donor_key, created_at desc, id desc
      )
      select agg.donor_key, agg.gifts::text as gifts, agg.lifetime::text as lifetime, agg.largest::text as largest, agg.first_at::text as first_at,
             agg.last_at::text as last_at, agg.active_monthly, agg.had_monthly, latest.name, latest.email, latest.telephone, latest.location,
             latest.gender, latest.age_range::text as age_range
        from agg join latest using (donor_key) where agg.gifts > 0 order by agg.donor_key`),
  ) as SummaryRow[];
  const [anonymous] = rowsOf(
    await h.db.execute(sql`${ctes} select count(*)::text as gifts, coalesce(sum(amount_cents), 0)::text as cents from k where donor_key is null and counted`),
  ) as SummaryRow[];
  return { rows, anonymous: anonymous! };
}

async function staleCount(organizationId: string): Promise<number> {
  const [row] = rowsOf(await h.db.execute(sql`select count(*)::int as n from donor_people_stale where organization_id = ${organizationId}`)) as { n: number }[];
  return Number(row!.n);
}

describe("refreshing the summaries", () => {
  test("after 160 random writes to gifts and monthly gifts, in batches, the summaries equal a from-scratch aggregation", async () => {
    const A = a.organizationId;
    const rnd = seededRandom(20261127);
    // Few people, so that gifts collide on email (in any case), on name, and on neither.
    const emails = ["sam@example.org", "SAM@Example.org ", "kim@example.org", "lee@example.org", "", null] as const;
    const names = ["Sam Lee", "Kim Park", " Sam Lee", "Lee Chan", "", null] as const;
    const monthly: string[] = [];
    for (const status of ["active", "active", "canceled"] as const) {
      const [row] = await h.db.insert(recurringGifts).values({ organizationId: A, amountCents: 1_000, provider: "sandbox", status }).returning({ id: recurringGifts.id });
      monthly.push(row!.id);
    }
    const gifts: string[] = [];
    const when = () => new Date(Date.UTC(2023 + Math.floor(rnd.next() * 4), Math.floor(rnd.next() * 12), 1 + Math.floor(rnd.next() * 27), Math.floor(rnd.next() * 24)));
    const addGift = async () => {
      const createdAt = when();
      const status = rnd.pick(["succeeded", "succeeded", "succeeded", "refunded", "failed"] as const);
      gifts.push(
        await makeGift(h.db, A, null, {
          amountCents: 100 + Math.floor(rnd.next() * 50_000),
          status,
          refundedAt: status === "refunded" ? createdAt : null,
          createdAt,
          donorEmail: rnd.pick(emails),
          donorName: rnd.pick(names),
          donorTelephone: rnd.chance(0.5) ? "8025550101" : null,
          donorAgeRange: rnd.chance(0.5) ? 3 : null,
          shareName: rnd.chance(0.7),
          shareEmail: rnd.chance(0.6),
          shareTelephone: rnd.chance(0.5),
          shareLocation: rnd.chance(0.5),
          shareGender: rnd.chance(0.5),
          shareAge: rnd.chance(0.5),
          anonymous: rnd.chance(0.1),
          recurringGiftId: rnd.chance(0.2) ? rnd.pick(monthly) : null,
        }),
      );
    };
    for (let i = 0; i < 12; i++) await addGift();

    let compared = 0;
    for (let step = 0; step < 160; step++) {
      const id = rnd.pick(gifts);
      const op = rnd.pick(["add", "add", "refund", "share", "email", "name", "monthly", "delete", "move"] as const);
      if (op === "add") await addGift();
      else if (op === "refund") await h.db.update(donations).set({ status: "refunded", refundedAt: new Date() }).where(eq(donations.id, id));
      else if (op === "share") await h.db.update(donations).set({ shareEmail: rnd.chance(0.5), shareName: rnd.chance(0.5), anonymous: rnd.chance(0.1) }).where(eq(donations.id, id));
      else if (op === "email") await h.db.update(donations).set({ donorEmail: rnd.pick(emails) }).where(eq(donations.id, id));
      else if (op === "name") await h.db.update(donations).set({ donorName: rnd.pick(names) }).where(eq(donations.id, id));
      else if (op === "monthly") await h.db.update(recurringGifts).set({ status: rnd.pick(["active", "canceled"] as const), pastDueAt: rnd.chance(0.3) ? new Date() : null }).where(eq(recurringGifts.id, rnd.pick(monthly)));
      else if (op === "delete") {
        await h.db.delete(donations).where(eq(donations.id, id));
        gifts.splice(gifts.indexOf(id), 1);
      } else await h.db.update(donations).set({ createdAt: when(), amountCents: 100 + Math.floor(rnd.next() * 50_000) }).where(eq(donations.id, id));
      // Refresh after one to four writes.
      if (rnd.chance(0.4) || step === 159) {
        await refreshDonorSummaries({ db: h.db, organizationId: A });
        expect(await staleCount(A)).toBe(0);
        expect(await stored(A)).toEqual(await fromScratch(A));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
    const final = await fromScratch(A);
    // The sequence really produced donors, merged keys and the anonymous line.
    expect(final.rows.length).toBeGreaterThan(2);
    expect(Number(final.anonymous.gifts)).toBeGreaterThan(0);
  }, 300_000);

  test("a write that changes nothing the view reads marks nobody stale, and another organization's gift marks only its own", async () => {
    const B = b.organizationId;
    await refreshDonorSummaries({ db: h.db, organizationId: a.organizationId });
    const id = await makeGift(h.db, B, null, { donorEmail: "zoe@example.org", donorName: "Zoe Ward", shareEmail: true, shareName: true, amountCents: 4_200 });
    expect(await staleCount(B)).toBe(1);
    expect(await staleCount(a.organizationId)).toBe(0);
    expect(await refreshDonorSummaries({ db: h.db, organizationId: B })).toBe(1);
    expect(await refreshDonorSummaries({ db: h.db, organizationId: B })).toBe(0);
    await h.db.update(donations).set({ metadata: { note: "unrelated" }, failureReason: null }).where(eq(donations.id, id));
    await h.db.update(donations).set({ status: "failed" }).where(eq(donations.id, randomUUID()));
    expect(await staleCount(B)).toBe(0);
    expect((await stored(B)).rows).toEqual([expect.objectContaining({ donor_key: "email:zoe@example.org", lifetime: "4200", name: "Zoe Ward" })]);
    // A gift that stops counting takes its donor out.
    await h.db.update(donations).set({ status: "refunded", refundedAt: new Date() }).where(eq(donations.id, id));
    await refreshDonorSummaries({ db: h.db, organizationId: B });
    expect((await stored(B)).rows).toEqual([]);
  });

  test("the periodic refresh brings every organization up to date and drops the stale rows of deleted organizations", async () => {
    await makeGift(h.db, a.organizationId, null, { donorEmail: "vic@example.org", donorName: "Vic Moss", shareEmail: true, shareName: true, amountCents: 1_100 });
    await makeGift(h.db, b.organizationId, null, { donorEmail: "wes@example.org", donorName: "Wes Hall", shareEmail: true, shareName: true, amountCents: 1_200 });
    await h.db.execute(sql`insert into donor_people_stale (organization_id, ident) values ('no-such-organization', 'e:gone@example.org')`);
    const r = await refreshAllDonorSummaries({ db: h.db });
    expect(r.organizations).toBe(2);
    expect(r.people).toBeGreaterThanOrEqual(2);
    const [left] = rowsOf(await h.db.execute(sql`select count(*)::int as n from donor_people_stale`)) as { n: number }[];
    expect(Number(left!.n)).toBe(0);
    expect((await stored(a.organizationId)).rows.map((x) => x.donor_key)).toContain("email:vic@example.org");
    expect((await stored(b.organizationId)).rows.map((x) => x.donor_key)).toContain("email:wes@example.org");
    expect(await refreshAllDonorSummaries({ db: h.db })).toEqual({ organizations: 0, people: 0 });
  });

  // Two connections at once need the PostgreSQL server; the embedded database has one.
  if (testDatabaseServer())
    test("on PostgreSQL, a gift committed while a read refreshes is shown by the next read", async () => {
    const B = b.organizationId;
    const other = await openPostgres((h.raw as import("pg").Pool).options.connectionString!, { max: 1 });
    const client = await (other.raw as import("pg").Pool).connect();
    try {
      await client.query("begin");
      const id = randomUUID();
      await client.query(
        `insert into payments (id, organization_id, provider, idempotency_key, payment_method_type, amount_cents, fee_cents, status) values ($1, $2, 'sandbox', $3, 'card', 7300, 0, 'succeeded')`,
        [id, B, randomUUID()],
      );
      await client.query(
        `insert into donations (id, payment_id, organization_id, amount_cents, status, donor_name, donor_email, share_name, share_email) values ($1, $1, $2, 7300, 'succeeded', 'Uma Park', 'uma@example.org', true, true)`,
        [id, B],
      );
      // Not committed yet: this read cannot see it and must not consume its stale row.
      await refreshDonorSummaries({ db: h.db, organizationId: B });
      expect((await stored(B)).rows.map((r) => r.donor_key)).not.toContain("email:uma@example.org");
      await client.query("commit");
      await refreshDonorSummaries({ db: h.db, organizationId: B });
      expect((await stored(B)).rows.filter((r) => r.donor_key === "email:uma@example.org")).toEqual([expect.objectContaining({ lifetime: "7300", name: "Uma Park" })]);
    } finally {
      client.release();
      await other.close();
    }
  });
});
