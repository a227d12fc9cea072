/**
 * Keeps the Donors view's summaries (migrations 0031_donor_summaries and
 * 0032_donor_identity_from_sharing) up to date, so that a page of the view reads one row per
 * donor instead of aggregating every gift of the organization.
 *
 * Who a donor is comes only from what each gift itself shares (spec section 1: donors choose
 * which details are shared with nonprofits when they donate;
 * docs/decisions/0014-donor-identity-from-what-each-gift-shares.md):
 * - `donor_people`: one row per person with at least one counted gift (succeeded, not
 *   refunded). A gift made on the platform belongs to the person of the donor key IT shares
 *   ("email:<lower-cased email>" when it shares a non-empty email and is not anonymous, else
 *   "name:<trimmed name>" when it shares a non-empty name, else the gift alone, with a null key:
 *   the "Anonymous donors" line). A gift the organization recorded itself (an offline gift or
 *   an imported row, `offline_method` set) belongs to a person of its own under the same kind of
 *   key, never to a platform gift's: SQL gb_donor_person. A stored email or name that a gift did
 *   not share links it to nothing. The person's LATEST counted gift (newest `created_at`, then
 *   greatest id) decides the contact fields shown, each only as that gift shared it. Aggregates
 *   are over counted gifts; the monthly flags over all their succeeded and refunded gifts.
 * - `donor_summaries`: one row per donor key, the people sharing it merged (sums, min/max, the
 *   fields of the person whose latest gift is newest). A platform gift is in a row only under a
 *   key it shared itself.
 *
 * Triggers on `donations` and `recurring_gifts` record the people a statement changed in
 * `donor_people_stale`, in that statement's transaction. {@link refreshDonorSummaries} runs
 * before every read of the view: it takes the organization's advisory lock (one refresher at a
 * time per organization), removes the stale rows it sees and recomputes those people and the
 * donor keys they had or now have, from the committed gifts, in one transaction. A change
 * committed while it runs leaves its own stale row for the next read, so a read never shows
 * less than what was committed before it began: a donor who stops sharing a field disappears at
 * the next read.
 *
 * A periodic job ({@link startDonorSummaryJob}) also refreshes every organization with stale
 * people, so an organization that rarely opens the view neither piles up stale rows nor pays for
 * them all on its next read.
 *
 * Amounts are integer cents; instants are timestamptz (UTC).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";

/**
 * The SQL of the person (donor_people.ident) gift row `g` belongs to: SQL gb_donor_person of
 * migration 0032, whose expression the index donations_org_person_idx serves.
 */
export function giftPersonSql(g: ReturnType<typeof sql>) {
  return sql`gb_donor_person(${g}.donor_email, ${g}.donor_name, ${g}.id, ${g}.anonymous, ${g}.share_email, ${g}.share_name, ${g}.offline_method is not null)`;
}

/**
 * The SQL of the donor key the gift row `g` shares: "email:<lower-cased email>" when it is not
 * anonymous and shares a non-empty email, else "name:<trimmed name>" when it shares a non-empty
 * name, else null.
 */
export function giftDonorKeySql(g: ReturnType<typeof sql>) {
  return sql`case when not ${g}.anonymous and ${g}.share_email and nullif(btrim(${g}.donor_email), '') is not null then 'email:' || lower(btrim(${g}.donor_email))
                  when not ${g}.anonymous and ${g}.share_name and nullif(btrim(${g}.donor_name), '') is not null then 'name:' || btrim(${g}.donor_name)
             end`;
}

/**
 * Bring the donor_people and donor_summaries of organization `organizationId` up to date with
 * its committed gifts (the rules at the top of this file). Cheap when nothing changed (one indexed probe).
 * Runs in a transaction of its own (a savepoint when `db` is already one).
 * @returns how many people were recomputed (0 when nothing was stale).
 */
