/**
 * Events published when a supporter page (peer-to-peer fundraising) is created or changed
 * (lib/services/supporter-pages), in the transaction that writes it. Declared here, below
 * lib/services, so outgoing webhooks and mail can subscribe without importing the service.
 */
import type { supporterPages } from "@/models";

/** What changed: a new page, or an edit / status change / team change of one. */
export type SupporterPageChange = "supporter_page.created" | "supporter_page.updated";

declare module "./index" {
  interface DomainEventMap {
    /** `page` is the row as written; `occurredAt` is when (UTC). */
    "supporter_page.changed": { change: SupporterPageChange; page: typeof supporterPages.$inferSelect; occurredAt: Date };
  }
}

export {};
