/**
 * On-demand invalidation of the public pages served from Next's cache
 * (app/(public)). Services call these after the change is committed, so the next visitor of a
 * changed page gets it rendered afresh, while every other cached page stays cached:
 *
 * - refreshGiftPages: a gift's status changed (succeeded, refunded): its fundraiser's page and
 *   donate page, its organization's profile at its id address and home (featured fundraisers show
 *   progress); the profile's nickname address follows within the `revalidate` interval. Ticket sales refresh the event pages (what is left).
 * - refreshEventPages: an event's tickets or likes changed.
 * - refreshSupporterPages: a supporter page or team of a fundraiser changed: the fundraiser's
 *   page (leaderboards), the supporter page and its team. A gift on a supporter page refreshes
 *   them through refreshGiftPages.
 * - refreshAllPublicPages: anything else a public page shows changed (a profile edit, a new or
 *   edited fundraiser or event, an approval, a claim, a connected payment account...): every
 *   cached page is re-rendered on its next visit, and the kept directory search results are
 *   dropped. Such edits are rare next to page views.
 *
 * Outside a request (a scheduled recurring charge, a script) Next has no cache store to mark:
 * the call does nothing and the pages follow within their `revalidate` interval (60 s). The
 * same bound holds for the other processes of a multi-process deployment without REDIS_URL,
 * each of which keeps its own page cache; with REDIS_URL they share one cache on Redis and a
 * change shows on all of them at once (lib/cache/redis-cache-handler.mjs, README "Production").
 * Invalidation never fails the change it follows.
 */
import "server-only";
import { revalidatePath } from "next/cache";
import { forgetSearchResults } from "@/lib/search/cache";

/** A gift whose status changed: where it shows. */
export type GiftPages = {
  organizationId: string;
  campaignId?: string | null;
  /** The supporter page and team the gift was made on (peer-to-peer), by slug. */
  supporterPageSlug?: string | null;
  supporterTeamSlug?: string | null;
  /** A ticket payment: the event pages show what is left. */
  ticket?: boolean;
};

/** The cached paths a gift's change touches (exported for tests): home, the profile, and a fundraiser's page, donate page, supporter page and team. */
export function giftPagePaths(g: GiftPages): string[] {
  const paths = ["/", `/nonprofit/${encodeURIComponent(g.organizationId)}`];
  if (g.campaignId) {
    paths.push(...supporterPagePaths({ campaignId: g.campaignId, pageSlug: g.supporterPageSlug, teamSlug: g.supporterTeamSlug }));
    // The donate page shows the fundraiser's progress too.
    paths.push(`/donation/${encodeURIComponent(g.organizationId)}/${encodeURIComponent(g.campaignId)}`);
  }
  return paths;
}

/** Where a fundraiser's supporter page and team show (exported for tests). */
export type SupporterPages = { campaignId: string; pageSlug?: string | null; teamSlug?: string | null };

/** The cached paths of a fundraiser and, when given, one of its supporter pages and teams. */
export function supporterPagePaths(p: SupporterPages): string[] {
  const fundraiser = `/fundraiser/${encodeURIComponent(p.campaignId)}`;
  return [fundraiser, ...(p.pageSlug ? [`${fundraiser}/p/${p.pageSlug}`] : []), ...(p.teamSlug ? [`${fundraiser}/t/${p.teamSlug}`] : [])];
}

/**
 * After a supporter page or team was created, edited or changed state: the fundraiser's page
 * (its leaderboards), the supporter page and its team.
 */
export function refreshSupporterPages(p: SupporterPages): void {
  for (const path of supporterPagePaths(p)) mark(() => revalidatePath(path));
}

/** Run one revalidation; outside a request or during a render it is skipped (see the module comment). */
function mark(run: () => void): void {
  try {
    run();
  } catch {
    // Next's "static generation store missing" (no request) or "during render": expected, see above.
  }
}

/** After a gift succeeded or was refunded: its fundraiser, its organization's profile and home. */
export function refreshGiftPages(g: GiftPages): void {
  for (const path of giftPagePaths(g)) mark(() => revalidatePath(path));
  if (g.ticket) refreshEventPages();
}

/** After an event's tickets (sold, held, released) or likes changed: the event pages. */
export function refreshEventPages(eventId?: string): void {
  if (eventId) mark(() => revalidatePath(`/event/${encodeURIComponent(eventId)}`));
  else mark(() => revalidatePath("/event/[id]", "page"));
}

/**
 * After anything else public pages show changed: every cached page, on its next visit, and
 * the directory search results kept in memory (lib/search/cache.ts), at once.
 */
export function refreshAllPublicPages(): void {
  forgetSearchResults();
  mark(() => revalidatePath("/", "layout"));
}
