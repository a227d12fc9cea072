/** GET /api/v1/fundraisers: active fundraisers of public organizations (public), on lib/search/fundraisers.ts. */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { decodeOffsetCursor, offsetPage, type Page } from "./pagination";
import type { FundraiserResource } from "@/lib/integrations/api-resources";
import { searchFundraisers } from "@/lib/search/fundraisers";
import type { fundraiserSearchQuerySchema } from "@/lib/public-api/query-schemas";
import { organizations } from "@/models";
import { toFundraiserResource } from "@/lib/services/api-resources/to-resources";

/**
 * @param options.query words, an organization's EIN, topic and a date window the fundraiser overlaps.
 * @throws AppError(bad_request) for a bad cursor.
 */
export async function listFundraisers(options: { query: z.output<typeof fundraiserSearchQuerySchema> }): Promise<Page<FundraiserResource>> {
  const { q, ein, topic, start_date, end_date, limit, cursor } = options.query;
  const offset = decodeOffsetCursor(cursor);
  let organizationId: string | undefined;
  if (ein) {
    const db = await getDb();
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.ein, ein)).limit(1);
    if (!org) return offsetPage({ items: [], offset, limit });
    organizationId = org.id;
  }
  const result = await searchFundraisers({ query: q ?? "", limit: limit + 1, offset, organizationId, filters: { topic, startDate: start_date, endDate: end_date } });
  const rows = result.results.map((h) => toFundraiserResource({ ...h, id: h._id, organizationId: h.organization._id, status: "active" }));
  return offsetPage({ items: rows, offset, limit });
}
