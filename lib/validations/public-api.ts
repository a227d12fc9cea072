/**
 * Query and path parameters of the public REST API (/api/v1), one schema per call:
 * the handlers parse with them (lib/public-api/handler.ts) and the OpenAPI document describes
 * them (lib/public-api/openapi.ts). Parameters are snake_case; the handler drops empty values
 * first (`?status=` is no status filter) and ignores unknown parameters. Messages come from the
 * catalogue (messages.ts and, for fields without their own, error-map.ts).
 */
import { z } from "zod";
import { donationStatus, recurringStatus, campaignStatus } from "@/models";
import { einField, stateField, zipField } from "./fields";
import { messages } from "./messages";

/** Largest page of any list. */
export const API_PAGE_MAX = 100;
/** Page size when `limit` is not given. */
export const API_PAGE_DEFAULT = 25;

/** `limit` and `cursor`, shared by every list. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_PAGE_MAX)
    .default(API_PAGE_DEFAULT)
    .meta({ description: `Items per page, 1 to ${API_PAGE_MAX}.` }),
  cursor: z.string().max(500, { error: messages.publicApi.cursorInvalid }).optional().meta({ description: "The next_cursor of the previous page. Keep the other parameters the same." }),
});

const text = (description: string) => z.string().trim().max(200).optional().meta({ description });
const day = (description: string) => z.iso.date({ error: messages.reports.dateInvalid }).optional().meta({ description: `${description} (YYYY-MM-DD, UTC).` });
const dateTime = (description: string) => z.iso.datetime({ offset: true, error: messages.publicApi.dateTimeInvalid }).optional().meta({ description });
const state = stateField.optional().meta({ description: "Two-letter US state code, e.g. VT." });

/** GET /api/v1/organizations: directory search. */
export const organizationSearchQuerySchema = pageQuerySchema.extend({
  q: text("Words of the name, city, state or cause; typos are allowed."),
  category: text("An NTEE major group: its letter (\"K\") or name (\"Food, Agriculture & Nutrition\", or its start)."),
  city: text("City."),
  state,
  zipcode: zipField.optional().meta({ description: "ZIP code; with distance, the center of a distance search." }),
  distance: z.coerce.number().positive().max(500).optional().meta({ description: "Miles around zipcode, up to 500." }),
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
  status: z.enum(campaignStatus.enumValues).optional().meta({ description: "Only active or only ended fundraisers." }),
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

/** GET /api/v1/payouts. */
export const payoutListQuerySchema = pageQuerySchema;

export type PageQuery = z.output<typeof pageQuerySchema>;
