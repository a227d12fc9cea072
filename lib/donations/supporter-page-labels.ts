/**
 * How a supporter page's or team's state reads in the organization's Supporter pages view and
 * its CSV (models/supporter-pages.ts, supporter_page_status). Safe in the browser.
 */
import type { supporterPages } from "@/models";

/** A supporter page's stored state. */
export type SupporterPageStatusValue = (typeof supporterPages.$inferSelect)["status"];

/** Every state, in the order the organization's filter lists them. */
export const SUPPORTER_PAGE_STATUSES: readonly SupporterPageStatusValue[] = ["pending", "active", "paused", "closed", "hidden"];

const LABELS: Record<SupporterPageStatusValue, string> = {
  pending: "Waiting for approval",
  active: "Active",
  paused: "Paused",
  closed: "Closed",
  hidden: "Hidden",
};

/** "Waiting for approval", "Active", "Paused", "Closed" or "Hidden". */
export function supporterPageStatusLabel(status: SupporterPageStatusValue): string {
  return LABELS[status] ?? status;
}
