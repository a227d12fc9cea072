/**
 * Registers the implemented purposes of startPayment (a gift, a ticket order:
 * lib/services/payments/start-payment.ts) and installs every subscriber of the domain events
 * (lib/domain-events), in the order their
 * effects are applied within one transaction: gifts' receipts and tribute cards, ticket
 * orders, then pledges, recurring gifts, supporter pages, the organization's thank-you emails
 * and outgoing webhooks. Called where a process starts
 * handling work: the request layer (lib/http/route.ts), the server start-up
 * (lib/server/startup.ts) and the test setup; calling it again does nothing.
 */
import "server-only";
import { markSubscribersInstalled } from "@/lib/domain-events";
import { installGiftPurpose } from "./donations/start-checkout";
import { installDonationSubscribers } from "./donations/subscribers";
import { installTicketOrderPurpose } from "./events/pay-ticket-order";
import { installEventSubscribers } from "./events/subscribers";
import { installPaymentSubscribers } from "./payments/subscribers";
import { installPledgeSubscribers } from "./pledges/subscribers";
import { installRecurringSubscribers } from "./recurring/subscribers";
import { installSupporterPageSubscribers } from "./supporter-pages/subscribers";
import { installThankYouSubscribers } from "./thank-you/subscribers";
import { installWebhookSubscribers } from "./webhooks/subscribers";

let done = false;

/** Register the payment purposes (startPayment) and subscribe every feature to the events it reacts to, once per module graph. */
export function installSubscribers(): void {
  if (done) return;
  done = true;
  installGiftPurpose();
  installTicketOrderPurpose();
  installDonationSubscribers();
  installPaymentSubscribers();
  installEventSubscribers();
  installPledgeSubscribers();
  installRecurringSubscribers();
  installSupporterPageSubscribers();
  installThankYouSubscribers();
  installWebhookSubscribers();
  markSubscribersInstalled();
}
