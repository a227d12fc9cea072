/**
 * Manage Donations report filters (spec sections 5 and 9): a duration — yearToDate (default),
 * monthToDate or customRange with a start and end date — and a fundraiser — all (default),
 * nonFundraiser (direct donations) or one campaign id — and, optionally, one supporter page and/or
 * one team of peer-to-peer fundraising (their ids). "Report needs a duration and a
 * fundraiser chosen" (spec 5): a query without either is refused with messages.report.needsFilters.
 * Dates are calendar days written YYYY-MM-DD, read in the organization's own time zone (see
 * lib/services/reports/donation-report.ts); the end day is included. Shared by the
 * filter form, the route handlers and the services. Budget lines are integer cents.
 */
import "./zod-setup";
import { z } from "zod";
import { idParam } from "./fields";
import { messages } from "./messages";

export const REPORT_DURATIONS = ["yearToDate", "monthToDate", "customRange"] as const;
export type ReportDuration = (typeof REPORT_DURATIONS)[number];

/** Default first page size of the transaction table, and the largest page a caller may ask for. */
export const REPORT_PAGE_SIZE = 50;
export const REPORT_MAX_PAGE_SIZE = 200;

const ymd = /^\d{4}-\d{2}-\d{2}$/;
/** The form of a campaign, supporter page or team id in a report filter. */
const REPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** "2026-03-01" -> true only for a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!ymd.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The raw filters as they come from a URL query or a JSON body. */
export const reportQuerySchema = z
  .object({
    duration: optionalText,
    fundraiser: optionalText,
    startDate: optionalText,
    endDate: optionalText,
    supporterPage: optionalText,
    team: optionalText,
  })
  .superRefine((q, ctx) => {
    if (q.supporterPage !== undefined && !REPORT_ID.test(q.supporterPage)) ctx.addIssue({ code: "custom", path: ["supporterPage"], message: messages.supporterPages.notFound });
    if (q.team !== undefined && !REPORT_ID.test(q.team)) ctx.addIssue({ code: "custom", path: ["team"], message: messages.supporterPages.teamNotFound });
    if (!q.duration || !q.fundraiser) {
      ctx.addIssue({ code: "custom", path: [q.duration ? "fundraiser" : "duration"], message: messages.report.needsFilters });
      return;
    }
    if (!(REPORT_DURATIONS as readonly string[]).includes(q.duration)) {
      ctx.addIssue({ code: "custom", path: ["duration"], message: messages.reports.durationInvalid });
    }
    if (q.fundraiser !== "all" && q.fundraiser !== "nonFundraiser" && !REPORT_ID.test(q.fundraiser)) {
      ctx.addIssue({ code: "custom", path: ["fundraiser"], message: messages.reports.fundraiserNotFound });
    }
    if (q.duration === "customRange") {
      if (!q.startDate || !q.endDate) {
        ctx.addIssue({ code: "custom", path: [q.startDate ? "endDate" : "startDate"], message: messages.reports.datesRequired });
        return;
      }
      if (!isCalendarDay(q.startDate)) ctx.addIssue({ code: "custom", path: ["startDate"], message: messages.reports.dateInvalid });
      else if (!isCalendarDay(q.endDate)) ctx.addIssue({ code: "custom", path: ["endDate"], message: messages.reports.dateInvalid });
      else if (q.endDate < q.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: messages.reports.endBeforeStart });
      else if (Number(q.endDate.slice(0, 4)) - Number(q.startDate.slice(0, 4)) > 10) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: messages.reports.rangeTooLong });
      }
    }
  })
  .transform((q): ReportQuery => {
    const duration = q.duration as ReportDuration;
    const attribution = { ...(q.supporterPage ? { supporterPage: q.supporterPage } : {}), ...(q.team ? { team: q.team } : {}) };
    return duration === "customRange"
      ? { duration, fundraiser: q.fundraiser!, startDate: q.startDate!, endDate: q.endDate!, ...attribution }
      : { duration, fundraiser: q.fundraiser!, ...attribution };
  });

/**
 * The peer-to-peer filters of a report: only gifts made on this supporter page
 * (donations.supporter_page_id) and/or counted for this team (donations.supporter_team_id).
 */
export type ReportAttribution = { supporterPage?: string; team?: string };

/** Validated filters. `fundraiser` is "all", "nonFundraiser" or a campaign id. */
export type ReportQuery = (
  | { duration: "yearToDate" | "monthToDate"; fundraiser: string; startDate?: undefined; endDate?: undefined }
  | { duration: "customRange"; fundraiser: string; startDate: string; endDate: string }
) &
  ReportAttribution;

/** The filters of a report when the page is opened without any: year to date, all fundraisers. */
export const DEFAULT_REPORT_QUERY: ReportQuery = { duration: "yearToDate", fundraiser: "all" };

/**
 * POST /api/emailDonorReport body: the organization (the caller's own by default) and the
 * report's filters as the page has them, checked afterwards by parseReportQuery.
 */
export const emailReportSchema = z.object({
  organizationId: idParam.optional(),
  duration: z.string().optional(),
  fundraiser: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  supporterPage: z.string().optional(),
  team: z.string().optional(),
});

/**
 * Validate filters from URL search params (or a plain object).
 * @throws ZodError whose first message is the spec's or messages.reports' text.
 */
export function parseReportQuery(input: URLSearchParams | Record<string, string | string[] | undefined>): ReportQuery {
  const get = (k: string): string | undefined => {
    if (input instanceof URLSearchParams) return input.get(k) ?? undefined;
    const v = input[k];
    return Array.isArray(v) ? v[0] : v;
  };
  return reportQuerySchema.parse({ duration: get("duration"), fundraiser: get("fundraiser"), startDate: get("startDate"), endDate: get("endDate"), supporterPage: get("supporterPage"), team: get("team") });
}

/** The filters as URL query parameters (for links, the CSV download and bookmarks). */
export function reportQueryToParams(q: ReportQuery): URLSearchParams {
  const p = new URLSearchParams({ duration: q.duration, fundraiser: q.fundraiser });
  if (q.duration === "customRange") {
    p.set("startDate", q.startDate);
    p.set("endDate", q.endDate);
  }
  if (q.supporterPage) p.set("supporterPage", q.supporterPage);
  if (q.team) p.set("team", q.team);
  return p;
}

export const BUDGET_MAX_LINES = 50;
export const BUDGET_MAX_LINE_CENTS = 1_000_000_000;

/** One planned spending line: a label and an amount in cents. */
export const budgetLineSchema = z.object({
  label: z.string({ error: messages.budgets.labelRequired }).trim().min(1, { error: messages.budgets.labelRequired }).max(120, { error: messages.budgets.labelTooLong }),
  amountCents: z
    .number({ error: messages.budgets.amountInvalid })
    .int({ error: messages.budgets.amountInvalid })
    .min(1, { error: messages.budgets.amountMin })
    .max(BUDGET_MAX_LINE_CENTS, { error: messages.budgets.amountMax }),
});

/** PUT /api/budgets/{campaignId}: the whole list of lines (replaces the old one) and/or the publish flag. */
export const budgetUpdateSchema = z.object({
  lines: z.array(budgetLineSchema).max(BUDGET_MAX_LINES, { error: messages.budgets.tooManyLines }).optional(),
  published: z.boolean().optional(),
});
export type BudgetUpdate = z.infer<typeof budgetUpdateSchema>;