export async function refreshDonorSummaries({ db, organizationId }: { db: Executor; organizationId: string }): Promise<number> {
  const [pending] = rowsOf(await db.execute(sql`select exists (select 1 from donor_people_stale where organization_id = ${organizationId}) as p`)) as { p: boolean }[];
  if (!pending?.p) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`donor_people:${organizationId}`}, 0))`);
    const taken = rowsOf(await tx.execute(sql`delete from donor_people_stale where organization_id = ${organizationId} returning ident`)) as { ident: string }[];
    const idents = [...new Set(taken.map((r) => r.ident))];
    if (idents.length === 0) return 0;
    const people = textArray(idents);
    const before = rowsOf(
      await tx.execute(sql`delete from donor_people where organization_id = ${organizationId} and ident = any(${people}::text[]) returning donor_key`),
    ) as { donor_key: string | null }[];
    const after = rowsOf(
      await tx.execute(sql`with g as (
          select d.id, d.created_at, d.amount_cents, d.anonymous, d.donor_name, d.donor_email, d.donor_telephone, d.donor_city, d.donor_state,
                 d.donor_gender, d.donor_age_range, d.share_name, d.share_email, d.share_telephone, d.share_location, d.share_gender, d.share_age,
                 (d.status = 'succeeded' and d.refunded_at is null) as counted,
                 ${giftPersonSql(sql`d`)} as ident,
                 rg.id is not null as monthly,
                 rg.status = 'active' and rg.past_due_at is null as monthly_active
            from donations d left join recurring_gifts rg on rg.id = d.recurring_gift_id
           where d.organization_id = ${organizationId} and d.status in ('succeeded', 'refunded')
             and ${giftPersonSql(sql`d`)} = any(${people}::text[])
        ), a as (
          select ident,
                 count(*) filter (where counted) as gift_count,
                 sum(amount_cents) filter (where counted) as lifetime_cents,
                 max(amount_cents) filter (where counted) as largest_gift_cents,
                 min(created_at) filter (where counted) as first_gift_at,
                 max(created_at) filter (where counted) as last_gift_at,
                 coalesce(bool_or(monthly_active), false) as active_monthly,
                 bool_or(monthly) as had_monthly
            from g group by ident
          having count(*) filter (where counted) > 0
        ), l as (
          select distinct on (ident) ident, id as latest_gift_id, ${giftDonorKeySql(sql`g`)} as donor_key,
                 case when share_name then nullif(btrim(donor_name), '') end as name,
                 case when share_email then lower(btrim(donor_email)) end as email,
                 case when share_telephone then nullif(btrim(donor_telephone), '') end as telephone,
                 case when share_location then nullif(concat_ws(', ', nullif(btrim(donor_city), ''), nullif(btrim(donor_state), '')), '') end as location,
                 case when share_gender then nullif(btrim(donor_gender), '') end as gender,
                 case when share_age then donor_age_range end as age_range
            from g where counted
           order by ident, created_at desc, id desc
        )
        insert into donor_people (organization_id, ident, donor_key, latest_gift_id, gift_count, lifetime_cents, largest_gift_cents, first_gift_at, last_gift_at,
                                  active_monthly, had_monthly, name, email, telephone, location, gender, age_range)
        select ${organizationId}, a.ident, l.donor_key, l.latest_gift_id, a.gift_count, a.lifetime_cents, a.largest_gift_cents, a.first_gift_at, a.last_gift_at,
               a.active_monthly, a.had_monthly, l.name, l.email, l.telephone, l.location, l.gender, l.age_range
          from a join l using (ident)
        returning donor_key`),
    ) as { donor_key: string | null }[];
    const keys = [...new Set([...before, ...after].flatMap((r) => (r.donor_key === null ? [] : [r.donor_key])))];
    if (keys.length > 0) await resummarize(tx, organizationId, keys);
    return idents.length;
  });
}

/** Recompute the donor_summaries rows of donor keys `keys` from donor_people (in the caller's locked transaction). */
async function resummarize(tx: Executor, organizationId: string, keys: string[]): Promise<void> {
  const donorKeys = textArray(keys);
  await tx.execute(sql`delete from donor_summaries where organization_id = ${organizationId} and donor_key = any(${donorKeys}::text[])`);
  await tx.execute(sql`with p as (
      select * from donor_people where organization_id = ${organizationId} and donor_key = any(${donorKeys}::text[])
    ), a as (
      select donor_key, sum(gift_count) as gift_count, sum(lifetime_cents) as lifetime_cents, max(largest_gift_cents) as largest_gift_cents,
             min(first_gift_at) as first_gift_at, max(last_gift_at) as last_gift_at, bool_or(active_monthly) as active_monthly, bool_or(had_monthly) as had_monthly
        from p group by donor_key
    ), l as (
      select distinct on (donor_key) donor_key, name, email, telephone, location, gender, age_range
        from p order by donor_key, last_gift_at desc, latest_gift_id desc
    )
    insert into donor_summaries (organization_id, donor_key, gift_count, lifetime_cents, largest_gift_cents, first_gift_at, last_gift_at,
                                 active_monthly, had_monthly, name, email, telephone, location, gender, age_range)
    select ${organizationId}, a.donor_key, a.gift_count, a.lifetime_cents, a.largest_gift_cents, a.first_gift_at, a.last_gift_at,
           a.active_monthly, a.had_monthly, l.name, l.email, l.telephone, l.location, l.gender, l.age_range
      from a join l using (donor_key)`);
}

/**
 * A PostgreSQL array literal of `values` ('{"a","b\"c"}'), sent as ONE parameter and cast with
 * ::text[]: a list of any length in a single bind value, whose size the planner sees.
 */
function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/** How often the periodic job refreshes the organizations with stale people: every ten minutes. */
export const DONOR_SUMMARY_INTERVAL_SECONDS = 10 * 60;

/**
 * Refresh the summaries of every organization that has stale people, one organization at a
 * time, in `db`, and drop the stale rows of organizations that no longer exist.
 * @returns how many organizations and people were refreshed.
 */
export async function refreshAllDonorSummaries({ db }: { db: Executor }): Promise<{ organizations: number; people: number }> {
  await db.execute(sql`delete from donor_people_stale s where not exists (select 1 from organizations o where o.id = s.organization_id)`);
  const orgs = rowsOf(await db.execute(sql`select distinct organization_id from donor_people_stale`)) as { organization_id: string }[];
  let people = 0;
  for (const { organization_id } of orgs) people += await refreshDonorSummaries({ db, organizationId: organization_id });
  return { organizations: orgs.length, people };
}

/** Start the periodic refresh in this process (the server calls this at start). Idempotent. */
export async function startDonorSummaryJob(): Promise<void> {
  await startPeriodicJob("donor-summaries", DONOR_SUMMARY_INTERVAL_SECONDS, async () => {
    const r = await refreshAllDonorSummaries({ db: await getDb() });
    if (r.people > 0) logger.info("donor summaries refreshed", r);
  });
}
