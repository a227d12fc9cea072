/**
 * The resources of the public REST API (/api/v1), as zod schemas: the handlers'
 * answers are parsed by them (so only the fields named here can leave, lib/public-api/handler.ts)
 * and the OpenAPI document is generated from them (lib/public-api/openapi.ts), so the two
 * cannot disagree. JSON is snake_case; money is integer cents (USD); timestamps are UTC
 * ISO 8601 strings; dates are YYYY-MM-DD.
 */
import { z } from "zod";
import type { DonationResource } from "./donation-resource";
import { fundraiserStatus, donationStatus, offlineGiftMethod, paymentMethodType, paymentProvider, recurringStatus, supporterPageStatus, tributeType } from "@/models";

const cents = (description: string) => z.number().int().meta({ description: `${description}, in cents (USD).` });
const timestamp = (description: string) => z.iso.datetime({ offset: true }).meta({ description: `${description} (UTC, ISO 8601).` });
const day = (description: string) => z.iso.date().meta({ description: `${description} (YYYY-MM-DD).` });
const id = (description: string) => z.string().meta({ description });

/** An organization of the directory (every US tax-exempt organization, IRS EO BMF). */
export const organizationSchema = z
  .object({
    object: z.literal("organization"),
    id: id("Givebridge's id of the organization."),
    ein: z.string().nullable().meta({ description: "Employer Identification Number, 9 digits; null for an organization registered without one.", example: "030179423" }),
    ein_formatted: z.string().nullable().meta({ example: "03-0179423" }),
    name: z.string().meta({ description: "Display name (the nonprofit's own, else the IRS name in title case)." }),
    legal_name: z.string().nullable().meta({ description: "The name as filed with the IRS." }),
    city: z.string().nullable(),
    state: z.string().nullable().meta({ description: "Two-letter US state code." }),
    zipcode: z.string().nullable(),
    ntee_code: z.string().nullable().meta({ description: "National Taxonomy of Exempt Entities code." }),
    category: z.string().nullable().meta({ description: "The NTEE major group's name." }),
    subsection: z.string().nullable().meta({ description: "IRS 501(c) subsection code; \"03\" is 501(c)(3)." }),
    tax_deductible: z.boolean().nullable().meta({ description: "Gifts are tax-deductible per the IRS; null when unknown." }),
    ruling_year: z.number().int().nullable().meta({ description: "Year of the IRS ruling." }),
    mission: z.string().nullable(),
    logo_url: z.string().nullable(),
    claimed: z.boolean().meta({ description: "A nonprofit manages this profile on Givebridge." }),
    verified: z.boolean().meta({
      description:
        "The nonprofit's claim is verified (an email at the organization's own domain, a code mailed to its IRS address, or an admin's review of its IRS determination letter). While false, the profile shows the IRS facts and gifts are pledges.",
    }),
    accepts_donations: z.boolean().meta({ description: "Claimed and verified, approved, live and connected to a payout account: it can receive gifts now." }),
    profile_url: z.string().meta({ description: "The organization's public page on Givebridge." }),
  })
  .meta({ id: "Organization", description: "An organization of the directory." });
export type OrganizationResource = z.infer<typeof organizationSchema>;

/** A directory search hit. */
export const organizationSummarySchema = organizationSchema
  .pick({ object: true, id: true, ein: true, ein_formatted: true, name: true, legal_name: true, city: true, state: true, zipcode: true, category: true, logo_url: true, claimed: true, verified: true, profile_url: true })
  .extend({ distance_miles: z.number().nullable().meta({ description: "Miles from the search center, one decimal; null without a distance search." }) })
  .meta({ id: "OrganizationSummary", description: "A directory search result." });
export type OrganizationSummaryResource = z.infer<typeof organizationSummarySchema>;

/** A fundraiser (campaign). */
export const fundraiserSchema = z
  .object({
    object: z.literal("fundraiser"),
    id: id("The fundraiser's id."),
    organization_id: id("The organization raising the money."),
    name: z.string(),
    topic: z.string().nullable(),
    goal_cents: cents("The goal"),
    progress_cents: cents("Succeeded, unrefunded donations so far"),
    status: z.enum(fundraiserStatus.enumValues).meta({ description: "active, or ended (no longer takes donations)." }),
    start_date: day("First day").nullable(),
    end_date: day("Last day").nullable(),
    created_at: timestamp("When it was created"),
    url: z.string().meta({ description: "The fundraiser's public page." }),
  })
  .meta({ id: "Fundraiser", description: "A fundraiser: a goal and the donations made to it." });
export type FundraiserResource = z.infer<typeof fundraiserSchema>;

