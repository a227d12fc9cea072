/** Search parameters in the URL (spec section 3: queryString, searchCategory, paging). */
import "./zod-setup";
import { z } from "zod";

export const searchCategories = ["NonProfits", "Campaigns", "Events"] as const;
export type SearchCategory = (typeof searchCategories)[number];

/** /search?queryString=&searchCategory=&limit=&currentDisplayRecords= */
export const searchPageSchema = z.object({
  queryString: z.string().trim().max(200, { error: "Search text is too long (200 characters at most)." }).default(""),
  searchCategory: z.enum(searchCategories, { error: "Choose NonProfits, Campaigns or Events." }).default("NonProfits"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  currentDisplayRecords: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type SearchPageInput = z.infer<typeof searchPageSchema>;

const boolParam = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])], { error: "Use true or false." })
  .transform((v) => v === true || v === "true" || v === "1");
const text = (max: number, what: string) =>
  z.string().trim().max(max, { error: `${what} is too long (${max} characters at most).` });
const isoDate = z.iso.date({ error: "Use a date in the form YYYY-MM-DD." });
const optionalString = (max: number, what: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), text(max, what).optional());
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: "Use a number." }).pipe(schema).optional());
const optionalDate = z.preprocess((v) => (v === "" || v === null ? undefined : v), isoDate.optional());

/** Spec section 3 nonProfitAdvanceFilters. Distance is in miles. */
export const nonprofitFiltersSchema = z.object({
  category: optionalString(80, "Category"),
  city: optionalString(80, "City"),
  state: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.string().regex(/^[A-Z]{2}$/, { error: "Use a two-letter state code, for example VT." }).optional(),
  ),
  zipcode: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().trim().regex(/^\d{5}(-?\d{4})?$/, { error: "Use a 5-digit ZIP code." }).optional(),
  ),
  lng: optionalNumber(z.number().min(-180, { error: "Longitude must be between -180 and 180." }).max(180, { error: "Longitude must be between -180 and 180." })),
  lat: optionalNumber(z.number().min(-90, { error: "Latitude must be between -90 and 90." }).max(90, { error: "Latitude must be between -90 and 90." })),
  distance: optionalNumber(z.number().positive({ error: "Distance must be more than 0 miles." }).max(500, { error: "Distance must be 500 miles or less." })),
  active_campaign: boolParam.optional(),
  domestic: boolParam.optional(),
  international: boolParam.optional(),
});
export type NonprofitFilters = z.infer<typeof nonprofitFiltersSchema>;

/** Spec section 3 campaignAdvanceFilters. Dates are calendar days (YYYY-MM-DD). */
export const fundraiserFiltersSchema = z.object({
  topic: optionalString(80, "Topic"),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type FundraiserFilters = z.infer<typeof fundraiserFiltersSchema>;

/** Spec section 3 eventAdvanceFilters. */
export const eventFiltersSchema = z.object({
  city: optionalString(80, "City"),
  state: nonprofitFiltersSchema.shape.state,
  topic: optionalString(80, "Topic"),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;

/** Paging and text shared by the search calls (search_query, limit, currentDisplayRecords, showAll). */
export const searchQuerySchema = z.object({
  search_query: z.preprocess((v) => v ?? "", text(200, "Search text")),
  limit: optionalNumber(z.number().int({ error: "limit must be a whole number." }).min(1, { error: "limit must be between 1 and 100." }).max(100, { error: "limit must be between 1 and 100." })).transform((v) => v ?? 20),
  currentDisplayRecords: optionalNumber(
    z.number().int({ error: "currentDisplayRecords must be a whole number." }).min(0, { error: "currentDisplayRecords cannot be negative." }).max(100_000, { error: "currentDisplayRecords is too large." }),
  ).transform((v) => v ?? 0),
  showAll: boolParam.optional().transform((v) => v ?? false),
});

/** GET /api/search/nonprofit: text, paging and the nonprofit filters. */
export const nonprofitSearchQuerySchema = searchQuerySchema.extend(nonprofitFiltersSchema.shape);
/** GET /api/search/campaign: text, paging and the campaign filters. */
export const fundraiserSearchQuerySchema = searchQuerySchema.extend(fundraiserFiltersSchema.shape);
/** GET /api/find/events: text, paging and the event filters. */
export const eventSearchQuerySchema = searchQuerySchema.extend(eventFiltersSchema.shape);
/** GET /api/search: searchEngineCategory picks the kind of result. */
export const searchEngineQuerySchema = z.object({
  searchEngineCategory: z.enum(searchCategories, { error: "searchEngineCategory must be NonProfits, Campaigns or Events." }).default("NonProfits"),
});

/** PUT /api/handleEventLikedButton body. */
export const eventLikeSchema = z.object({
  eventId: z.string({ error: "eventId is required." }).trim().min(1, { error: "eventId is required." }).max(100),
  userId: z.string({ error: "userId is required." }).trim().min(1, { error: "userId is required." }).max(100),
  isLiked: z.boolean({ error: "isLiked must be true or false." }),
});

/** GET /api/search/locations query: the typed start of a city or ZIP, and how many suggestions (1-20, 8 by default). */
export const locationSuggestQuerySchema = z.object({
  prefix: z.string({ error: "prefix is required." }).trim().min(1, { error: "prefix is required." }).max(60, { error: "prefix is too long." }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
