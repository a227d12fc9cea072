/**
 * Reading the search calls' query strings: one value per name (the first), with an optional
 * `filters` parameter holding the spec's advance-filter object as JSON
 * (e.g. filters={"state":"VT","coordinates":{"lng":-73.2,"lat":44.5}}). Named parameters win
 * over the same name inside `filters`.
 */
import { AppError } from "@/lib/errors";

/**
 * The query parameters of `url` as a plain object for a zod schema.
 * @throws AppError(bad_request) when `filters` is not a JSON object.
 */
export function searchParamsObject(url: { searchParams: URLSearchParams } | URLSearchParams): Record<string, unknown> {
  const params = url instanceof URLSearchParams ? url : url.searchParams;
  const out: Record<string, unknown> = {};
  const filters = params.get("filters");
  if (filters) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(filters);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new AppError("bad_request", "filters must be a JSON object.", { filters: "filters must be a JSON object." });
    }
    const { coordinates, ...rest } = parsed as Record<string, unknown>;
    Object.assign(out, rest);
    if (coordinates && typeof coordinates === "object") {
      const c = coordinates as { lng?: unknown; lat?: unknown };
      out.lng = c.lng;
      out.lat = c.lat;
    }
  }
  for (const key of new Set(params.keys())) {
    if (key !== "filters") out[key] = params.get(key);
  }
  return out;
}
