/**
 * The outgoing webhooks as the OpenAPI 3.1 document (`webhooks`) and /developers describe them:
 * the envelope `{ type, timestamp, data }` that lib/services/webhooks/emit-webhook-event.ts
 * sends, the `data` of each event type (lib/services/webhooks/webhook-events.ts, and the
 * dashboard's test event in webhook-deliveries.ts), the Standard Webhooks signature headers
 * (lib/webhooks/signing.ts, https://www.standardwebhooks.com/) and the retry schedule
 * (WEBHOOK_RETRY_SCHEDULE, lib/services/webhooks/deliver-webhook.ts). A test emits each event
 * through the real emitters and checks the body against these schemas, so the document says
 * what is sent. Amounts are integer cents; times UTC ISO 8601.
 */
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import { donationSchema, donorSchema, organizationSchema, sharedDonorSchema, supporterPageEventSchema } from "@/lib/integrations/api-resources";
import { WEBHOOK_TIMEOUT_MS } from "@/lib/webhooks/post";
import { WEBHOOK_TEST_EVENT, webhookEventLabels, webhookEventTypes, type WebhookEventType } from "@/lib/validations/webhooks";

const time = (description: string) => z.string().meta({ format: "date-time", description: `${description} (UTC, ISO 8601).` });
const cents = (description: string) => z.number().int().meta({ description: `${description}, in cents.` });

/** `data` of ticket_order.paid: the order, without buyer details. */
export const ticketOrderEventSchema = z
  .object({
    id: z.string().meta({ description: "The ticket order's id." }),
    object: z.literal("ticket_order"),
    organization_id: z.string(),
    event_id: z.string(),
    event_name: z.string(),
    ticket_type_id: z.string(),
    ticket_type_name: z.string(),
    quantity: z.number().int().min(1),
    amount_cents: cents("What the buyer paid"),
    goods_value_cents: cents("Good-faith estimate of the goods received (quantity x fair market value)"),
    deductible_cents: cents("Amount paid minus the goods' value, never below 0 (IRS Publication 1771)"),
    currency: z.string().meta({ example: "usd" }),
    payment_id: z.string().meta({ description: "The payment that paid the order." }),
    paid_at: time("When it was paid"),
  })
  .meta({ id: "TicketOrderEvent", description: "A paid ticket order. Buyer details are never sent." });

/** `data` of fundraiser.goal_reached. */
export const fundraiserGoalEventSchema = z
  .object({
    id: z.string().meta({ description: "The fundraiser's id." }),
    object: z.literal("fundraiser"),
    organization_id: z.string(),
    name: z.string(),
    goal_cents: cents("The goal"),
    progress_cents: cents("Raised so far, at or above the goal"),
    reached_at: time("When the goal was reached"),
  })
  .meta({ id: "FundraiserGoalEvent", description: "A fundraiser whose progress reached its goal (sent once per fundraiser)." });

/** `data` of recurring_gift.*. */
export const recurringGiftEventSchema = z
  .object({
    id: z.string().meta({ description: "The recurring gift's id." }),
    object: z.literal("recurring_gift"),
    organization_id: z.string(),
    fundraiser_id: z.string().nullable().meta({ description: "The fundraiser given to; null for a gift to the organization." }),
    amount_cents: cents("Each month's gift"),
    currency: z.string().meta({ example: "usd" }),
    interval: z.literal("month"),
    status: z.enum(["active", "paused", "past_due", "canceled"]),
    charge_day: z.number().int().min(1).max(31).meta({ description: "Day of the month it is charged on (clamped to short months)." }),
    next_charge_at: time("Next charge").nullable(),
    paused_until: time("No charge before this time (paused by the donor)").nullable(),
    created_at: time("When it was started"),
    canceled_at: time("When it was canceled").nullable(),
    anonymous: z.boolean(),
    donor: sharedDonorSchema.nullable().meta({ description: "The donor details shared on the gift's first payment; null when anonymous." }),
    failed_payment: z
      .object({
        donation_id: z.string().meta({ description: "The charge that failed." }),
        amount_cents: cents("The charge"),
        failure_reason: z.string(),
        attempt: z.number().int().min(1).meta({ description: "1 for the period's first attempt, then each retry." }),
        next_retry_at: time("Next retry").nullable(),
        past_due: z.boolean().meta({ description: "No retry is left: the gift is canceled a week later unless the donor acts." }),
      })
      .optional()
      .meta({ description: "recurring_gift.payment_failed only." }),
  })
  .meta({ id: "RecurringGiftEvent", description: "A monthly gift, sent only for gifts whose first payment succeeded." });

