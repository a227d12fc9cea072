/**
 * Outgoing webhook endpoints: the event types a nonprofit can pick and the
 * one schema of the dashboard's form and the /api/webhook-endpoints handlers. The URL's form is
 * checked here (a web address, http or https, no user name or password); whether it may be
 * plain http and whether its host is allowed depends on the server's settings and is checked
 * by the service (lib/webhooks/targets.ts).
 */
import "./zod-setup";
import { z } from "zod";
import { messages } from "./messages";

/** Event types an endpoint can subscribe to (the issue's list). */
export const webhookEventTypes = [
  "donation.succeeded",
  "donation.refunded",
  "recurring_gift.created",
  "recurring_gift.updated",
  "recurring_gift.canceled",
  "recurring_gift.payment_failed",
  "ticket_order.paid",
  "fundraiser.goal_reached",
  "offline_gift.created",
  "donor.created",
  "supporter_page.created",
  "supporter_page.updated",
  "organization.verified",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The type of the dashboard's "Send test event" (sent to one endpoint, whatever it picked). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** What each event type means, for the dashboard's checkboxes. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  "donation.succeeded": "A donation succeeded",
  "donation.refunded": "A donation was refunded",
  "recurring_gift.created": "A monthly gift started (its first payment succeeded)",
  "recurring_gift.updated": "A donor changed a monthly gift (amount, day, pause, payment method)",
  "recurring_gift.canceled": "A monthly gift was canceled",
  "recurring_gift.payment_failed": "A monthly gift's charge failed",
  "ticket_order.paid": "A ticket order was paid",
  "fundraiser.goal_reached": "A fundraiser reached its goal",
  "offline_gift.created": "A gift received outside Givebridge was recorded",
  "donor.created": "A new donor gave for the first time (shared name or email)",
  "supporter_page.created": "A supporter started a fundraising page for one of your fundraisers",
  "supporter_page.updated": "A supporter page was edited, paused, resumed, closed, approved or hidden",
  "organization.verified": "The organization's claim was verified: its profile edits are public",
};

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** The URL's form problem (messages.webhooks.*), or null when it is a usable web address. */
export function webhookUrlFormProblem(raw: string): string | null {
  if (raw.trim() === "") return messages.webhooks.urlRequired;
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return messages.webhooks.urlTooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return messages.webhooks.urlInvalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return messages.webhooks.urlInvalid;
  if (!url.hostname || /\s/.test(raw)) return messages.webhooks.urlInvalid;
  if (url.username || url.password) return messages.webhooks.urlCredentials;
  return null;
}

const urlField = z
  .string({ error: messages.webhooks.urlRequired })
  .trim()
  .superRefine((v, ctx) => {
    const problem = webhookUrlFormProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const eventTypesField = z
  .array(z.enum(webhookEventTypes, { error: messages.webhooks.eventUnknown }), { error: messages.webhooks.eventsRequired })
  .min(1, { error: messages.webhooks.eventsRequired })
  .max(webhookEventTypes.length, { error: messages.webhooks.eventUnknown })
  .transform((types) => [...new Set(types)]);

const descriptionField = z
  .string({ error: messages.webhooks.descriptionTooLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: messages.webhooks.descriptionTooLong })
  .transform((v) => (v === "" ? null : v));

/** POST /api/webhook-endpoints: { url, eventTypes, description? }. */
export const createWebhookEndpointSchema = z.object({
  url: urlField,
  eventTypes: eventTypesField,
  description: descriptionField.optional(),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

/** PUT /api/webhook-endpoints/{id}: any of { url, eventTypes, description, enabled }. */
export const updateWebhookEndpointSchema = z.object({
  url: urlField.optional(),
  eventTypes: eventTypesField.optional(),
  description: descriptionField.optional(),
  enabled: z.boolean({ error: messages.fields.notBoolean("Enabled") }).optional(),
});
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;
