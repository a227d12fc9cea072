/**
 * The nonprofit's Donors view (Manage Donations → Donors): its succeeded, unrefunded gifts
 * (online gifts with a payment and gifts recorded offline alike) grouped by donor.
 *
 * Who a donor is, only from what each gift itself shares with this organization (spec section 1;
 * docs/decisions/0014-donor-identity-from-what-each-gift-shares.md):
 * - a gift is in the row "email:<lower-cased email>" when IT shares the email and is not
 *   anonymous, else in the row "name:<name>" when it shares the name, else in the one
 *   "Anonymous donors" line (a count and a total, never rows); an email or name stored on a gift
 *   but not shared links it to nothing. A donor who stops sharing on a gift takes it out of its
 *   row at once, here, from their donor page and from the CSV;
 * - gifts the organization recorded itself (offline gifts, imported history) are grouped apart
 *   from the platform's and share a row only with platform gifts that shared that same email or
 *   name themselves, so nothing the organization enters reveals or re-keys a platform gift;
 * - the row shows the name, email, telephone, location, gender and age range only as its
 *   newest counted gift shared them.
 *
 * The rows are read from the per-donor summaries (donor_summaries and donor_people, kept by
 * donor-summaries.ts, which applies the rules above), brought up to date with the committed gifts
 * at the start of every read; a donor's gift history reads the gifts of the people under that key.
 *
 * Gift dates are the gifts' `created_at` (a gift recorded offline is stored at noon UTC of the
 * day it was received), the same instants the donation report lists. Segments are decided on
 * calendar years of the organization's time zone (lib/time/organization-time-zone.ts). A donor
 * has an active monthly gift when one of their gifts belongs to a `recurring_gifts` row that is
 * active and not past due; a lapsed one when they had monthly gifts and none is active.
 *
 * Amounts are integer cents; instants are UTC (ISO 8601) until the page formats them.
 * Access: every function authorizes "donorRelationship.view" against the database first
 * (lib/auth/authorize.ts): 401 for nobody, 403 for anyone but a current member.
 * Sharing log: listDonors, getDonor and exportDonorsCsv each write one row of the sharing log
 * (disclosures.ts) in the same request, naming the member, the donors shown and the fields shown.
 * A gift of the donor's history names its tribute ("In honor of Jane Doe"), as receipts and the
 * donation report do (lib/donations/labels.ts).
 */
import "server-only";
import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { DIRECT_DONATION, tributeLine, type TributeKind } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import { centsToDecimalString, type Cents } from "@/lib/money";
import { reportTimeZone } from "@/lib/services/reports/donation-report";
import { SAFE_CSV_OPTIONS } from "@/lib/services/reports/donation-csv";
import { zonedCalendarDay, zonedDayStart } from "@/lib/time/zoned-time";
import { DONORS_PAGE_SIZE, DONOR_SEGMENTS, donorKeyField, type DonorSegment, type DonorsQuery } from "@/lib/validations/donor-relationships";
import { ageRangeLabel } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { DISCLOSED_FIELDS, recordDisclosure } from "./disclosures";
import { giftDonorKeySql, giftPersonSql, refreshDonorSummaries } from "./donor-summaries";

/** A donor's monthly-gift status: an active monthly gift, only canceled or past-due ones, or none. */
export type MonthlyStatus = "active" | "lapsed" | "none";

/** One donor row. Contact fields are null unless the donor's latest gift shared them. */
export type DonorRow = {
  /** "email:<lower-cased email>" or "name:<name>"; the URL of the donor's page carries it encoded. */
  donorKey: string;
  name: string | null;
  email: string | null;
  telephone: string | null;
  /** "City, ST" (either part may be missing). */
  location: string | null;
  gender: string | null;
  /** The age range's label ("35-54"). */
  ageRange: string | null;
  lifetimeCents: Cents;
  giftCount: number;
  largestGiftCents: Cents;
  /** ISO 8601, UTC. */
  firstGiftAt: string;
  /** ISO 8601, UTC. */
  lastGiftAt: string;
  monthly: MonthlyStatus;
  /** The organization's private tags (never shown to the donor). */
  tags: string[];
};

