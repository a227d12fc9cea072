/**
 * Every call of version 1 of the public REST API, in the order the reference lists them.
 * Each app/api/v1/<path>/route.ts handles exactly one of these (a test checks that every route
 * folder is in the OpenAPI document).
 */
import { z } from "zod";
import {
  donationListQuerySchema,
  donorIdPathSchema,
  donorListQuerySchema,
  einPathSchema,
  eventSearchQuerySchema,
  fundraiserSearchQuerySchema,
  idPathSchema,
  organizationEventsQuerySchema,
  organizationFundraisersQuerySchema,
  organizationSearchQuerySchema,
  payoutListQuerySchema,
  recurringGiftListQuerySchema,
  supporterPageListQuerySchema,
  supporterTeamListQuerySchema,
} from "@/lib/public-api/query-schemas";
import { defineOperation } from "./operation";
import {
  donationSchema,
  donorSchema,
  eventSchema,
  fundraiserSchema,
  listOf,
  organizationEventSchema,
  organizationSchema,
  organizationSummarySchema,
  payoutSchema,
  recurringGiftSchema,
  supporterPageSchema,
  supporterTeamSchema,
} from "@/lib/integrations/api-resources";

/** How payouts are defined (there is no payout record of our own: they come from the providers' confirmations). */
export const PAYOUTS_DESCRIPTION =
  "A payout is what one payment provider settled to your organization for one UTC day, computed from the payments the " +
  "provider confirmed to Givebridge (its signed webhook events): the donations and ticket payments that succeeded that day, " +
  "less their processing and platform fees, less the payments refunded that day (a refund returns the whole charge; fees " +
  "are not given back). Today's payout is `open` and may still change; earlier days are `settled` and final. With the " +
  "built-in sandbox provider this is the whole story: it settles each succeeded gift at once. With Stripe or PayPal the money " +
  "then reaches your bank on the provider's own payout schedule, which this API does not read: see your Stripe or PayPal " +
  "dashboard for bank transfers.";

