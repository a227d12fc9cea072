/**
 * Which write routes change what the cached public pages show (lib/cache/public-pages.ts).
 * After a successful write (2xx) to one of PUBLIC_CONTENT_WRITE_ROUTES, the request layer
 * (lib/http/route.ts) marks every cached public page for re-rendering on its next visit.
 * Gifts and ticket sales are not here: their service refreshes exactly the pages they touch
 * (apply-payment-event, tickets, event likes), because they are frequent.
 *
 * Every write route of app/api is in exactly one of the two lists; a test walks app/api and
 * fails on a route in neither, so a new route cannot forget to say what it changes.
 * Patterns are app/api folder paths without their route groups, i.e. URL patterns ("[id]" matches
 * one path segment, "[...x]" the rest).
 */

/** Writes that change a profile, a fundraiser, an event, an approval or who can receive gifts. */
export const PUBLIC_CONTENT_WRITE_ROUTES: readonly string[] = [
  "/api/account", // deleting an account removes its organization's pages
  "/api/admin/claims/[id]/dispute", // a hand-over returns the profile to its IRS facts
  "/api/admin/claims/[id]/release", // a released claim returns the profile to its IRS facts
  "/api/approve/[type]/[linkId]", // an approved claim document publishes the claimant's drafts
  "/api/approve/[type]/[linkId]/[signature]", // approval publishes a profile
  "/api/budgets/[campaignId]", // published budgets show on the profile
  "/api/campaign/delete/[organizationId]/[campaignId]",
  "/api/claim/confirm", // a verified claim publishes the claimant's drafts
  "/api/claim/letter/code", // likewise
  "/api/connect/sandbox", // a connected account turns pledges into Donate buttons
  "/api/createEvent",
  "/api/createUpdate",
  "/api/deleteMarketplace",
  "/api/deleteUpdate/[id]",
  "/api/deleteWishlist",
  "/api/events/[id]",
  "/api/getPaypalPartnerDetail", // a PayPal merchant id connects payments
  "/api/images", // logos, covers, fundraiser and event images
  "/api/register/[type]", // claiming an organization by its EIN
  "/api/registerNonprofitWithoutEin/[type]",
  "/api/saveMarketplace",
  "/api/saveWishlist",
  "/api/stories/[id]", // an approved impact story shows on the profile
  "/api/toggleLive",
  "/api/updateDashboard",
  "/api/updateNP",
  "/api/updateNPCampaigns",
  "/api/updateNPEvents",
  "/api/updateNPImpacts",
  "/api/updateNPSocialMedias",
  "/api/updateNickname",
  "/api/updateSpotlight",
  "/api/updateUpdate",
  "/api/updateUserStripeInfo", // Stripe details submitted: the organization can receive gifts
];

/** Writes that change nothing a cached page shows, or whose service refreshes the pages itself. */
export const OTHER_WRITE_ROUTES: readonly string[] = [
  // Sign-in, accounts, passwords, sessions, API keys: private.
  "/api/account/sessions",
  // Starting a claim's verification (mail, letter, document): nothing public changes until it succeeds.
  "/api/claim/contest", // a contest changes nothing public until it wins
  "/api/claim/document",
  "/api/claim/email",
  "/api/claim/letter",
  "/api/api-keys",
  "/api/api-keys/[id]",
  "/api/auth/[...nextauth]",
  "/api/authenticate",
  "/api/authenticate/token",
  "/api/authenticateAdmin",
  "/api/forgot",
  "/api/update/password",
  "/api/update/user",
  // Offline gifts: their service refreshes the pages of the fundraiser it moved.
  "/api/offline-gifts/[id]",
  "/api/organizations/[id]/offline-gifts",
  // A nonprofit's private notes and tags about its donors: never on a public page.
  "/api/organizations/[id]/donors/notes",
  // Donor history imports: private until run; the run's service refreshes the pages of the fundraisers it moved.
  "/api/organizations/[id]/donor-imports",
  "/api/organizations/[id]/donor-import-mappings",
  "/api/donor-imports/[id]/dry-run",
  "/api/donor-imports/[id]/run",
  // An organization's members and invitations: private to its members.
  "/api/organizations/members/[userId]",
  "/api/organizations/members/invitations",
  "/api/organizations/members/invitations/[invitationId]",
  // Checkout, refunds, pledges and recurring gifts: apply-payment-event refreshes the gift's pages.
  "/api/capturePaypalOrder",
  "/api/createDonation",
  "/api/createPaymentIntent",
  "/api/createPaymentIntentACH",
  "/api/createPaymentIntentGoogle",
  "/api/createPaypalOrder",
  "/api/donations/[id]/refund",
  "/api/ticket-orders/[id]/refund",
  "/api/donor/recurring/[id]",
  "/api/donor/recurring/payment-method",
  "/api/pledges",
  "/api/recurring/[id]",
  "/api/webhooks/paypal",
  "/api/webhooks/sandbox",
  "/api/webhooks/sandbox/simulate",
  "/api/webhooks/stripe",
  // Ticket orders and likes: their services refresh the event pages.
  "/api/events/[id]/orders",
  "/api/handleEventLikedButton",
  // Payment set-up steps that do not yet connect an account, bank accounts, PayPal domains.
  "/api/createPartnerReferral",
  "/api/createStripeAccount",
  "/api/createStripeAccountLinks",
  "/api/registerPaypalDomain",
  "/api/removeBankAcct/[organizationId]/[bankAccountId]",
  "/api/updateBankAcct/[organizationId]/[bankToken]",
  // Mail, reports, feedback, newsletter, volunteering, webhooks endpoints, stories awaiting review.
  "/api/emailDonorReport",
  "/api/sendBusinessSignUpEmail",
  "/api/sendFeedback",
  "/api/sendGivebridgeOrganizationDonationEmail",
  "/api/sendNonprofitOrganizationDonationEmail",
  "/api/stories",
  "/api/subscribe",
  "/api/volunteer",
  "/api/volunteer/[id]",
  "/api/webhook-endpoints",
  "/api/webhook-endpoints/[id]",
  "/api/webhook-endpoints/[id]/deliveries/[deliveryId]/replay",
  "/api/webhook-endpoints/[id]/secret",
  "/api/webhook-endpoints/[id]/test",
  // Supporter pages (peer-to-peer): their services refresh the fundraiser's, page's and team's pages.
  "/api/fundraisers/[campaignId]/supporter-settings",
  "/api/fundraisers/[campaignId]/supporter-pages",
  "/api/supporter-pages/[id]",
  "/api/supporter-pages/[id]/status",
  // The organization's thank-you emails and its donors' year-end statements: mail only.
  "/api/thank-you-templates",
  "/api/thank-you-templates/preview",
  "/api/thank-you-templates/test",
  "/api/year-end-statements",
  // Messages and reports about supporter pages, and unsubscribing from them: mail only.
  "/api/fundraisers/[campaignId]/supporter-messages",
  "/api/supporter-pages/[id]/report",
  "/api/supporter-pages/unsubscribe",
];

/** A route folder pattern as a RegExp over request paths. */
export function routePatternRegExp(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .map((seg) => (seg.startsWith("[...") ? ".+" : seg.startsWith("[") ? "[^/]+" : seg.replace(/[.*+?^${}()|\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

const PUBLIC_CONTENT = PUBLIC_CONTENT_WRITE_ROUTES.map(routePatternRegExp);

/** True when a successful write to `pathname` changes what cached public pages show. */
export function changesPublicContent(pathname: string): boolean {
  return PUBLIC_CONTENT.some((re) => re.test(pathname));
}
