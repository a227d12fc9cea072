/** GET /api/v1/organizations: directory search (public), on lib/search/nonprofits.ts through its cache (lib/search/cache.ts). */
import type { z } from "zod";
import { decodeOffsetCursor, offsetPage, type Page } from "./pagination";
import type { OrganizationSummaryResource } from "@/lib/integrations/api-resources";
import { cachedSearchNonprofits } from "@/lib/search/cache";
import type { organizationSearchQuerySchema } from "@/lib/public-api/query-schemas";
import { toOrganizationSummary } from "@/lib/services/api-resources/to-resources";

/**
 * Live, approved organizations matching `q` and the filters, in the directory search's order.
 * @throws AppError(bad_request) for a bad cursor, an unknown category or ZIP code.
 */
export async function searchOrganizations(options: { query: z.output<typeof organizationSearchQuerySchema> }): Promise<Page<OrganizationSummaryResource>> {
  const { q, limit, cursor, ...filters } = options.query;
  const offset = decodeOffsetCursor(cursor);
  const result = await cachedSearchNonprofits({ query: q ?? "", limit: limit + 1, offset, filters });
  return offsetPage({ items: result.results.map(toOrganizationSummary), offset, limit });
}
