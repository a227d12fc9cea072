/**
 * Where a donation flow goes next. The same checkout form runs on the site's own checkout
 * page (flow "site") and inside the embeddable donate form (flow "embed"); every page a flow
 * reaches must belong to it, because only /embed/… may be framed (lib/http/embeddable.ts):
 * a framed form that moved on to a site page would be refused by the browser.
 * Safe in the browser and on the server.
 */

/** Which set of pages a checkout belongs to. */
export type CheckoutFlow = "site" | "embed";

/** The pages after a checkout: the thank-you, a card or bank payment's result, a wallet payment's result. */
export type DonationResultStep = "thanks" | "complete" | "wallet";

const RESULT_PATHS: Record<CheckoutFlow, Record<DonationResultStep, string>> = {
  site: { thanks: "/thankyou", complete: "/complete-donation", wallet: "/complete-donation-google-apple" },
  embed: { thanks: "/embed/thankyou", complete: "/embed/complete", wallet: "/embed/complete" },
};

/** The ids accepted in checkout and embed paths (organization and fundraiser ids). */
export const PATH_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The path of a result page for one donation, carrying its access token (so a guest can open
 * it): e.g. `/embed/thankyou?donation=…&token=…`.
 */
export function donationResultPath(flow: CheckoutFlow, step: DonationResultStep, donationId: string, accessToken: string): string {
  return `${RESULT_PATHS[flow][step]}?donation=${encodeURIComponent(donationId)}&token=${encodeURIComponent(accessToken)}`;
}

/**
 * The checkout form of an organization (campaignId null: a direct gift) in a flow:
 * `/donation/{org}/{fundraiser|direct}` on the site, `/embed/donate/{org}[/{fundraiser}]` embedded.
 */
export function checkoutPath(flow: CheckoutFlow, organizationId: string, fundraiserId: string | null): string {
  const org = encodeURIComponent(organizationId);
  if (flow === "embed") return `/embed/donate/${org}${fundraiserId ? `/${encodeURIComponent(fundraiserId)}` : ""}`;
  return `/donation/${org}/${fundraiserId ? encodeURIComponent(fundraiserId) : "direct"}`;
}