/** The one line of every gift whose donor shared neither name nor email. */
export type AnonymousLine = { giftCount: number; totalCents: Cents };

export type DonorSegmentCounts = Record<DonorSegment, number> & {
  /** Every recognized donor. */
  all: number;
  /** Donors whose lifetime giving is at least the query's `minCents`; null without one. */
  atLeast: number | null;
};

export type DonorsPage = {
  donors: DonorRow[];
  /** Donors matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  segments: DonorSegmentCounts;
  anonymous: AnonymousLine;
  /** The organization's IANA zone, in which segments are decided and dates are shown. */
  timeZone: string;
};

export type ListDonorsOptions = {
  actor: Actor | null;
  organizationId: string;
  /** Parsed with parseDonorsQuery (lib/validations/donor-relationships.ts). */
  query: DonorsQuery;
  /** The present instant; "this year" in the organization's zone. Tests fix it. */
  now?: Date;
};

/**
 * One page (50 donors) of the organization's donors with the filters, the segment counts and
 * the anonymous line.
 * @returns DonorsPage (amounts in cents, instants in UTC).
 * @throws AppError(unauthenticated) for nobody; AppError(forbidden) for anyone but a current
 *   member of the organization; AppError(not_found) for an unknown organization.
 */
export async function listDonors({ actor, organizationId, query, now = new Date() }: ListDonorsOptions): Promise<DonorsPage> {
  authorize(actor, "donorRelationship.view", { organizationId });
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorRelationship.view", organizationId);
  const clock = await prepareRead(db, organizationId, now);
  const offset = (query.page - 1) * DONORS_PAGE_SIZE;
  const where = filterConditions(query);
  const [donors, summary, matching] = await Promise.all([
    selectDonors(db, organizationId, clock, where, query.sort, { limit: DONORS_PAGE_SIZE, offset }),
    selectSummary(db, organizationId, clock, query.minCents),
    where.length > 0 ? countDonors(db, organizationId, clock, where) : null,
  ]);
  await recordDisclosure({ db, actor: actor!, organizationId, channel: "donors_view", donors, shows: DISCLOSED_FIELDS });
  return { donors, total: matching ?? summary.segments.all, page: query.page, pageSize: DONORS_PAGE_SIZE, segments: summary.segments, anonymous: summary.anonymous, timeZone: clock.timeZone };
}

/** One gift of a donor's history. */
export type DonorGift = {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  amountCents: Cents;
  /** The fundraiser's name, or "Direct Donation". */
  fundraiser: string;
  /** How a gift recorded offline was given; null for a gift made online. */
  offlineMethod: string | null;
  status: "succeeded" | "refunded";
  /** Part of a monthly gift. */
  monthly: boolean;
  /** "In honor of Jane Doe" / "In memory of Jane Doe" (lib/donations/labels.ts tributeLine); null without a tribute. */
  tribute: string | null;
};

export type DonorDetail = {
  donor: DonorRow;
  /** Newest first: the donor's succeeded gifts, and refunded ones marked as such (at most 1,000). */
  gifts: DonorGift[];
  note: string;
  tags: string[];
  timeZone: string;
};

export type GetDonorOptions = { actor: Actor | null; organizationId: string; donorKey: string; now?: Date };

/**
 * One donor of the organization, with their gift history to it and the organization's note and tags.
 * @throws AppError(unauthenticated | forbidden) as listDonors; AppError(not_found) with
 *   messages.donors.notFound when no donor has this key now (never was one, or stopped
 *   sharing), or messages.donors.donorKeyInvalid for a malformed key.
 */
