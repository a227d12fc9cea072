/**
 * Looking organizations up in the IRS directory: by EIN for sign-up
 * (GET /api/find/nonprofitExists/{ein}) and by EIN or name (GET /api/checkGuidestar/{n}).
 */
import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { einField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";
import { formatEin } from "@/lib/donations/labels";

export type DirectoryMatch = {
  _id: string;
  ein: string | null;
  einFormatted: string | null;
  name: string;
  city: string | null;
  state: string | null;
  claimed: boolean;
};

const matchColumns = {
  id: organizations.id,
  ein: organizations.ein,
  name: organizations.name,
  city: organizations.city,
  state: organizations.state,
  claimed: organizations.claimed,
};

type MatchRow = { id: string; ein: string | null; name: string; city: string | null; state: string | null; claimed: boolean };
const toMatch = (r: MatchRow): DirectoryMatch => ({
  _id: r.id,
  ein: r.ein,
  einFormatted: formatEin(r.ein),
  name: r.name,
  city: r.city,
  state: r.state,
  claimed: r.claimed,
});

/**
 * Does the directory hold EIN `ein` (as typed: "12-3456789" or nine digits), and is it claimed?
 * @returns { exists, claimed, organization } (organization null when it does not exist).
 * @throws AppError(bad_request) with the EIN format message for a malformed EIN.
 */
export async function findNonprofitByEin({ ein: rawEin }: { ein: string }): Promise<{ exists: boolean; claimed: boolean; organization: DirectoryMatch | null }> {
  const parsed = einField.safeParse(rawEin);
  if (!parsed.success) throw new AppError("bad_request", messages.organization.einInvalid, { ein: messages.organization.einInvalid });
  const db = await getDb();
  const [row] = await db.select(matchColumns).from(organizations).where(eq(organizations.ein, parsed.data)).limit(1);
  if (!row) return { exists: false, claimed: false, organization: null };
  return { exists: true, claimed: row.claimed, organization: toMatch(row) };
}

/**
 * Look an organization up by `query`, an EIN (exact) or a name (closest names first), at most
 * `limit` (default 10, clamped to 1..50).
 * @throws AppError(bad_request) for a query under 2 or over 200 characters.
 */
export async function lookupDirectory({ query, limit = 10 }: { query: string; limit?: number }): Promise<DirectoryMatch[]> {
  const q = query.trim();
  if (q.length < 2 || q.length > 200) throw new AppError("bad_request", "Type at least 2 characters of a name or an EIN.");
  const db = await getDb();
  const ein = einField.safeParse(q);
  if (ein.success) {
    const rows = await db.select(matchColumns).from(organizations).where(eq(organizations.ein, ein.data)).limit(1);
    return rows.map(toMatch);
  }
  const lowered = q.toLowerCase();
  const rows = await db
    .select(matchColumns)
    .from(organizations)
    .where(and(eq(organizations.approvalStatus, "approved"), sql`(lower(${organizations.name}) % ${lowered} or lower(${organizations.name}) like ${"%" + escapeLike(lowered) + "%"})`))
    .orderBy(desc(sql`similarity(lower(${organizations.name}), ${lowered})`), asc(organizations.name))
    .limit(Math.min(Math.max(limit, 1), 50));
  return rows.map(toMatch);
}

/** Escape LIKE wildcards in user text. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
