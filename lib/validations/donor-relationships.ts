/**
 * Input of the nonprofit's Donors view (Manage Donations → Donors): the list's query parameters
 * (search, segment, "gave at least $X", sort, page) and the body of a donor's private note and
 * tags (PUT /api/organizations/{id}/donors/notes). Browser-safe: the page's form and the server
 * read the same rules.
 */
import { z } from "zod";
import { parseDollarsToCents, type Cents } from "@/lib/money";
import { plainText } from "./fields";
import { messages } from "./messages";

const m = messages.donors;

/** Donors per page of the view. */
export const DONORS_PAGE_SIZE = 50;

/**
 * The segments, all decided in the organization's time zone on calendar years:
 * - new: first gift this year;
 * - recurring: has an active monthly gift (not past due);
 * - lybunt: gave last year, not this year ("last year but unfortunately not this");
 * - sybunt: gave some year before last, neither last year nor this year;
 * - lapsedRecurring: had a monthly gift, and none is active now (canceled or past due).
 */
export const DONOR_SEGMENTS = ["new", "recurring", "lybunt", "sybunt", "lapsedRecurring"] as const;
export type DonorSegment = (typeof DONOR_SEGMENTS)[number];

/** Labels of the segments, shown on the page and in the CSV's name. */
export const DONOR_SEGMENT_LABELS: Record<DonorSegment, string> = {
  new: "New this year",
  recurring: "Recurring",
  lybunt: "LYBUNT",
  sybunt: "SYBUNT",
  lapsedRecurring: "Lapsed recurring",
};

export const DONOR_SORTS = ["lifetime", "lastGift", "name"] as const;
export type DonorSort = (typeof DONOR_SORTS)[number];

/** The list's filters. `minCents`: lifetime giving at least this many cents. */
export type DonorsQuery = {
  search: string;
  segment: DonorSegment | null;
  minCents: Cents | null;
  sort: DonorSort;
  /** 1-based. */
  page: number;
};

export const DEFAULT_DONORS_QUERY: DonorsQuery = { search: "", segment: null, minCents: null, sort: "lifetime", page: 1 };

/** Largest "gave at least" amount accepted: $100,000,000. */
const MAX_MIN_CENTS: Cents = 10_000_000_000;

/**
 * The list's filters from URL query parameters `q`, `segment`, `min` (dollars, e.g. "250" or
 * "99.50"), `sort`, `page`. Empty parameters mean "none".
 * @returns the query, or `{ error }` with the messages.donors text of the first bad parameter.
 */
export function parseDonorsQuery(input: URLSearchParams | Record<string, string | string[] | undefined>): { query: DonorsQuery; error?: undefined } | { query?: undefined; error: string } {
  const get = (k: string): string => {
    const v = input instanceof URLSearchParams ? input.get(k) : Array.isArray(input[k]) ? input[k]![0] : (input[k] as string | undefined);
    return (v ?? "").trim();
  };
  const search = get("q");
  if (search.length > 200) return { error: m.searchTooLong };
  const segmentText = get("segment");
  if (segmentText && !(DONOR_SEGMENTS as readonly string[]).includes(segmentText)) return { error: m.segmentInvalid };
  const sortText = get("sort");
  if (sortText && !(DONOR_SORTS as readonly string[]).includes(sortText)) return { error: m.sortInvalid };
  const minText = get("min");
  let minCents: Cents | null = null;
  if (minText) {
    minCents = parseDollarsToCents(minText);
    if (minCents === null || minCents > MAX_MIN_CENTS) return { error: m.minAmountInvalid };
  }
  const pageText = get("page");
  const page = pageText ? Number(pageText) : 1;
  if (!Number.isInteger(page) || page < 1 || page > 100_000) return { error: m.pageInvalid };
  return {
    query: {
      search,
      segment: (segmentText || null) as DonorSegment | null,
      minCents,
      sort: (sortText || "lifetime") as DonorSort,
      page,
    },
  };
}

/** The filters as URL query parameters (links, the CSV download); defaults are left out. */
export function donorsQueryToParams(q: Partial<DonorsQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (q.search) p.set("q", q.search);
  if (q.segment) p.set("segment", q.segment);
  if (q.minCents !== null && q.minCents !== undefined) p.set("min", (q.minCents / 100).toFixed(2));
  if (q.sort && q.sort !== "lifetime") p.set("sort", q.sort);
  if (q.page && q.page > 1) p.set("page", String(q.page));
  return p;
}

/**
 * A donor's grouping key: "email:<lower-cased email>" or "name:<name as given>" (see
 * lib/services/donor-relationships/donors-view.ts). At most 600 characters, no control characters.
 */
export const donorKeyField = z
  .string({ error: m.donorKeyInvalid })
  .max(600, { error: m.donorKeyInvalid })
  .regex(/^(email|name):[^\u0000-\u001F\u007F]+$/, { error: m.donorKeyInvalid });

export const DONOR_NOTE_MAX = 5_000;
export const DONOR_TAGS_MAX = 20;

const tagField = plainText(m.tagInvalid)
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, { error: m.tagInvalid }).max(40, { error: m.tagInvalid }));

/**
 * Body of PUT /api/organizations/{id}/donors/notes: the whole note and tag list of one donor.
 * Tags are trimmed and de-duplicated (case-insensitively, first spelling kept).
 */
export const donorNoteSchema = z.object({
  donorKey: donorKeyField,
  note: plainText(m.noteTooLong).max(DONOR_NOTE_MAX, { error: m.noteTooLong }).default(""),
  tags: z
    .array(tagField, { error: m.tagInvalid })
    .max(DONOR_TAGS_MAX, { error: m.tooManyTags })
    .default([])
    .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)),
});
export type DonorNoteInput = z.infer<typeof donorNoteSchema>;
