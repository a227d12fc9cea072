import fs from "node:fs";
import path from "node:path";
import { PLATFORM_NAME } from "@/lib/config/platform";
import { routeFileOf, SPEC_ROUTES_DIR, specCalls, type SpecCall } from "./spec-calls";

/**
 * The product specification's call list (section 7, "Calls with method and path shown"), word
 * for word. specCalls must be this list: the same paths, with parameters named for what they hold.
 */
const SPEC_SECTION_7 = `
PUT: updateDashboard, updateSpotlight, updateNP, updateNPCampaigns, updateNPEvents, updateNPSocialMedias, updateNPImpacts, toggleLive (body npID), update/password (userId, password), update/user (body updateUser), updateNickname, updateUpdate, handleEventLikedButton (eventId, userId, isLiked), approve/{a}/{b}/{c}, updateBankAcct/{a}/{b}, removeBankAcct/{a}/{b}.
GET: getSpotlight, getNonprofit, find/nonprofit/{id}, find/nonprofit/events/{id}, getNpCampaigns/{id}, find/user/phoneNumber/{id} (response telephone), check/{x}, confirm/{a}/{b}, find/nonprofitExists/{ein}, search/nonprofit and search/campaign (query search_query, limit, currentDisplayRecords, showAll), search (adds searchEngineCategory), getStripeAcct/{id} (response details_submitted), getBankAcct/{id}, getStripeBalance/{id}, getTransactions/{id}, getDonationReports/{a}/{b} (query duration, fundraiser, plus startDate and endDate for customRange; response donation list), getDonorDonations/{a}/{b}, retrievePaymentIntent/{a}/{b}, getOneCampaign/{id}, find/campaigns/active, authenticate/token (resetPasswordToken), sendFeedback (userName, email, description), checkNickname/{n}, checkGuidestar/{n}, check/password/{userId}/{password} (response passwordMatch), fetch/userPreferences/{userId} (response ShareMyPrivateInfo, demographic, address, telephone), find/events, getUserEvents/{id}, getUpdate (response update notices), getEvent (eventId, userId default 0), getPaypalPartnerDetail (merchant id), createPartnerReferral (returnUrl, OrgId), sendBusinessSignUpEmail (businessName, email, contactName), sendNonprofitOrganizationDonationEmail (nonprofitEmail, name, email, date, type, amount, fundraise_name, nonprofit_name, payment_type, status), send{product}OrganizationDonationEmail (date, nonprofit_name, amount, type, fees, status).
POST: authenticate, subscribe, forgot, register/{type}, registerNonprofitWithoutEin/{type}, saveWishlist (_id, wishlist), deleteWishlist, saveMarketplace (_id, marketplace), deleteMarketplace, createStripeAccount, createStripeAccountLinks, updateUserStripeInfo, emailDonorReport, createPaymentIntent, createPaymentIntentACH, createPaymentIntentGoogle, createDonation, createEvent, createUpdate, authenticateAdmin (password), createPaypalOrder, capturePaypalOrder, registerPaypalDomain.
DELETE: campaign/delete/{a}/{b}, deleteUpdate/{id}.
`;

/**
 * Calls the spec lists under GET that change state, so they are POST (RFC 9110 9.2.1: GET is
 * safe; OWASP ASVS 5.0 3.5, CSRF); spec-calls.ts gives the reason beside them.
 */
const GET_IN_SPEC_POST_HERE = new Set([
  "sendFeedback",
  "getPaypalPartnerDetail",
  "createPartnerReferral",
  "sendBusinessSignUpEmail",
  "sendNonprofitOrganizationDonationEmail",
  "sendGivebridgeOrganizationDonationEmail",
]);

/** Issues whose calls must all have handlers. Add an issue here when it lands. */
const finishedIssues = new Set<SpecCall["issue"]>([2, 3, 4, 5, 6, 8]);

const root = path.resolve(__dirname, "../..");

/**
 * The route groups of app/api, each for one contract (README, "How the code is laid out"): the
 * spec's calls, the product's own routes, operations, payment-provider webhooks, the public API.
 */
const API_GROUPS = ["(spec)", "(app)", "(ops)", "(providers)", "v1"];