/** An event of an organization. */
export const eventSchema = z
  .object({
    object: z.literal("event"),
    id: id("The event's id."),
    organization_id: id("The organization holding the event."),
    name: z.string(),
    description: z.string(),
    topic: z.string().nullable(),
    image_url: z.string().nullable(),
    starts_at: timestamp("Start"),
    ends_at: timestamp("End").nullable(),
    venue: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    url: z.string().meta({ description: "The event's public page." }),
  })
  .meta({ id: "Event", description: "An event of an organization." });
export type EventResource = z.infer<typeof eventSchema>;

/** A ticket type of an organization's own event, with the tickets sold. */
export const ticketTypeSchema = z
  .object({
    id: id("The ticket type's id."),
    name: z.string(),
    price_cents: cents("Price of one ticket; 0 for a free ticket"),
    fair_market_value_cents: cents("Value of what one ticket gives the buyer (IRS Publication 1771); the price when not set"),
    quantity: z.number().int().nullable().meta({ description: "Tickets on sale; null for unlimited." }),
    sold: z.number().int().meta({ description: "Tickets ordered, confirmed or held by a payment in progress." }),
  })
  .meta({ id: "TicketType" });

/** An organization's own event with its ticket types and sales (read:events). */
export const organizationEventSchema = eventSchema
  .extend({ ticket_types: z.array(ticketTypeSchema) })
  .meta({ id: "OrganizationEvent", description: "One of the key's organization's events, with its ticket types and tickets sold." });
export type OrganizationEventResource = z.infer<typeof organizationEventSchema>;

/** The donor fields of a donation: only those the donor shared for it. */
export const sharedDonorSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    telephone: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    gender: z.string().optional(),
    age_range: z.string().optional().meta({ description: "under 17, 18-34, 35-54, 55-74 or over 74." }),
  })
  .meta({
    id: "SharedDonor",
    description: "Only the details the donor chose to share with the organization for this gift; a field the donor did not share is absent.",
  });

/** A tribute gift's dedication. */
export const donationTributeSchema = z
  .object({
    type: z.enum(tributeType.enumValues).meta({ description: "honor: \"in honor of\" the name; memory: \"in memory of\" it." }),
    name: z.string().meta({ description: "The honoree's name as the donor gave it (at most 100 characters).", example: "Jane Doe" }),
  })
  .meta({ id: "DonationTribute", description: "Whom a tribute gift honors. The card the donor may have sent is not part of it." });

/** A donation (lib/integrations/donation-resource.ts: the one external donation shape). */
export const donationSchema = z
  .object({
    id: id("The donation's id."),
    object: z.literal("donation"),
    organization_id: id("The organization receiving the gift."),
    fundraiser_id: z.string().nullable().meta({ description: "The fundraiser given to; null for a direct donation." }),
    recurring_gift_id: z.string().nullable().meta({ description: "The recurring gift this payment belongs to; null for a one-time gift." }),
    amount_cents: cents("The gift"),
    fee_cents: cents("Processing and platform fees"),
    cover_fees: z.boolean().meta({ description: "The donor added the fees on top of the gift." }),
    currency: z.string().meta({ example: "usd" }),
    status: z.enum(donationStatus.enumValues),
    payment_method_type: z.enum(paymentMethodType.enumValues),
    created_at: timestamp("When the donation was made"),
    succeeded_at: timestamp("When the payment succeeded").nullable(),
    refunded_at: timestamp("When it was refunded").nullable(),
    anonymous: z.boolean().meta({ description: "The donor gave anonymously: no donor details at all." }),
    donor: sharedDonorSchema.nullable().meta({ description: "Null for an anonymous gift." }),
    tribute: donationTributeSchema.nullable().meta({ description: "The gift's dedication (\"in honor of\" / \"in memory of\" a name); null when it is not a tribute gift." }),
    offline_method: z
      .enum(offlineGiftMethod.enumValues)
      .nullable()
      .meta({ description: "How a gift the organization recorded itself (received outside Givebridge) was given; null for a gift made online. `payment_method_type` means nothing for such a gift." }),
    supporter_page_id: z
      .string()
      .nullable()
      .meta({ description: "The supporter page (peer-to-peer fundraising) the gift was made on; null for a gift made on the fundraiser's own page, or once that supporter page was deleted." }),
    team_id: z.string().nullable().meta({ description: "The supporter team the gift counts for (the team of its supporter page when it was made); null otherwise." }),
  })
  .meta({ id: "Donation", description: "A donation. Ticket payments are not donations and never appear here." });

