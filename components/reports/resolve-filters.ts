/**
 * Reads the report filters of a /manage-pay URL. A page opened without any filter shows the
 * defaults (year to date, all fundraisers); a URL with only one of them, or bad dates, gets
 * the validation message instead of a report.
 */
import "@/lib/validations/zod-setup";
import { ZodError } from "zod";
import { DEFAULT_REPORT_QUERY, parseReportQuery, reportQueryToParams, type ReportQuery } from "@/lib/validations/report";
import type { ReportFilterValues } from "./report-filters";

export type SearchParams = Record<string, string | string[] | undefined>;

export function firstParam(sp: SearchParams, key: string): string | undefined {
  const v = sp[key];
  return Array.isArray(v) ? v[0] : v;
}

export function resolveReportFilters(sp: SearchParams): { query: ReportQuery | null; error: string | null; values: ReportFilterValues } {
  const raw = {
    duration: firstParam(sp, "duration"),
    fundraiser: firstParam(sp, "fundraiser"),
    startDate: firstParam(sp, "startDate"),
    endDate: firstParam(sp, "endDate"),
    supporterPage: firstParam(sp, "supporterPage"),
    team: firstParam(sp, "team"),
  };
  const input = raw.duration === undefined && raw.fundraiser === undefined ? { ...raw, ...DEFAULT_REPORT_QUERY } : raw;
  const values: ReportFilterValues = {
    duration: input.duration ?? "",
    fundraiser: input.fundraiser ?? "",
    startDate: input.startDate ?? "",
    endDate: input.endDate ?? "",
    supporterPage: input.supporterPage ?? "",
    team: input.team ?? "",
  };
  try {
    return { query: parseReportQuery(input), error: null, values };
  } catch (e) {
    if (e instanceof ZodError) return { query: null, error: e.issues[0]?.message ?? null, values };
    throw e;
  }
}

/** The filters as a query string ("duration=...&fundraiser=...", and supporterPage and team when chosen). */
export function reportQueryString(q: ReportQuery, extra: Record<string, string> = {}): string {
  const p = reportQueryToParams(q);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}
