/**
 * Query and path parameters of the public REST API (/api/v1), one schema per call:
 * the handlers parse with them (lib/public-api/handler.ts) and the OpenAPI document describes
 * them (lib/public-api/openapi.ts). Parameters are snake_case. The handler refuses an empty
 * value, a repeated parameter and one the call does not declare, each with a 400 naming it;
 * values are then read exactly as documented: numbers in decimal digits only (no exponent, hex,
 * sign or spaces, which JavaScript's Number() would take), codes in the documented case. Messages
 * come from the catalogue (lib/validations/messages.ts and, for fields without their own, error-map.ts).
 */
import "@/lib/validations/zod-setup";
import { z } from "zod";
import { donationStatus, recurringStatus, fundraiserStatus } from "@/models";
import { einField, zipField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";

/** Largest page of any list. */
export const API_PAGE_MAX = 100;
/** Page size when `limit` is not given. */
export const API_PAGE_DEFAULT = 25;

/**
 * A whole number in decimal digits from `min` to `max` (the OpenAPI `integer`): "25", not
 * "25.0", "1e2", "0x10", "+5" or " 5". The document states the type and range it is read with.
 */
function decimalInteger(name: string, min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9]\d*)$/, { error: messages.publicApi.integerInvalid(name) })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ param: { schema: { type: "integer", minimum: min, maximum: max } } });
}

/** A non-negative number in decimal digits ("2" or "2.5") up to `max`, above 0. */
function decimalNumber(name: string, max: number) {
  return z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, { error: messages.publicApi.decimalInvalid(name) })
    .transform(Number)
    .pipe(z.number().positive().max(max))
    .meta({ param: { schema: { type: "number", exclusiveMinimum: 0, maximum: max } } });
}

/** `limit` and `cursor`, shared by every list. */
export const pageQuerySchema = z.object({
  limit: decimalInteger("limit", 1, API_PAGE_MAX)
    .default(API_PAGE_DEFAULT)
    .meta({ description: `Items per page, 1 to ${API_PAGE_MAX}, in decimal digits.`, param: { schema: { type: "integer", minimum: 1, maximum: API_PAGE_MAX, default: API_PAGE_DEFAULT } } }),
  cursor: z.string().max(500, { error: messages.publicApi.cursorInvalid }).optional().meta({ description: "The next_cursor of the previous page. Keep the other parameters the same." }),
});

const text = (description: string) => z.string().trim().max(200).optional().meta({ description });
const day = (description: string) => z.iso.date({ error: messages.reports.dateInvalid }).optional().meta({ description: `${description} (YYYY-MM-DD, UTC).` });
const dateTime = (description: string) => z.iso.datetime({ offset: true, error: messages.publicApi.dateTimeInvalid }).optional().meta({ description });
const state = z
  .string()
  .regex(/^[A-Z]{2}$/, { error: messages.publicApi.stateInvalid })
  .optional()
  .meta({ description: "Two-letter US state code in capital letters, e.g. VT." });

/** GET /api/v1/organizations: directory search. */
export const organizationSearchQuerySchema = pageQuerySchema.extend({
  q: text("Words of the name, city, state or cause; typos are allowed."),
  category: text("An NTEE major group: its letter (\"K\") or name (\"Food, Agriculture & Nutrition\", or its start)."),
  city: text("City."),
  state,
  zipcode: zipField.optional().meta({ description: "ZIP code; with distance, the center of a distance search." }),
  distance: decimalNumber("distance", 500).optional().meta({ description: "Miles around zipcode, above 0 and up to 500, in decimal digits (e.g. 25 or 2.5)." }),
});

/** GET /api/v1/organizations/{ein} path. */
export const einPathSchema = z.object({ ein: einField.meta({ description: "The EIN, 9 digits, with or without the dash.", example: "03-0179423" }) });

/** GET /api/v1/…/{id} path. */
export const idPathSchema = z.object({ id: z.string().max(100).meta({ description: "The id." }) });

/** GET /api/v1/fundraisers: active fundraisers of public organizations. */
export const fundraiserSearchQuerySchema = pageQuerySchema.extend({
  q: text("Words of the fundraiser's name, topic or story, or of its organization's name."),
  ein: einField.optional().meta({ description: "Only this organization's fundraisers (its EIN)." }),
  topic: text("Topic, e.g. Hunger."),
  start_date: day("Fundraisers running on or after this day"),
  end_date: day("Fundraisers running on or before this day"),
});

/** GET /api/v1/events: upcoming events of public organizations. */
export const eventSearchQuerySchema = pageQuerySchema.extend({
  q: text("Words of the event's name, topic, description or city, or of its organization's name."),
  city: text("City."),
  state,
  topic: text("Topic."),
  start_date: day("Events starting on or after this day"),
  end_date: day("Events starting on or before this day"),
});

/** GET /api/v1/organization/fundraisers. */
export const organizationFundraisersQuerySchema = pageQuerySchema.extend({
  status: z.enum(fundraiserStatus.enumValues).optional().meta({ description: "Only active or only ended fundraisers." }),
});

/** GET /api/v1/organization/events. */
export const organizationEventsQuerySchema = pageQuerySchema;

/** GET /api/v1/donations. */
export const donationListQuerySchema = pageQuerySchema.extend({
  status: z.enum(donationStatus.enumValues).optional().meta({ description: "Only donations in this status." }),
  fundraiser_id: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "Only donations to this fundraiser; \"direct\" for direct donations to the organization." }),
  created_after: dateTime("Only donations made at or after this time."),
  created_before: dateTime("Only donations made before this time."),
});

/** GET /api/v1/recurring-gifts. */
export const recurringGiftListQuerySchema = pageQuerySchema.extend({
  status: z.enum(recurringStatus.enumValues).optional().meta({ description: "Only active or only canceled recurring gifts." }),
});

/** The public states of a supporter page or team, as a filter. */
const publicSupporterStatus = z.enum(["active", "paused", "closed"]).optional();

/** GET /api/v1/fundraisers/{id}/supporter-pages. */
export const supporterPageListQuerySchema = pageQuerySchema.extend({
  status: publicSupporterStatus.meta({ description: "Only pages in this state: active (takes gifts), paused or closed." }),
  team_id: z.string().max(100).optional().meta({ description: "Only the pages of this team (its id)." }),
});

/** GET /api/v1/fundraisers/{id}/teams. */
export const supporterTeamListQuerySchema = pageQuerySchema.extend({
  status: publicSupporterStatus.meta({ description: "Only teams in this state: active, paused or closed." }),
});

/** GET /api/v1/donors. */
export const donorListQuerySchema = pageQuerySchema;

/** GET /api/v1/donors/{id} path: the donor id is base64url of the donor key (at most 600 characters). */
export const donorIdPathSchema = z.object({ id: z.string().max(800).meta({ description: "The donor's id (from GET /donors or a donor.created webhook)." }) });

/** GET /api/v1/payouts. */
export const payoutListQuerySchema = pageQuerySchema;

export type PageQuery = z.output<typeof pageQuerySchema>;