export async function getDonor({ actor, organizationId, donorKey, now = new Date() }: GetDonorOptions): Promise<DonorDetail> {
  authorize(actor, "donorRelationship.view", { organizationId });
  const key = parseDonorKey(donorKey);
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorRelationship.view", organizationId);
  const clock = await prepareRead(db, organizationId, now);
  const donor = await selectOneDonor(db, organizationId, clock, key);
  if (!donor) throw new AppError("not_found", messages.donors.notFound);
  // The gifts of the people whose donor key this is (donor_people), through donations_org_person_idx.
  const result = await db.execute(sql`select coalesce(json_agg(x order by x.at desc, x.id desc)::text, '[]') as j from (
      select k.id, ${utc(sql`k.created_at`)} as at, k.amount_cents::text as amount,
             case when k.campaign_id is null then ${DIRECT_DONATION} else coalesce(c.name, ${DIRECT_DONATION}) end as fundraiser,
             k.offline_method::text as offline_method, (k.status = 'succeeded' and k.refunded_at is null) as counted, k.recurring_gift_id is not null as monthly,
             k.tribute_type::text as tribute_type, k.tribute_name
        from donations k left join campaigns c on c.id = k.campaign_id
       where k.organization_id = ${organizationId} and k.status in ('succeeded', 'refunded')
         and ${giftPersonSql(sql`k`)} in (select p.ident from donor_people p where p.organization_id = ${organizationId} and p.donor_key = ${key})
       order by k.created_at desc, k.id desc
       limit 1000
    ) x`);
  const gifts = parseJson<{ id: string; at: string; amount: string; fundraiser: string; offline_method: string | null; counted: boolean; monthly: boolean; tribute_type: TributeKind | null; tribute_name: string | null }>(result).map(
    (g): DonorGift => ({
      id: g.id,
      at: g.at,
      amountCents: Number(g.amount),
      fundraiser: g.fundraiser,
      offlineMethod: g.offline_method,
      status: g.counted ? "succeeded" : "refunded",
      monthly: g.monthly,
      tribute: tributeLine({ tributeType: g.tribute_type, tributeName: g.tribute_name }),
    }),
  );
  await recordDisclosure({ db, actor: actor!, organizationId, channel: "donor_page", donors: [donor], shows: DISCLOSED_FIELDS, single: true });
  const noteRows = rowsOf(await db.execute(sql`select note from donor_notes where organization_id = ${organizationId} and donor_key = ${key}`)) as { note: string }[];
  return { donor, gifts, note: noteRows[0]?.note ?? "", tags: donor.tags, timeZone: clock.timeZone };
}

/** The columns of the donors CSV, in order. */
export const DONORS_CSV_COLUMNS = [
  "Name",
  "Email",
  "Lifetime USD",
  "Gifts",
  "Largest Gift USD",
  "First Gift (UTC)",
  "Last Gift (UTC)",
  "Monthly Gift",
  "Telephone",
  "Location",
  "Gender",
  "Age Range",
  "Tags",
] as const;

export type ExportDonorsCsvOptions = { actor: Actor | null; organizationId: string; query: DonorsQuery; now?: Date };

/**
 * Every donor matching the filters (all pages, in the query's sort) as CSV, header first.
 * Amounts in dollars with two decimals, instants ISO 8601 in UTC ("2026-06-30T23:15:00Z"), only
 * shared fields, tags but never the note; cells that start like a formula are neutralized
 * (SAFE_CSV_OPTIONS). Without a search, segment or minimum, the last line is "Anonymous donors"
 * with their gift count and total.
 * @returns the file name ("donors-YYYY-MM-DD.csv", UTC day) and the CSV text.
 * @throws as listDonors.
 */
export async function exportDonorsCsv({ actor, organizationId, query, now = new Date() }: ExportDonorsCsvOptions): Promise<{ filename: string; csv: string }> {
  authorize(actor, "donorRelationship.view", { organizationId });
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorRelationship.view", organizationId);
  const clock = await prepareRead(db, organizationId, now);
  const donors = await selectDonors(db, organizationId, clock, filterConditions(query), query.sort, null);
  const records: string[][] = donors.map((d) => [
    d.name ?? "",
    d.email ?? "",
    centsToDecimalString(d.lifetimeCents),
    String(d.giftCount),
    centsToDecimalString(d.largestGiftCents),
    isoSeconds(d.firstGiftAt),
    isoSeconds(d.lastGiftAt),
    d.monthly === "active" ? "Active" : d.monthly === "lapsed" ? "Lapsed" : "",
    d.telephone ?? "",
    d.location ?? "",
    d.gender ?? "",
    d.ageRange ?? "",
    d.tags.join("; "),
  ]);
  if (!query.search && !query.segment && query.minCents === null) {
    const { anonymous } = await selectSummary(db, organizationId, clock, null);
    if (anonymous.giftCount > 0) records.push(["Anonymous donors", "", centsToDecimalString(anonymous.totalCents), String(anonymous.giftCount), "", "", "", "", "", "", "", "", ""]);
  }
  await recordDisclosure({ db, actor: actor!, organizationId, channel: "donors_csv", donors, shows: DISCLOSED_FIELDS });
  const csv = stringify(records, { header: true, columns: [...DONORS_CSV_COLUMNS], ...SAFE_CSV_OPTIONS });
  return { filename: `donors-${now.toISOString().slice(0, 10)}.csv`, csv };
}