/** `data` of the dashboard's "Send test event". */
export const testEventSchema = z
  .object({
    object: z.literal("test"),
    organization_id: z.string(),
    endpoint_id: z.string(),
    message: z.string(),
  })
  .meta({ id: "TestEvent", description: "Sent only from the dashboard's Send test event, to the one endpoint chosen." });

/** Every event type that may be sent: the ones an endpoint picks, and the test event. */
export type SentWebhookType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** The `data` schema and the description of each event type. */
export const webhookEvents: Record<SentWebhookType, { data: z.ZodType; summary: string; description: string }> = {
  "donation.succeeded": { data: donationSchema, summary: webhookEventLabels["donation.succeeded"], description: "A gift's payment succeeded. `data` is the donation as `GET /donations/{id}` answers it: only the donor details the donor shared, `donor: null` for an anonymous gift. Ticket payments send ticket_order.paid instead." },
  "donation.refunded": { data: donationSchema, summary: webhookEventLabels["donation.refunded"], description: "A gift was refunded. `data` is the donation (status `refunded`)." },
  "recurring_gift.created": { data: recurringGiftEventSchema, summary: webhookEventLabels["recurring_gift.created"], description: "A monthly gift's first payment succeeded. Sent once per gift." },
  "recurring_gift.updated": { data: recurringGiftEventSchema, summary: webhookEventLabels["recurring_gift.updated"], description: "The donor changed the amount, the day, paused or resumed, or changed the payment method. Each change is its own event." },
  "recurring_gift.canceled": { data: recurringGiftEventSchema, summary: webhookEventLabels["recurring_gift.canceled"], description: "The gift was canceled (by the donor, or a week after its last retry failed)." },
  "recurring_gift.payment_failed": { data: recurringGiftEventSchema, summary: webhookEventLabels["recurring_gift.payment_failed"], description: "A monthly charge failed; `failed_payment` says which, why, and when it is retried. Sent once per failed charge." },
  "ticket_order.paid": { data: ticketOrderEventSchema, summary: webhookEventLabels["ticket_order.paid"], description: "A paid ticket order's payment succeeded." },
  "fundraiser.goal_reached": { data: fundraiserGoalEventSchema, summary: webhookEventLabels["fundraiser.goal_reached"], description: "A fundraiser's progress reached its goal. Sent once per fundraiser, whatever happens later." },
  "offline_gift.created": {
    data: donationSchema,
    summary: webhookEventLabels["offline_gift.created"],
    description: "The organization recorded a gift it received outside Givebridge (cash, check, donor-advised fund, stock or in-kind). `data` is the donation as `GET /donations/{id}` answers it, with `offline_method` set. Sent once per gift; not sent for gifts imported from another platform's history.",
  },
  "donor.created": {
    data: donorSchema,
    summary: webhookEventLabels["donor.created"],
    description:
      "A succeeded gift (made online or recorded offline) shared an email, or else a name, that no earlier gift to the organization shared: a new donor appears. `data` is the donor as `GET /donors/{id}` answers it, " +
      "only what the donor shared, never notes or tags. Sent once per donor, never again for their later gifts.",
  },
  "supporter_page.created": {
    data: supporterPageEventSchema,
    summary: webhookEventLabels["supporter_page.created"],
    description:
      "Peer-to-peer fundraising: a supporter started a page for one of your fundraisers (`status` pending when your organization approves pages first, else active). " +
      "`data` is the page with its totals; `supporter_email` only when the supporter chose to share it with you. Sent once per page.",
  },
  "supporter_page.updated": {
    data: supporterPageEventSchema,
    summary: webhookEventLabels["supporter_page.updated"],
    description:
      "A supporter page changed: its words or goal, its team, the supporter's choices, or its state (paused, resumed, closed, approved, hidden, shown again). " +
      "`data` is the page as it is after the change, with the same rules as supporter_page.created. Each change is its own event.",
  },
  "organization.verified": {
    data: organizationSchema,
    summary: webhookEventLabels["organization.verified"],
    description:
      "The organization's claim was verified (an email at its own domain, a code mailed to its IRS address, or an admin's review of its IRS determination letter): " +
      "its profile edits are now public and it can connect payouts. `data` is the organization as `GET /organizations/{ein}` answers it, with `verified: true` and the IRS `legal_name`. Sent once per verification.",
  },
  [WEBHOOK_TEST_EVENT]: { data: testEventSchema, summary: "The dashboard's test event", description: "Sent by Send test event on the dashboard, to that endpoint only, whatever event types it picked." },
};

