/**
 * The event published when an organization records a gift it received outside the platform
 * (lib/services/donations/offline-gifts.ts), in the transaction that records it. Declared here,
 * below lib/services, so outgoing webhooks can subscribe without importing the service.
 */
import type { donations } from "@/models";

declare module "./index" {
  interface DomainEventMap {
    /** `donation` is the row as recorded (status succeeded, `offline_method` set); `occurredAt` is when it was recorded (UTC). */
    "offline_gift.recorded": { donation: typeof donations.$inferSelect; occurredAt: Date };
  }
}

export {};