export type AssertDonorExistsOptions = {
  db: Executor;
  organizationId: string;
  donorKey: string;
  /** The instant the donor list is read at; defaults to the current time. */
  now?: Date;
};

/**
 * The donor key `donorKey` when it names a donor of the organization at `now`; internal: the
 * caller has authorized. @throws AppError(not_found) messages.donors.notFound otherwise.
 */
export async function assertDonorExists({ db, organizationId, donorKey, now = new Date() }: AssertDonorExistsOptions): Promise<void> {
  const clock = await prepareRead(db, organizationId, now);
  if (!(await selectOneDonor(db, organizationId, clock, donorKey))) throw new AppError("not_found", messages.donors.notFound);
}

/** @throws AppError(not_found) messages.donors.donorKeyInvalid for a key that is not "email:…" or "name:…". */
export function parseDonorKey(donorKey: string): string {
  const parsed = donorKeyField.safeParse(donorKey);
  if (!parsed.success) throw new AppError("not_found", messages.donors.donorKeyInvalid);
  return parsed.data;
}

/** Where a page of {@link listDonorsInFirstGiftOrder} starts: after this donor's first gift instant and key hash. */
export type DonorPosition = { firstAt: string; keyHash: string };

export type DonorsInOrderPage = {
  donors: DonorRow[];
  /** The position of the last donor shown (PostgreSQL's timestamptz text and md5 of the key); null on an empty page. */
  last: DonorPosition | null;
  /** More donors follow the ones shown. */
  more: boolean;
};

export type ListDonorsInFirstGiftOrderOptions = {
  db: Executor;
  organizationId: string;
  /** Start strictly after this donor; null for the first page. */
  after: DonorPosition | null;
  limit: number;
  /** The instant the donor list is read at; defaults to the current time. */
  now?: Date;
};

/**
 * Up to `limit` donors of the organization in a stable order (first gift, oldest first; then
 * the md5 of the donor key), strictly after `after`; internal: the caller has authorized (the
 * public API's read:donors). Rows are those of {@link listDonors}: only shared fields; the
 * caller drops what it must not show (tags).
 * @returns DonorsInOrderPage (amounts in cents, instants in UTC).
 */
export async function listDonorsInFirstGiftOrder({ db, organizationId, after: start, limit, now }: ListDonorsInFirstGiftOrderOptions): Promise<DonorsInOrderPage> {
  const clock = await prepareRead(db, organizationId, now ?? new Date());
  const after = start ? sql`where (d.first_at, md5(d.donor_key)) > (${start.firstAt}::timestamptz, ${start.keyHash})` : sql``;
  const result = await db.execute(sql`${donorRows(organizationId, clock)}
    select coalesce(json_agg(x order by x.rn)::text, '[]') as j from (
      select row_number() over (order by d.first_at, md5(d.donor_key)) as rn, d.donor_key, d.name, d.email, d.telephone, d.location, d.gender, d.age_range,
             d.lifetime::text as lifetime, d.gifts::text as gifts, d.largest::text as largest,
             ${utc(sql`d.first_at`)} as first_at, ${utc(sql`d.last_at`)} as last_at,
             d.active_monthly, d.had_monthly, d.tags, d.first_at::text as first_at_text, md5(d.donor_key) as key_hash
        from d ${after}
       order by d.first_at, md5(d.donor_key)
       limit ${limit + 1}
    ) x`);
  const raw = parseJson<RawDonor & { first_at_text: string; key_hash: string }>(result);
  const shown = raw.slice(0, limit);
  const lastRow = shown[shown.length - 1];
  return { donors: shown.map(toDonorRow), last: lastRow ? { firstAt: lastRow.first_at_text, keyHash: lastRow.key_hash } : null, more: raw.length > limit };
}