/** Route files that are not in the spec's list, each with its reason. */
const extraRoutes = [
  "app/api/(app)/auth/[...nextauth]/route.ts", // next-auth's own endpoints
  "app/api/(providers)/webhooks/sandbox/route.ts", // signed events of the sandbox payment provider
  "app/api/(providers)/webhooks/sandbox/simulate/route.ts", // sandbox outside actions (card verification, ACH settlement)
  "app/api/(providers)/webhooks/stripe/route.ts", // Stripe webhook endpoint (signature on the raw body)
  "app/api/(providers)/webhooks/paypal/route.ts", // PayPal webhook endpoint (PayPal's verification call)
  "app/api/(app)/webhook-endpoints/route.ts", // a nonprofit's outgoing webhook endpoints (list, create)
  "app/api/(app)/webhook-endpoints/[id]/route.ts", // edit or delete a webhook endpoint
  "app/api/(app)/webhook-endpoints/[id]/secret/route.ts", // rotate an endpoint's signing secret
  "app/api/(app)/webhook-endpoints/[id]/test/route.ts", // send a test event to an endpoint
  "app/api/(app)/webhook-endpoints/[id]/deliveries/route.ts", // an endpoint's delivery log
  "app/api/(app)/webhook-endpoints/[id]/deliveries/[deliveryId]/replay/route.ts", // replay a delivery
  "app/api/(app)/receipts/[id]/route.ts", // PDF receipt download
  "app/api/(app)/images/route.ts", // image upload (POST) and delete (DELETE); the spec names no call for the storage upload
  "app/api/(app)/volunteer/route.ts", // donor logs and lists volunteer hours
  "app/api/(app)/volunteer/[id]/route.ts", // nonprofit verifies or declines logged hours
  "app/api/(app)/volunteer/export/route.ts", // donor exports volunteer hours (CSV/PDF)
  "app/api/(app)/stories/route.ts", // donor writes an impact story
  "app/api/(app)/stories/[id]/route.ts", // nonprofit approves or declines a story
  "app/api/(app)/account/route.ts", // delete account
  "app/api/(app)/account/sessions/route.ts", // sign out everywhere
  "app/api/(app)/checkout/challenge/route.ts", // proof-of-work challenge of the guest checkout
  "app/api/(app)/checkout/visitor/route.ts", // the visitor's own part of the cached donate page (donor, sharing defaults, pledge prefill)
  "app/api/(app)/donations/[id]/refund/route.ts", // the nonprofit refunds a completed donation through its provider
  "app/api/(app)/organizations/[id]/offline-gifts/route.ts", // the nonprofit records a gift received outside the platform
  "app/api/(app)/offline-gifts/[id]/route.ts", // read, edit or delete a gift recorded offline
  "app/api/(app)/organizations/[id]/donors/notes/route.ts", // the nonprofit's private note and tags about a donor
  "app/api/(app)/organizations/[id]/donors.csv/route.ts", // the nonprofit's Donors view as CSV
  "app/api/(app)/organizations/[id]/donor-imports/route.ts", // the nonprofit uploads a donor history CSV from another platform
  "app/api/(app)/claim/route.ts", // the claimant's own claim and how it may be verified
  "app/api/(app)/claim/email/route.ts", // the claimant asks for a confirmation link at the organization's domain
  "app/api/(app)/claim/confirm/route.ts", // the mailed link's confirmation (POST: a mail scanner's GET verifies nothing)
  "app/api/(app)/claim/letter/route.ts", // the claimant asks for the letter with a code to the IRS address
  "app/api/(app)/claim/letter/code/route.ts", // the claimant enters the letter's code
  "app/api/(app)/claim/document/route.ts", // the claimant uploads an IRS determination letter or Form 990 page
  "app/api/(app)/approve/[type]/[linkId]/route.ts", // the admin approves or rejects a claim's document (PUT /api/approve/claim/{claimId})
  "app/api/(app)/admin/claims/[id]/document/route.ts", // the admin opens a claim's uploaded document
  "app/api/(app)/admin/claims/[id]/release/route.ts", // the admin releases a claim
  "app/api/(app)/claim/contest/route.ts", // a second person contests a claim with an account of its own ("I run this organization")
  "app/api/(app)/admin/claims/disputes/route.ts", // the admin lists contested claims beside the claims they contest
  "app/api/(app)/admin/claims/[id]/dispute/route.ts", // the admin decides a dispute (hand over or keep, with a reason)
  "app/api/(app)/organizations/members/route.ts", // the organization's members and open invitations
  "app/api/(app)/organizations/members/invitations/route.ts", // a member invites a colleague by email (or re-sends the invitation)
  "app/api/(app)/organizations/members/invitations/[invitationId]/route.ts", // a member revokes an invitation
  "app/api/(app)/organizations/members/[userId]/route.ts", // a member removes a member, or themselves
  "app/api/(app)/organizations/[id]/donor-import-mappings/route.ts", // the nonprofit's saved CSV column mappings (list, save)
  "app/api/(app)/donor-imports/[id]/route.ts", // an uploaded donor history import and its progress
  "app/api/(app)/donor-imports/[id]/dry-run/route.ts", // queues the import's dry run: counts, skipped statuses and bad rows by line
  "app/api/(app)/donor-imports/[id]/run/route.ts", // queues the import of a donor history (a job writes it in batches)
  "app/api/(app)/thank-you-templates/route.ts", // the nonprofit's thank-you emails (read, save)
  "app/api/(app)/thank-you-templates/preview/route.ts", // a thank-you draft rendered with a sample donor
  "app/api/(app)/thank-you-templates/test/route.ts", // a thank-you draft sent to the member's own email
  "app/api/(app)/year-end-statements/route.ts", // the nonprofit emails its donors their year-end statements
  "app/api/(app)/fundraisers/[campaignId]/supporter-pages/route.ts", // a donor starts their own page (and team) for a fundraiser
  "app/api/(app)/supporter-pages/[id]/route.ts", // a supporter page for its editor: read, edit, delete
  "app/api/(app)/supporter-pages/[id]/status/route.ts", // pause, resume, close; approve, hide, unhide
  "app/api/(app)/supporter-pages/[id]/report/route.ts", // anyone reports a supporter page to its organization and the admin
  "app/api/(app)/supporter-pages/unsubscribe/route.ts", // a supporter stops the organization's messages (signed link)
  "app/api/(app)/fundraisers/[campaignId]/supporter-settings/route.ts", // the organization turns supporter pages on and sets their options
  "app/api/(app)/fundraisers/[campaignId]/supporter-messages/route.ts", // the organization writes to its supporters
  "app/api/(app)/organizations/[id]/supporter-pages/route.ts", // the organization's supporter pages and teams with their totals
  "app/api/(app)/organizations/[id]/supporter-pages.csv/route.ts", // the supporter-pages CSV
  "app/api/(app)/donor/[id]/statement/route.ts", // year-end giving statement (PDF/CSV)
  "app/api/(app)/donor/recurring/[id]/route.ts", // change amount / cancel a recurring gift
  "app/api/(app)/recurring/[id]/route.ts", // manage a recurring gift from its signed link (or as its owner)
  "app/api/(app)/donor/recurring/payment-method/route.ts", // one new card for all of a donor's recurring gifts
  "app/api/(app)/budgets/route.ts", // the organization's fundraiser budgets
  "app/api/(app)/budgets/[campaignId]/route.ts", // budget lines and publishing of one fundraiser
  "app/api/(app)/events/[id]/route.ts", // delete an event
  "app/api/(app)/events/[id]/tickets/route.ts", // an event's ticket types with what is left
  "app/api/(app)/events/[id]/orders/route.ts", // order tickets (free, or paid through checkout)
  "app/api/(app)/reports/analytics/route.ts", // donation analytics
  "app/api/(app)/reports/donations.csv/route.ts", // the report's CSV download
  "app/api/(app)/search/locations/route.ts", // US city/ZIP autocomplete from offline ZIP data, replacing the spec's maps script
  "app/api/(app)/pledges/route.ts", // a pledge to an organization that cannot receive gifts yet
  "app/api/(app)/connect/sandbox/route.ts", // the sandbox payment connection (simulated onboarding)
  "app/api/(app)/api-keys/route.ts", // a nonprofit lists and creates API keys of the public API
  "app/api/(app)/api-keys/[id]/route.ts", // a nonprofit revokes an API key
  "app/api/(ops)/health/route.ts", // operations: liveness probe (README, "Production")
  "app/api/(app)/ticket-orders/[id]/refund/route.ts", // a nonprofit refunds a paid ticket order (the spec's refund covers donations only)
  "app/api/(ops)/ready/route.ts", // operations: readiness probe: database, migrations, mail queue
  "app/api/(ops)/metrics/route.ts", // operations: Prometheus metrics behind METRICS_TOKEN
];