/** The states of a supporter page or team the public sees: pending and hidden ones are never listed. */
export const PUBLIC_SUPPORTER_STATUSES = ["active", "paused", "closed"] as const;

const supporterPageFields = {
  object: z.literal("supporter_page"),
  id: id("The supporter page's id (what `supporter_page_id` of a donation holds)."),
  fundraiser_id: id("The fundraiser the page raises money for: every gift on it is the organization's gift to this fundraiser."),
  slug: z.string().meta({ description: "The page's name in its address, unique within the fundraiser.", example: "ana-runs-the-5k" }),
  url: z.string().meta({ description: "The page's public address." }),
  title: z.string(),
  goal_cents: cents("The supporter's goal"),
  raised_cents: cents("Succeeded, unrefunded gifts made on the page"),
  gift_count: z.number().int().meta({ description: "How many succeeded, unrefunded gifts were made on the page." }),
  supporter_name: z.string().meta({ description: "The supporter as the page shows them: first name and last initial (\"Ana R.\"); \"A supporter\" once their account is gone.", example: "Ana R." }),
  created_at: timestamp("When the page was started"),
};

/** A supporter's page for a fundraiser (peer-to-peer fundraising), as the public sees it. */
export const supporterPageSchema = z
  .object({
    ...supporterPageFields,
    status: z.enum(PUBLIC_SUPPORTER_STATUSES).meta({ description: "active: takes gifts; paused (by its supporter) or closed: shown, takes no gifts." }),
    team_id: z.string().nullable().meta({ description: "The page's team; null without one (or when the team is not public)." }),
  })
  .meta({
    id: "SupporterPage",
    description: "A supporter's own page for a fundraiser. Money never goes to the supporter: a gift on the page is the organization's gift to the fundraiser, attributed to the page and its team. Never the supporter's email.",
  });
export type SupporterPageResource = z.infer<typeof supporterPageSchema>;

/**
 * A supporter page as its organization's webhooks send it: every state, the organization, and
 * the supporter's email only when the supporter agreed to share it with the organization.
 */
export const supporterPageEventSchema = z
  .object({
    ...supporterPageFields,
    organization_id: id("The organization the page raises money for."),
    status: z.enum(supporterPageStatus.enumValues).meta({ description: "pending: waits for your approval; active: takes gifts; paused (by its supporter) or closed: takes no gifts; hidden: hidden by your organization." }),
    team_id: z.string().nullable().meta({ description: "The page's team (whatever its state); null without one." }),
    supporter_email: z
      .string()
      .optional()
      .meta({ description: "The supporter's email, present only when the supporter chose to share it with your organization; absent otherwise." }),
  })
  .meta({ id: "SupporterPageEvent", description: "A supporter page as your organization sees it." });
export type SupporterPageEventResource = z.infer<typeof supporterPageEventSchema>;

/** A team of supporter pages of a fundraiser, as the public sees it. */
export const supporterTeamSchema = z
  .object({
    object: z.literal("supporter_team"),
    id: id("The team's id (what `team_id` of a supporter page or a donation holds)."),
    fundraiser_id: id("The fundraiser the team raises money for."),
    slug: z.string().meta({ description: "The team's name in its address, unique within the fundraiser.", example: "office-runners" }),
    url: z.string().meta({ description: "The team's public page." }),
    name: z.string(),
    goal_cents: cents("The team's goal"),
    raised_cents: cents("Succeeded, unrefunded gifts made on its members' pages (gifts keep their team when a page leaves it or is deleted)"),
    gift_count: z.number().int().meta({ description: "How many succeeded, unrefunded gifts count for the team." }),
    member_count: z.number().int().meta({ description: "Its public supporter pages (active, paused or closed)." }),
    status: z.enum(PUBLIC_SUPPORTER_STATUSES).meta({ description: "active, paused or closed." }),
    created_at: timestamp("When the team was started"),
  })
  .meta({ id: "SupporterTeam", description: "A team of supporter pages of one fundraiser. Never its members' emails." });
export type SupporterTeamResource = z.infer<typeof supporterTeamSchema>;