export type FindDonorOptions = AssertDonorExistsOptions;

/**
 * The donor of the organization with key `donorKey` at `now` (default: the current time), or
 * null (never was one, or stopped sharing); internal: the caller has authorized. Only shared
 * fields, as {@link listDonors}.
 */
export async function findDonor({ db, organizationId, donorKey, now = new Date() }: FindDonorOptions): Promise<DonorRow | null> {
  const clock = await prepareRead(db, organizationId, now);
  return selectOneDonor(db, organizationId, clock, donorKey);
}

/**
 * The donor key gift `donationId` shows its donor under (the rules at the top of this file,
 * applied to that one gift: what it shares) when the gift made that donor appear for its
 * organization; else null (also for an anonymous gift or one sharing neither name nor email).
 * In one statement of `db` (the gift's transaction): the key is claimed in organization_donors
 * (INSERT ... ON CONFLICT DO NOTHING RETURNING, so of two first gifts committing at once only
 * one claims it), and a key claimed now is still not new when another succeeded or refunded
 * gift of the organization shares it (a gift made while no row was being added).
 */
export async function claimNewDonorKey({ db, donationId }: { db: Executor; donationId: string }): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`with claimed as (
        insert into organization_donors (organization_id, donor_key)
        select d.organization_id, ${giftDonorKeySql(sql`d`)} from donations d
         where d.id = ${donationId} and ${giftDonorKeySql(sql`d`)} is not null
        on conflict do nothing
        returning organization_id, donor_key
      )
      select c.donor_key from claimed c
       where not exists (
         select 1 from donations o
          where o.organization_id = c.organization_id and o.id <> ${donationId} and o.status in ('succeeded', 'refunded')
            and ${giftDonorKeySql(sql`o`)} = c.donor_key)`),
  ) as { donor_key: string }[];
  return row?.donor_key ?? null;
}

/**
 * Claim in organization_donors the donor keys the gifts `donationIds` share (the rules at the top
 * of this file), in `db`'s transaction, without deciding that any donor is new: for gifts that
 * publish no event (an imported history). Keys already claimed are left as they are.
 */
export async function claimDonorKeys({ db, donationIds }: { db: Executor; donationIds: string[] }): Promise<void> {
  if (donationIds.length === 0) return;
  await db.execute(sql`insert into organization_donors (organization_id, donor_key)
      select distinct d.organization_id, ${giftDonorKeySql(sql`d`)} from donations d
       where d.id in (${sql.join(donationIds.map((id) => sql`${id}`), sql`, `)}) and ${giftDonorKeySql(sql`d`)} is not null
      on conflict do nothing`);
}

export type ExistingDonorKeysOptions = {
  db: Executor;
  organizationId: string;
  keys: string[];
  /** Leave out the gifts of this import (null or absent: none left out). */
  exceptImportId?: string | null;
};

/**
 * Of the donor keys `keys`, those some succeeded or refunded gift of the organization shares now
 * (the rules at the top of this file), leaving out the gifts of import `exceptImportId`.
 */
export async function existingDonorKeys({ db, organizationId, keys, exceptImportId = null }: ExistingDonorKeysOptions): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const except = exceptImportId ? sql`and d.import_id is distinct from ${exceptImportId}` : sql``;
    const rows = rowsOf(
      await db.execute(sql`select distinct k from (
          select ${giftDonorKeySql(sql`d`)} as k from donations d
           where d.organization_id = ${organizationId} and d.status in ('succeeded', 'refunded') ${except}
        ) x where k in (${sql.join(chunk.map((k) => sql`${k}`), sql`, `)})`),
    ) as { k: string }[];
    for (const r of rows) found.add(r.k);
  }
  return found;
}

type Clock = { timeZone: string; thisYear: Date; lastYear: Date };