/** The public REST API's routes are listed in its OpenAPI document instead (lib/public-api/openapi.test.ts). */
const PUBLIC_API_ROUTES = "app/api/v1/";

/** Every route.ts under `dir` (repository-relative, "/" separators). */
function routeFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") files.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(path.join(root, dir));
  return files.sort();
}

/**
 * The URL a route file answers, as a shape: route groups dropped (they are not part of the URL)
 * and every parameter written "{}", so "app/api/(spec)/check/[email]/route.ts" and the spec's
 * "check/{x}" are both "check/{}".
 */
function urlShapeOfFile(file: string): string {
  return file
    .replace(/^app\/api\//, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => (/^\[.*\]$/.test(segment) ? "{}" : segment))
    .join("/");
}

const urlShapeOfSpecPath = (p: string) => p.replace(/\{\w+\}/g, "{}");

/** The calls of SPEC_SECTION_7 as "METHOD shape" ("GET check/{}"). */
function callsOfSpecText(text: string): string[] {
  const calls: string[] = [];
  for (const line of text.trim().split("\n")) {
    const m = /^(GET|PUT|POST|DELETE): (.*)\.$/.exec(line.trim());
    if (!m) throw new Error(`not a call line of the spec: ${line}`);
    // Drop what the spec says in parentheses (parameters, responses), then split the list.
    const names = m[2]!.replace(/\s*\([^)]*\)/g, "").split(/, | and /);
    for (const name of names) {
      // "send{product}OrganizationDonationEmail": {product} is the platform's name.
      const p = name.trim().replace("{product}", PLATFORM_NAME);
      calls.push(`${m[1]} ${urlShapeOfSpecPath(p)}`);
    }
  }
  return calls.sort();
}