/** Every event type, in the order the reference lists them. */
export const sentWebhookTypes: SentWebhookType[] = [...webhookEventTypes, WEBHOOK_TEST_EVENT];

/** The body of event `type`: `{ type, timestamp, data }` (Standard Webhooks' recommended payload). */
export function webhookBodySchema(type: SentWebhookType) {
  return z
    .object({
      type: z.literal(type),
      timestamp: time("When the change happened"),
      data: webhookEvents[type].data,
    })
    .meta({ id: `${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Webhook`, description: `The body of ${type}.` });
}

/** The Standard Webhooks headers of every delivery attempt (lib/webhooks/signing.ts). */
export const webhookHeadersSchema = z.object({
  "webhook-id": z.string().meta({ description: "The delivery's id: the same on every retry of it, so use it to ignore a delivery you already handled." }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({ description: "When this attempt was signed, in Unix seconds. Refuse one more than 5 minutes from your clock." }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,<base64 HMAC-SHA256 of \"<webhook-id>.<webhook-timestamp>.<body>\">` keyed with the endpoint's secret (the base64 after `whsec_`). While a secret is being rotated there are two, space-separated: accept the body when one matches.",
  }),
});

/** "5 s", "5 min", "2 h", "2 h 30 min". */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round((seconds / 60) * 10) / 10} min`;
  const h = Math.floor(seconds / 3600);
  const min = Math.round((seconds % 3600) / 60);
  return min ? `${h} h ${min} min` : `${h} h`;
}

/** The retry schedule of this site in words, from WEBHOOK_RETRY_SCHEDULE. */
export function retryScheduleSentence(): string {
  const schedule = serverEnv().WEBHOOK_RETRY_SCHEDULE;
  const total = schedule.reduce((sum, s) => sum + s, 0);
  return (
    `A delivery succeeds when the endpoint answers any 2xx status within ${WEBHOOK_TIMEOUT_MS / 1000} seconds (redirects are not followed). ` +
    `Otherwise it is tried again ${schedule.length} times, waiting ${schedule.map(duration).join(", ")} after each failure ` +
    `(${schedule.length + 1} attempts over about ${duration(total)}). When the last retry fails and the endpoint answered no delivery with a 2xx in that time, ` +
    "the endpoint is disabled and the organization is emailed; every delivery can be replayed from the dashboard's log."
  );
}

/** Verification examples, as shown on /developers and in the document. */
export const VERIFY_EXAMPLES = {
  node: `// npm install standardwebhooks  (https://www.standardwebhooks.com/)
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.GIVEBRIDGE_WEBHOOK_SECRET); // "whsec_..."

// Express: read the raw body, not parsed JSON.
app.post("/givebridge", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString("utf8"), req.headers); // throws when not valid
  } catch {
    return res.status(400).end();
  }
  // Answer at once; handle event.type / event.data afterwards, once per webhook-id.
  res.status(204).end();
});`,
  python: `# Without a library: HMAC-SHA256 of "id.timestamp.body" with the decoded secret.
import base64, hashlib, hmac, time

def verify(secret: str, headers, body: bytes) -> bool:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    msg_id, ts = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(time.time() - int(ts)) > 300:
        return False
    signed = f"{msg_id}.{ts}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(expected, s.split(",", 1)[1])
               for s in headers["webhook-signature"].split(" ") if s.startswith("v1,"))`,
};
