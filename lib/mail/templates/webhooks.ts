/**
 * The email a nonprofit gets when one of its webhook endpoints is disabled after persistent
 * failure. It names the endpoint by its address's origin only (a path or
 * query may hold a token of the receiver's) and its description.
 */
import "server-only";
import type { MailMessage } from "@/lib/mail/transport";
import { receiptDate } from "@/lib/receipts/receipt-text";

export type EndpointDisabledFacts = {
  to: string;
  organizationName: string;
  /** The endpoint's URL; only its origin is written. */
  url: string;
  description: string | null;
  /** When the delivery that exhausted its retries was first tried. */
  failingSince: Date;
  lastError: string | null;
  dashboardUrl: string;
};

/** "Your webhook endpoint was disabled", with the last error and where to re-enable it. */
export function webhookEndpointDisabledMail(f: EndpointDisabledFacts): MailMessage {
  const origin = new URL(f.url).origin;
  const name = f.description ? `${f.description} (${origin})` : origin;
  return {
    to: f.to,
    subject: `Your Givebridge webhook endpoint ${origin} was disabled`,
    text: [
      `Deliveries to your webhook endpoint ${name} have failed since ${receiptDate(f.failingSince)} and every retry failed, so ${f.organizationName}'s endpoint was disabled. No more events are sent to it.`,
      ...(f.lastError ? [`Last error: ${f.lastError}`] : []),
      "",
      "Once the endpoint works again, enable it in the Webhooks tile of your dashboard and replay the deliveries you missed from its delivery log:",
      f.dashboardUrl,
    ].join("\n"),
  };
}
