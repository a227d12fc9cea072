/** GET /api/v1/events: upcoming events of public organizations (public), on lib/search/events.ts. */
import type { z } from "zod";
import { decodeOffsetCursor, offsetPage, type Page } from "./pagination";
import type { EventResource } from "@/lib/integrations/api-resources";
import { findEvents } from "@/lib/services/events/list-events";
import type { eventSearchQuerySchema } from "@/lib/public-api/query-schemas";
import { toEventResource } from "@/lib/services/api-resources/to-resources";

/** @throws AppError(bad_request) for a bad cursor. */
export async function listEvents(options: { query: z.output<typeof eventSearchQuerySchema> }): Promise<Page<EventResource>> {
  const { q, city, state, topic, start_date, end_date, limit, cursor } = options.query;
  const offset = decodeOffsetCursor(cursor);
  const result = await findEvents({ query: q ?? "", limit: limit + 1, offset, filters: { city, state, topic, startDate: start_date, endDate: end_date } });
  return offsetPage({ items: result.results.map(toEventResource), offset, limit });
}