function hasHandler(call: SpecCall): boolean {
  const file = path.join(root, routeFileOf(call.path));
  if (!fs.existsSync(file)) return false;
  const source = fs.readFileSync(file, "utf8");
  return new RegExp(`export (const|async function|function) ${call.method}\\b|export \\{[^}]*\\b${call.method}\\b`).test(source);
}

describe("the spec's API call list", () => {
  const missing = specCalls.filter((call) => !hasHandler(call));

  test("is the spec's own list (section 7): every call, no other, each with the spec's method or its listed POST", () => {
    const fromSpec = callsOfSpecText(SPEC_SECTION_7);
    expect(fromSpec).toHaveLength(77);
    const ours = specCalls
      .map((c) => `${c.method === "POST" && GET_IN_SPEC_POST_HERE.has(c.path) ? "GET" : c.method} ${urlShapeOfSpecPath(c.path)}`)
      .sort();
    expect(ours).toEqual(fromSpec);
  });

  test("reports the calls without a handler yet", () => {
    const byIssue = new Map<number, string[]>();
    for (const m of missing) byIssue.set(m.issue, [...(byIssue.get(m.issue) ?? []), `${m.method} /api/${m.path}`]);
    const lines = [...byIssue.entries()].map(([issue, calls]) => `issue ${issue}: ${calls.length} missing\n  ${calls.join("\n  ")}`);
    console.info(`${specCalls.length - missing.length}/${specCalls.length} spec calls have handlers.\n${lines.join("\n")}`);
    // The report must agree with the files: a call counted as present really has its file.
    for (const call of specCalls.filter((s) => !missing.includes(s))) {
      expect(fs.existsSync(path.join(root, routeFileOf(call.path)))).toBe(true);
    }
  });

  test(`${SPEC_ROUTES_DIR} holds exactly the spec's calls: none missing, none extra`, () => {
    const inGroup = routeFiles(SPEC_ROUTES_DIR);
    const expected = [...new Set(specCalls.map((c) => routeFileOf(c.path)))].sort();
    expect({ extra: inGroup.filter((f) => !expected.includes(f)), missing: expected.filter((f) => !inGroup.includes(f)) }).toEqual({ extra: [], missing: [] });
  });

  test(`no spec call is answered by a route outside ${SPEC_ROUTES_DIR}`, () => {
    const specShapes = new Set(specCalls.map((c) => urlShapeOfSpecPath(c.path)));
    const outside = routeFiles("app/api").filter((f) => !f.startsWith(`${SPEC_ROUTES_DIR}/`));
    expect(outside.length).toBeGreaterThan(50);
    expect(outside.filter((f) => specShapes.has(urlShapeOfFile(f)))).toEqual([]);
    // Nor anywhere else in app/: a route handler for /api/... lives under app/api.
    const urlOf = (f: string) => f.split("/").slice(1, -1).filter((segment) => !/^\(.*\)$/.test(segment));
    const elsewhere = routeFiles("app").filter((f) => !f.startsWith("app/api/") && urlOf(f)[0] === "api");
    expect(elsewhere).toEqual([]);
  });

  test("every route under app/api lives in one of its contract's groups", () => {
    const stray = fs.readdirSync(path.join(root, "app/api")).filter((name) => !API_GROUPS.includes(name));
    expect(stray).toEqual([]);
  });

  test("every route file outside the spec's group and the public API is a listed extra, and every extra exists", () => {
    const extras = new Set(extraRoutes);
    const files = routeFiles("app/api");
    expect(files.filter((f) => !f.startsWith(`${SPEC_ROUTES_DIR}/`) && !extras.has(f) && !f.startsWith(PUBLIC_API_ROUTES))).toEqual([]);
    expect(extraRoutes.filter((f) => !files.includes(f))).toEqual([]);
  });

  test("every call of a finished issue has a handler for its method", () => {
    const unfinished = missing.filter((m) => finishedIssues.has(m.issue)).map((m) => `${m.method} ${m.path}`);
    expect(unfinished).toEqual([]);
  });

  test("the table has no duplicates", () => {
    const keys = specCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