export const operations = {
  getOrganization: defineOperation({
    operationId: "getOrganization",
    path: "/organizations/{ein}",
    tag: "Directory",
    summary: "Get an organization by EIN",
    description: "An organization of the directory (every US tax-exempt organization in the IRS Exempt Organizations Business Master File), by its EIN.",
    access: "public",
    params: einPathSchema,
    response: organizationSchema,
    notFound: true,
  }),
  searchOrganizations: defineOperation({
    operationId: "searchOrganizations",
    path: "/organizations",
    tag: "Directory",
    summary: "Search the directory",
    description: "Live, approved organizations matching words (typos allowed) and filters, best match first; by name without words, nearest first for a distance search.",
    access: "public",
    query: organizationSearchQuerySchema,
    response: listOf(organizationSummarySchema, "OrganizationSummary"),
    busy: true,
  }),
  listFundraisers: defineOperation({
    operationId: "listFundraisers",
    path: "/fundraisers",
    tag: "Fundraisers",
    summary: "List active fundraisers",
    description: "Active fundraisers of live, approved organizations: best match first with words, else newest first.",
    access: "public",
    query: fundraiserSearchQuerySchema,
    response: listOf(fundraiserSchema, "Fundraiser"),
  }),
  getFundraiser: defineOperation({
    operationId: "getFundraiser",
    path: "/fundraisers/{id}",
    tag: "Fundraisers",
    summary: "Get a fundraiser",
    description: "An active or ended fundraiser of a live, approved organization.",
    access: "public",
    params: idPathSchema,
    response: fundraiserSchema,
    notFound: true,
  }),
  listSupporterPages: defineOperation({
    operationId: "listSupporterPages",
    path: "/fundraisers/{id}/supporter-pages",
    tag: "Fundraisers",
    summary: "List a fundraiser's supporter pages",
    description:
      "Peer-to-peer fundraising: the pages supporters made for a public fundraiser (active, paused or closed; never one waiting for approval or hidden by the organization), " +
      "newest first, with what each raised. Public, like the pages themselves: no key is needed. A supporter is named as the page shows them (\"Ana R.\"); never an email. " +
      "404 for an unknown fundraiser or one of an organization that is not public.",
    access: "public",
    params: idPathSchema,
    query: supporterPageListQuerySchema,
    response: listOf(supporterPageSchema, "SupporterPage"),
    notFound: true,
  }),
  listSupporterTeams: defineOperation({
    operationId: "listSupporterTeams",
    path: "/fundraisers/{id}/teams",
    tag: "Fundraisers",
    summary: "List a fundraiser's teams",
    description:
      "Peer-to-peer fundraising: the public teams of supporter pages of a public fundraiser (active, paused or closed), newest first, with what each raised and its number of public pages. " +
      "Public: no key is needed. 404 for an unknown fundraiser or one of an organization that is not public.",
    access: "public",
    params: idPathSchema,
    query: supporterTeamListQuerySchema,
    response: listOf(supporterTeamSchema, "SupporterTeam"),
    notFound: true,
  }),
  listEvents: defineOperation({
    operationId: "listEvents",
    path: "/events",
    tag: "Events",
    summary: "List upcoming events",
    description: "Events of live, approved organizations that have not ended, soonest first (best match first with words).",
    access: "public",
    query: eventSearchQuerySchema,
    response: listOf(eventSchema, "Event"),
  }),
  getEvent: defineOperation({
    operationId: "getEvent",
    path: "/events/{id}",
    tag: "Events",
    summary: "Get an event",
    description: "An event of a live, approved organization, past or upcoming.",
    access: "public",
    params: idPathSchema,
    response: eventSchema,
    notFound: true,
  }),
  listOrganizationFundraisers: defineOperation({
    operationId: "listOrganizationFundraisers",
    path: "/organization/fundraisers",
    tag: "Your organization",
    summary: "List your fundraisers",
    description: "Every fundraiser of the key's organization, active and ended, newest first.",
    access: "read:fundraisers",
    query: organizationFundraisersQuerySchema,
    response: listOf(fundraiserSchema, "OrganizationFundraiser"),
  }),
  listOrganizationEvents: defineOperation({
    operationId: "listOrganizationEvents",
    path: "/organization/events",
    tag: "Your organization",
    summary: "List your events",
    description: "Every event of the key's organization, past ones too, latest start first, with ticket types and tickets sold.",
    access: "read:events",
    query: organizationEventsQuerySchema,
    response: listOf(organizationEventSchema, "OrganizationEvent"),
  }),
  listDonations: defineOperation({
    operationId: "listDonations",
    path: "/donations",
    tag: "Donations",
    summary: "List donations",
    description:
      "Donations to the key's organization, newest first. Each carries only the donor details the donor chose to share for that gift; " +
      "an anonymous gift has `donor: null`. A gift made on a supporter page names it and its team (`supporter_page_id`, `team_id`). Ticket payments are not donations and are not listed.",
    access: "read:donations",
    query: donationListQuerySchema,
    response: listOf(donationSchema, "Donation"),
  }),
  getDonation: defineOperation({
    operationId: "getDonation",
    path: "/donations/{id}",
    tag: "Donations",
    summary: "Get a donation",
    description: "One donation to the key's organization (only the donor details the donor shared).",
    access: "read:donations",
    params: idPathSchema,
    response: donationSchema,
    notFound: true,
  }),
  listRecurringGifts: defineOperation({
    operationId: "listRecurringGifts",
    path: "/recurring-gifts",
    tag: "Donations",
    summary: "List recurring gifts",
    description:
      "Monthly recurring gifts to the key's organization, newest first. They carry no donor details: each monthly charge is a donation " +
      "(with this recurring_gift_id) carrying what the donor shared. Needs read:donations.",
    access: "read:donations",
    query: recurringGiftListQuerySchema,
    response: listOf(recurringGiftSchema, "RecurringGift"),
  }),
  listDonors: defineOperation({
    operationId: "listDonors",
    path: "/donors",
    tag: "Donors",
    summary: "List donors",
    description:
      "The key's organization's donors: its succeeded, unrefunded gifts (made online or recorded offline) grouped by the email, else the name, " +
      "that each donor's latest gift shared, in the order they first gave (oldest first). A donor whose latest gift shares neither, or is anonymous, is not listed. " +
      "Only the name and email the donor shared; never the organization's notes or tags.",
    access: "read:donors",
    query: donorListQuerySchema,
    response: listOf(donorSchema, "Donor"),
  }),
  getDonor: defineOperation({
    operationId: "getDonor",
    path: "/donors/{id}",
    tag: "Donors",
    summary: "Get a donor",
    description: "One donor of the key's organization. 404 once the donor no longer shares the email (or name) the id was made from.",
    access: "read:donors",
    params: donorIdPathSchema,
    response: donorSchema,
    notFound: true,
  }),
  listPayouts: defineOperation({
    operationId: "listPayouts",
    path: "/payouts",
    tag: "Payouts",
    summary: "List payouts",
    description: `${PAYOUTS_DESCRIPTION} Latest day first.`,
    access: "read:payouts",
    query: payoutListQuerySchema,
    response: listOf(payoutSchema, "Payout"),
  }),
  getOpenApiDocument: defineOperation({
    operationId: "getOpenApiDocument",
    path: "/openapi.json",
    tag: "Reference",
    summary: "This API's OpenAPI document",
    description: "The OpenAPI 3.1 document of version 1, generated from the same schemas the calls validate with.",
    access: "public",
    response: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document." }),
  }),
};

export type OperationName = keyof typeof operations;
