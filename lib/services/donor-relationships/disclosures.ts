/**
 * The sharing log (table donor_field_disclosures, models/donor-relationships.ts): every read of
 * a donor's shared fields through the Donors view (list page, donor page, CSV) or the public
 * API's donors is written here in the read's own request, one insert per request whatever the
 * number of rows, naming who read (a member's user id or an API key id), the organization, the
 * donor keys shown, which shared fields were shown (names, never values) and when (UTC).
 * Donors see the entries naming their own email keys on their dashboard; an account's deletion
 * removes its keys from the log (forgetDonorKeys). Spec section 1: donors choose what they share
 * with nonprofits; this log tells them who saw it.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { ApiKeyActor } from "@/lib/auth/api-key-access";
import { forbidden } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { donorFieldDisclosures, type DisclosureChannel } from "@/models";
import type { DonorRow } from "./donors-view";

/** The shared fields a donor row can show, by the names the log keeps. */
export const DISCLOSED_FIELDS = ["name", "email", "telephone", "location", "gender", "age"] as const;
export type DisclosedField = (typeof DISCLOSED_FIELDS)[number];

const ROW_FIELD: Record<DisclosedField, keyof DonorRow> = {
  name: "name",
  email: "email",
  telephone: "telephone",
  location: "location",
  gender: "gender",
  age: "ageRange",
};

export type RecordDisclosureOptions = {
  /** The caller's handle or transaction the row is written in. */
  db: Executor;
  /** The member (Actor) or the API key (ApiKeyActor) that read. */
  actor: Actor | ApiKeyActor;
  organizationId: string;
  channel: DisclosureChannel;
  /** The donor rows shown, only with the fields the donors shared (donors-view.ts). */
  donors: DonorRow[];
  /** The fields this channel shows at all (the API shows name and email only). */
  shows: readonly DisclosedField[];
  /** A read of one donor (donor page, one API donor) rather than a list. */
  single?: boolean;
};

/**
 * Write one sharing-log row for a read by `actor` of `organizationId`'s donors through `channel`,
 * in `db` (the caller's handle or transaction). The fields
 * logged are those of `shows` that at least one shown row carried. Nothing is written when no
 * donor was shown. One INSERT whatever the number of rows.
 */
export async function recordDisclosure({ db, actor, organizationId, channel, donors, shows, single = false }: RecordDisclosureOptions): Promise<void> {
  if (donors.length === 0) return;
  const fields = shows.filter((f) => donors.some((d) => d[ROW_FIELD[f]] !== null));
  const isKey = "kind" in actor && actor.kind === "api_key";
  await db.insert(donorFieldDisclosures).values({
    organizationId,
    actorUserId: isKey ? null : (actor as Actor).id,
    actorApiKeyId: isKey ? (actor as ApiKeyActor).keyId : null,
    channel,
    donorKey: single ? donors[0]!.donorKey : null,
    donorKeys: single ? [] : donors.map((d) => d.donorKey),
    fields,
    rows: donors.length,
  });
}

/** One entry of a donor's own sharing log. */
export type MyDisclosure = {
  organizationName: string;
  channel: DisclosureChannel;
  /** Read by the organization's integration (an API key) rather than a member. */
  byIntegration: boolean;
  /** The shared fields shown; for a list, the fields shown in that list (yours only as you shared them). */
  fields: DisclosedField[];
  /** ISO 8601, UTC. */
  at: string;
};

export type ListMyDisclosuresOptions = { actor: Actor | null; userId: string; limit?: number };

/**
 * The newest entries (default 50, at most 200) of the sharing log naming the donor `userId`:
 * reads of the donor key of their account's email or of an email their own gifts shared
 * ("email:<lower-cased email>"). Keys made from a name alone are left out, since another
 * person may share the name.
 * @throws AppError(forbidden) unless the actor is this donor.
 */
export async function listMyDisclosures({ actor, userId, limit = 50 }: ListMyDisclosuresOptions): Promise<MyDisclosure[]> {
  if (!can(actor, "sharingLog.view", { userId })) throw forbidden();
  const db = await getDb();
  const rows = rowsOf(
    await db.execute(sql`with mine as (${donorEmailKeys(userId)}), keys as (select coalesce(array_agg(k), '{}'::text[]) as a from mine)
      select o.name as organization_name, f.channel, f.fields, f.channel = 'api' as by_integration,
             to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from donor_field_disclosures f join organizations o on o.id = f.organization_id, keys
       where f.donor_key = any(keys.a) or f.donor_keys && keys.a
       order by f.created_at desc, f.id desc
       limit ${Math.min(Math.max(limit, 1), 200)}`),
  ) as { organization_name: string; channel: DisclosureChannel; fields: DisclosedField[] | string; by_integration: boolean; at: string }[];
  return rows.map((r) => ({ organizationName: r.organization_name, channel: r.channel, byIntegration: r.by_integration, fields: pgTextArray(r.fields) as DisclosedField[], at: r.at }));
}

/**
 * Remove what the organizations keep under the donor keys of user `userId`'s emails (their
 * account's email and every email their gifts shared): the private notes and tags
 * (donor_notes), the donor.created claims (organization_donors) and the keys in the sharing
 * log. Run in the account deletion's transaction `tx` BEFORE the gifts' details are stripped.
 * Notes keyed by a name alone are kept: another person may share the name.
 * @returns how many notes were removed.
 */
export async function forgetDonorKeys({ tx, userId }: { tx: Executor; userId: string }): Promise<number> {
  const keys = rowsOf(await tx.execute(sql`select distinct k from (${donorEmailKeys(userId)}) m`)).map((r) => (r as { k: string }).k);
  if (keys.length === 0) return 0;
  const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
  const notes = rowsOf(await tx.execute(sql`delete from donor_notes where donor_key in (${list}) returning donor_key`));
  await tx.execute(sql`delete from organization_donors where donor_key in (${list})`);
  await tx.execute(sql`delete from donor_field_disclosures where donor_key in (${list})`);
  await tx.execute(sql`update donor_field_disclosures
       set donor_keys = array(select x from unnest(donor_keys) as x where x not in (${list}))
     where donor_keys && array[${list}]::text[]`);
  return notes.length;
}

/** The "email:<lower-cased email>" donor keys of user `userId`: their account's email and those their gifts shared. */
function donorEmailKeys(userId: string) {
  return sql`select 'email:' || lower(btrim(u.email)) as k from users u where u.id = ${userId}
      union
      select 'email:' || lower(btrim(d.donor_email)) from donations d
       where d.donor_user_id = ${userId} and d.share_email and nullif(btrim(d.donor_email), '') is not null`;
}

/** A text[] from either driver: pg parses it to an array; a "{a,b}" string is split. */
function pgTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === "{}") return [];
  return value.slice(1, -1).split(",").map((s) => s.replace(/^"|"$/g, ""));
}