/**
 * Before a read: brings the organization's donor summaries up to date with its committed gifts
 * (donor-summaries.ts) and returns its zone and the UTC instants its current and previous
 * calendar years begin.
 */
async function prepareRead(db: Executor, organizationId: string, now: Date): Promise<Clock> {
  await refreshDonorSummaries({ db, organizationId });
  const timeZone = await reportTimeZone({ db, organizationId });
  const year = Number(zonedCalendarDay(now, timeZone).slice(0, 4));
  return { timeZone, thisYear: zonedDayStart(`${year}-01-01`, timeZone), lastYear: zonedDayStart(`${year - 1}-01-01`, timeZone) };
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The CTE `d`: one row per donor of the organization (donor_summaries, kept by
 * donor-summaries.ts per the rules at the top of this file) with its segments in `clock` and the
 * organization's tags; with `only`, just the donor with that key.
 */
function donorRows(organizationId: string, clock: Clock, only: string | null = null): SQL {
  const one = only === null ? sql`` : sql`and s.donor_key = ${only}`;
  return sql`with d as (
      select s.donor_key, s.gift_count as gifts, s.lifetime_cents as lifetime, s.largest_gift_cents as largest,
             s.first_gift_at as first_at, s.last_gift_at as last_at, s.active_monthly, s.had_monthly,
             s.name, s.email, s.telephone, s.location, s.gender, s.age_range,
             coalesce(n.tags, '{}'::text[]) as tags,
             s.first_gift_at >= ${clock.thisYear.toISOString()}::timestamptz as is_new,
             s.last_gift_at >= ${clock.lastYear.toISOString()}::timestamptz and s.last_gift_at < ${clock.thisYear.toISOString()}::timestamptz as is_lybunt,
             s.last_gift_at < ${clock.lastYear.toISOString()}::timestamptz as is_sybunt
        from donor_summaries s
        left join donor_notes n on n.organization_id = s.organization_id and n.donor_key = s.donor_key
       where s.organization_id = ${organizationId} ${one}
    )`;
}

const SEGMENT_SQL: Record<DonorSegment, SQL> = {
  new: sql`d.is_new`,
  recurring: sql`d.active_monthly`,
  lybunt: sql`d.is_lybunt`,
  sybunt: sql`d.is_sybunt`,
  lapsedRecurring: sql`(d.had_monthly and not d.active_monthly)`,
};

function filterConditions(query: DonorsQuery): SQL[] {
  const where: SQL[] = [];
  // A part of the shared name or email, any case; LIKE with its wildcards escaped, so that the
  // trigram index donor_summaries_search_idx serves it.
  if (query.search) where.push(sql`lower(coalesce(d.name, '') || ' ' || coalesce(d.email, '')) like '%' || lower(${query.search.replace(/[\\%_]/g, "\\$&")}) || '%'`);
  if (query.segment) where.push(SEGMENT_SQL[query.segment]);
  if (query.minCents !== null) where.push(sql`d.lifetime >= ${query.minCents}`);
  return where;
}

const ORDER: Record<DonorsQuery["sort"], SQL> = {
  lifetime: sql`d.lifetime desc, d.donor_key`,
  lastGift: sql`d.last_at desc, d.donor_key`,
  name: sql`lower(coalesce(d.name, d.email)) asc nulls last, d.donor_key`,
};

type RawDonor = {
  donor_key: string;
  name: string | null;
  email: string | null;
  telephone: string | null;
  location: string | null;
  gender: string | null;
  age_range: number | null;
  lifetime: string;
  gifts: string;
  largest: string;
  first_at: string;
  last_at: string;
  active_monthly: boolean;
  had_monthly: boolean;
  tags: string[] | null;
};

/**
 * Donors matching `where`, in `sort`, one page or (page null) all. Without a window over every
 * row, a page in lifetime or last-gift order reads its rows off the donor_summaries indexes.
 */
async function selectDonors(
  db: Executor,
  organizationId: string,
  clock: Clock,
  where: SQL[],
  sort: DonorsQuery["sort"],
  page: { limit: number; offset: number } | null,
  only: string | null = null,
): Promise<DonorRow[]> {
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  // One JSON value per query: the same shape from PGlite and PostgreSQL drivers.
  const result = await db.execute(sql`${donorRows(organizationId, clock, only)}
    select coalesce(json_agg(x order by x.rn)::text, '[]') as j from (
      select row_number() over (order by ${ORDER[sort]}) as rn, d.donor_key, d.name, d.email, d.telephone, d.location, d.gender, d.age_range,
             d.lifetime::text as lifetime, d.gifts::text as gifts, d.largest::text as largest,
             ${utc(sql`d.first_at`)} as first_at, ${utc(sql`d.last_at`)} as last_at,
             d.active_monthly, d.had_monthly, d.tags
        from d ${condition}
       order by ${ORDER[sort]}
       ${paging}
    ) x`);
  return parseJson<RawDonor>(result).map(toDonorRow);
}

/** The donor with key `donorKey` now, or null. */
async function selectOneDonor(db: Executor, organizationId: string, clock: Clock, donorKey: string): Promise<DonorRow | null> {
  const [donor] = await selectDonors(db, organizationId, clock, [sql`d.donor_key = ${donorKey}`], "lifetime", { limit: 1, offset: 0 }, donorKey);
  return donor ?? null;
}

/** How many donors match `where`. */
async function countDonors(db: Executor, organizationId: string, clock: Clock, where: SQL[]): Promise<number> {
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const [row] = rowsOf(await db.execute(sql`${donorRows(organizationId, clock)} select count(*)::text as n from d ${condition}`)) as { n: string }[];
  return Number(row?.n ?? 0);
}

/** The segment counts (and "at least" count) over every donor, and the anonymous line. */
async function selectSummary(db: Executor, organizationId: string, clock: Clock, minCents: Cents | null): Promise<{ segments: DonorSegmentCounts; anonymous: AnonymousLine }> {
  const counts = DONOR_SEGMENTS.map((s) => sql`(count(*) filter (where ${SEGMENT_SQL[s]}))::text as ${sql.identifier(s)}`);
  const atLeast = minCents === null ? sql`null::text` : sql`(count(*) filter (where d.lifetime >= ${minCents}))::text`;
  const result = await db.execute(sql`${donorRows(organizationId, clock)}
    select count(*)::text as "all", ${sql.join(counts, sql`, `)}, ${atLeast} as "atLeast",
           (select coalesce(sum(p.gift_count), 0) from donor_people p where p.organization_id = ${organizationId} and p.donor_key is null)::text as anon_gifts,
           (select coalesce(sum(p.lifetime_cents), 0) from donor_people p where p.organization_id = ${organizationId} and p.donor_key is null)::text as anon_cents
      from d`);
  const row = (rowsOf(result)[0] ?? {}) as Record<string, string | null>;
  const segments = { all: Number(row.all ?? 0), atLeast: row.atLeast === null || row.atLeast === undefined ? null : Number(row.atLeast) } as DonorSegmentCounts;
  for (const s of DONOR_SEGMENTS) segments[s] = Number(row[s] ?? 0);
  return { segments, anonymous: { giftCount: Number(row.anon_gifts ?? 0), totalCents: Number(row.anon_cents ?? 0) } };
}

function toDonorRow(r: RawDonor): DonorRow {
  return {
    donorKey: r.donor_key,
    name: r.name,
    email: r.email,
    telephone: r.telephone,
    location: r.location,
    gender: r.gender,
    ageRange: ageRangeLabel(r.age_range),
    lifetimeCents: Number(r.lifetime),
    giftCount: Number(r.gifts),
    largestGiftCents: Number(r.largest),
    firstGiftAt: r.first_at,
    lastGiftAt: r.last_at,
    monthly: r.active_monthly ? "active" : r.had_monthly ? "lapsed" : "none",
    tags: r.tags ?? [],
  };
}

function parseJson<T>(result: unknown): T[] {
  const [row] = rowsOf(result) as { j: string }[];
  return JSON.parse(row?.j ?? "[]") as T[];
}

/** "2026-06-30T23:15:00.000Z" -> "2026-06-30T23:15:00Z" (the donation report's CSV form). */
function isoSeconds(iso: string): string {
  return iso.replace(/\.\d{3}Z$/, "Z");
}