/** A donor of the organization (GET /api/v1/donors): gifts grouped by what each donor shared. */
export const donorSchema = z
  .object({
    object: z.literal("donor"),
    id: z.string().meta({ description: "The donor's id: stable while the donor shares the same email (or, without one, the same name) on their latest gift." }),
    name: z.string().nullable().meta({ description: "The name, when the donor's latest gift shared it; else null." }),
    email: z.string().nullable().meta({ description: "The email (lower-cased), when the donor's latest gift shared it; else null." }),
    lifetime_cents: cents("Succeeded, unrefunded gifts, all time"),
    gift_count: z.number().int().meta({ description: "Succeeded, unrefunded gifts (gifts recorded offline included)." }),
    largest_gift_cents: cents("The largest of those gifts"),
    first_gift_at: timestamp("The first of those gifts"),
    last_gift_at: timestamp("The latest of those gifts"),
    monthly: z.enum(["active", "lapsed", "none"]).meta({ description: "active: a monthly gift is active and not past due; lapsed: had monthly gifts, none active now; none: never gave monthly." }),
  })
  .meta({
    id: "Donor",
    description:
      "A donor: the organization's succeeded, unrefunded gifts grouped by the email (else the name) the donor shared. The donor's latest gift decides what is shown; " +
      "a donor whose latest gift shares neither (or is anonymous) is not listed. Only what the donor shared: never the organization's own notes or tags.",
  });
export type DonorResource = z.infer<typeof donorSchema>;

/** A recurring gift (no donor fields: those are on each of its donations, as shared). */
export const recurringGiftSchema = z
  .object({
    object: z.literal("recurring_gift"),
    id: id("The recurring gift's id."),
    organization_id: z.string(),
    fundraiser_id: z.string().nullable(),
    amount_cents: cents("Each month's gift"),
    currency: z.literal("usd"),
    interval: z.literal("month"),
    status: z.enum(recurringStatus.enumValues),
    charge_day: z.number().int().nullable().meta({ description: "Day of the month it is charged on (clamped to short months)." }),
    next_charge_at: timestamp("Next charge").nullable(),
    paused_until: timestamp("No charge before this time (paused by the donor)").nullable(),
    past_due: z.boolean().meta({ description: "The last retry of a failed charge failed too; canceled a week later unless paid." }),
    canceled_at: timestamp("When it was canceled").nullable(),
    created_at: timestamp("When it was started"),
  })
  .meta({
    id: "RecurringGift",
    description: "A monthly recurring gift. Each charge is a donation with this recurring_gift_id, carrying the donor details the donor shared.",
  });
export type RecurringGiftResource = z.infer<typeof recurringGiftSchema>;

/** A payout: one provider's settlement of one UTC day (see PAYOUTS_DESCRIPTION). */
export const payoutSchema = z
  .object({
    object: z.literal("payout"),
    id: z.string().meta({ description: "Stable id: po_<provider>_<YYYYMMDD>.", example: "po_sandbox_20260131" }),
    organization_id: z.string(),
    provider: z.enum(paymentProvider.enumValues),
    date: day("The UTC day settled"),
    status: z.enum(["open", "settled"]).meta({ description: "open: today (UTC), still changing; settled: a past day, final." }),
    currency: z.literal("usd"),
    gross_cents: cents("Charged to donors and ticket buyers that day (gifts, plus fees the donors covered)"),
    fee_cents: cents("Processing and platform fees of those payments"),
    refunded_cents: cents("Returned to payers that day (the whole charge; fees are not given back)"),
    net_cents: cents("gross - fees - refunds: what the provider owes the organization for the day"),
    payment_count: z.number().int(),
    refund_count: z.number().int(),
  })
  .meta({ id: "Payout", description: "What one payment provider settled to the organization for one UTC day." });
export type PayoutResource = z.infer<typeof payoutSchema>;

/** A page of a list: `next_cursor` reads the next one. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      has_more: z.boolean().meta({ description: "More items follow: pass next_cursor as cursor to read them." }),
      next_cursor: z.string().nullable().meta({ description: "Opaque cursor of the next page; null on the last page." }),
    })
    .meta({ id: `${name}List` });
}

/** The media type of problem details (RFC 9457 section 3). */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** RFC 9457 problem details: the one error shape of every /api/v1 answer. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: "URI of the problem type; its documentation is on /developers.", example: "https://givebridge.example/developers#problem-not-found" }),
    title: z.string().meta({ description: "Short summary of the problem type." }),
    status: z.number().int().meta({ description: "The HTTP status code." }),
    detail: z.string().meta({ description: "What went wrong this time, in words a person can act on." }),
    instance: z.string().optional().meta({ description: "The path of the request." }),
    errors: z
      .array(z.object({ field: z.string(), detail: z.string() }))
      .optional()
      .meta({ description: "For invalid parameters: one entry per parameter with its message." }),
  })
  .meta({ id: "Problem", description: "An error, as RFC 9457 problem details (application/problem+json)." });
export type Problem = z.infer<typeof problemSchema>;

// The API's donation shape and lib/integrations/donation-resource.ts are one: a compile error here means they drifted.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const donationShapeIsTheIntegrationShape: Same<z.infer<typeof donationSchema>, DonationResource> = true;
