import fs from "node:fs";
import path from "node:path";
import { routeFileOf, specCalls, type SpecCall } from "./spec-calls";

/** Issues whose calls must all have handlers. Add an issue here when it lands. */
const finishedIssues = new Set<SpecCall["issue"]>([2, 3, 4, 5, 6, 8]);

const root = path.resolve(__dirname, "../..");

/** Route files that are not in the spec's list, each with its reason. */
const extraRoutes = [
  "app/api/auth/[...nextauth]/route.ts", // next-auth's own endpoints
  "app/api/webhooks/sandbox/route.ts", // signed events of the sandbox payment provider
  "app/api/webhooks/sandbox/simulate/route.ts", // sandbox outside actions (card verification, ACH settlement)
  "app/api/webhooks/stripe/route.ts", // Stripe webhook endpoint (signature on the raw body)
  "app/api/webhooks/paypal/route.ts", // PayPal webhook endpoint (PayPal's verification call)
  "app/api/webhook-endpoints/route.ts", // a nonprofit's outgoing webhook endpoints (list, create)
  "app/api/webhook-endpoints/[id]/route.ts", // edit or delete a webhook endpoint
  "app/api/webhook-endpoints/[id]/secret/route.ts", // rotate an endpoint's signing secret
  "app/api/webhook-endpoints/[id]/test/route.ts", // send a test event to an endpoint
  "app/api/webhook-endpoints/[id]/deliveries/route.ts", // an endpoint's delivery log
  "app/api/webhook-endpoints/[id]/deliveries/[deliveryId]/replay/route.ts", // replay a delivery
  "app/api/receipts/[id]/route.ts", // PDF receipt download
  "app/api/images/route.ts", // image upload (POST) and delete (DELETE); the spec names no call for the storage upload
  "app/api/volunteer/route.ts", // donor logs and lists volunteer hours
  "app/api/volunteer/[id]/route.ts", // nonprofit verifies or declines logged hours
  "app/api/volunteer/export/route.ts", // donor exports volunteer hours (CSV/PDF)
  "app/api/stories/route.ts", // donor writes an impact story
  "app/api/stories/[id]/route.ts", // nonprofit approves or declines a story
  "app/api/account/route.ts", // delete account
  "app/api/account/sessions/route.ts", // sign out everywhere
  "app/api/checkout/challenge/route.ts", // proof-of-work challenge of the guest checkout
  "app/api/donations/[id]/refund/route.ts", // the nonprofit refunds a completed donation through its provider
  "app/api/organizations/[id]/offline-gifts/route.ts", // the nonprofit records a gift received outside the platform
  "app/api/offline-gifts/[id]/route.ts", // read, edit or delete a gift recorded offline
  "app/api/organizations/[id]/donors/notes/route.ts", // the nonprofit's private note and tags about a donor
  "app/api/organizations/[id]/donors.csv/route.ts", // the nonprofit's Donors view as CSV
  "app/api/organizations/[id]/donor-imports/route.ts", // the nonprofit uploads a donor history CSV from another platform
  "app/api/organizations/[id]/donor-import-mappings/route.ts", // the nonprofit's saved CSV column mappings (list, save)
  "app/api/donor-imports/[id]/route.ts", // an uploaded donor history import and its progress
  "app/api/donor-imports/[id]/dry-run/route.ts", // the import's dry run: counts and bad rows by line
  "app/api/donor-imports/[id]/run/route.ts", // import the next batches of a donor history
  "app/api/thank-you-templates/route.ts", // the nonprofit's thank-you emails (read, save)
  "app/api/thank-you-templates/preview/route.ts", // a thank-you draft rendered with a sample donor
  "app/api/thank-you-templates/test/route.ts", // a thank-you draft sent to the member's own email
  "app/api/year-end-statements/route.ts", // the nonprofit emails its donors their year-end statements
  "app/api/fundraisers/[campaignId]/supporter-pages/route.ts", // a donor starts their own page (and team) for a fundraiser
  "app/api/supporter-pages/[id]/route.ts", // a supporter page for its editor: read, edit, delete
  "app/api/supporter-pages/[id]/status/route.ts", // pause, resume, close; approve, hide, unhide
  "app/api/supporter-pages/[id]/report/route.ts", // anyone reports a supporter page to its organization and the admin
  "app/api/supporter-pages/unsubscribe/route.ts", // a supporter stops the organization's messages (signed link)
  "app/api/fundraisers/[campaignId]/supporter-settings/route.ts", // the organization turns supporter pages on and sets their options
  "app/api/fundraisers/[campaignId]/supporter-messages/route.ts", // the organization writes to its supporters
  "app/api/organizations/[id]/supporter-pages/route.ts", // the organization's supporter pages and teams with their totals
  "app/api/organizations/[id]/supporter-pages.csv/route.ts", // the supporter-pages CSV
  "app/api/donor/[id]/statement/route.ts", // year-end giving statement (PDF/CSV)
  "app/api/donor/recurring/[id]/route.ts", // change amount / cancel a recurring gift
  "app/api/recurring/[id]/route.ts", // manage a recurring gift from its signed link (or as its owner)
  "app/api/donor/recurring/payment-method/route.ts", // one new card for all of a donor's recurring gifts
  "app/api/budgets/route.ts", // the organization's fundraiser budgets
  "app/api/budgets/[campaignId]/route.ts", // budget lines and publishing of one fundraiser
  "app/api/events/[id]/route.ts", // delete an event
  "app/api/events/[id]/tickets/route.ts", // an event's ticket types with what is left
  "app/api/events/[id]/orders/route.ts", // order tickets (free, or paid through checkout)
  "app/api/reports/analytics/route.ts", // donation analytics
  "app/api/reports/donations.csv/route.ts", // the report's CSV download
  "app/api/search/locations/route.ts", // US city/ZIP autocomplete from offline ZIP data, replacing the spec's maps script
  "app/api/pledges/route.ts", // a pledge to an organization that cannot receive gifts yet
  "app/api/connect/sandbox/route.ts", // the sandbox payment connection (simulated onboarding)
  "app/api/api-keys/route.ts", // a nonprofit lists and creates API keys of the public API
  "app/api/api-keys/[id]/route.ts", // a nonprofit revokes an API key
  "app/api/health/route.ts", // operations: liveness probe (README, "Production")
  "app/api/ticket-orders/[id]/refund/route.ts", // a nonprofit refunds a paid ticket order (the spec's refund covers donations only)
  "app/api/ready/route.ts", // operations: readiness probe: database, migrations, mail queue
  "app/api/metrics/route.ts", // operations: Prometheus metrics behind METRICS_TOKEN
];

/** The public REST API's routes are listed in its OpenAPI document instead (lib/public-api/openapi.test.ts). */
const PUBLIC_API_ROUTES = "app/api/v1/";

function hasHandler(call: SpecCall): boolean {
  const file = path.join(root, routeFileOf(call.path));
  if (!fs.existsSync(file)) return false;
  const source = fs.readFileSync(file, "utf8");
  return new RegExp(`export (const|async function|function) ${call.method}\\b|export \\{[^}]*\\b${call.method}\\b`).test(source);
}

describe("the spec's API call list", () => {
  const missing = specCalls.filter((call) => !hasHandler(call));

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

  test("every route file under app/api is a spec call or a listed extra", () => {
    const extras = new Set(extraRoutes);
    const known = new Set(specCalls.map((c) => routeFileOf(c.path)));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === "route.ts") files.push(path.relative(root, full).split(path.sep).join("/"));
      }
    };
    walk(path.join(root, "app/api"));
    expect(files.filter((f) => !known.has(f) && !extras.has(f) && !f.startsWith(PUBLIC_API_ROUTES))).toEqual([]);
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
