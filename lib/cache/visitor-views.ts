/**
 * The cached public pages whose content can differ for a signed-in visitor, as pure functions of
 * the path, shared by the browser (components/layout/visitor-view.tsx) and the server
 * (app/(public)/(site)/_components/visitor-view-action.tsx). Everyone gets the cached page; on these the
 * browser of a signed-in visitor then asks for the view rendered for them:
 * - a profile, /nonprofit/{id or nickname}: its owner's editors and owner tools, including a
 *   profile that is not live yet (the cached page answers 404 for it);
 * - an event, /event/{id}: the visitor's own like, and the owner's unpublished event.
 * Kept apart from lib/cache/cached-pages.ts so the browser does not download the rest.
 */

/** Single-segment children of /event and /nonprofit that are other pages, not an id. */
export const NOT_AN_ID: Readonly<Record<string, ReadonlySet<string>>> = {
  event: new Set(["tickets"]),
  nonprofit: new Set(["events"]),
};

/** A page that has a signed-in visitor's view: which kind, and the id or nickname as in the path (still percent-encoded). */
export type VisitorViewTarget = { kind: "profile" | "event"; id: string };

/** The visitor view of `pathname` (no query string), or null when the page is the same for everyone. */
export function visitorViewTarget(pathname: string): VisitorViewTarget | null {
  const m = /^\/(nonprofit|event)\/([^/]+)$/.exec(pathname);
  if (!m || NOT_AN_ID[m[1]!]?.has(m[2]!)) return null;
  return { kind: m[1] === "nonprofit" ? "profile" : "event", id: m[2]! };
}
