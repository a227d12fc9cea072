/**
 * The embed codes a nonprofit copies from its dashboard (Embed tile) to put the donate form
 * on its own website: the one-line script (public/embed.js inserts and sizes the iframe), a
 * plain <iframe> for sites that refuse scripts (fixed height; the form scrolls inside it), and
 * a plain link to the site's checkout page. Safe in the browser and on the server.
 */
import { checkoutPath } from "./paths";

/**
 * Height of the plain <iframe> snippet, in CSS pixels: the whole form (sandbox card fields, the
 * dedication closed) at the frame's widest, 36rem; in a narrower frame, or with the dedication
 * open, the form scrolls inside it.
 */
export const IFRAME_SNIPPET_HEIGHT = 1800;

export type EmbedSnippets = { script: string; iframe: string; link: string };

/** `value` escaped for an HTML attribute in double quotes. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The three embed codes for an organization's form (fundraiserId null: a direct gift).
 * @param siteUrl the public base URL (NEXTAUTH_URL), e.g. "https://give.example.org"; a trailing slash is dropped.
 * @param title the iframe's accessible name, e.g. "Donate to Food Shelf of Vermont".
 */
export function embedSnippets(o: { siteUrl: string; organizationId: string; fundraiserId: string | null; title: string }): EmbedSnippets {
  const site = o.siteUrl.replace(/\/+$/, "");
  const attr = escapeAttribute;
  const fundraiser = o.fundraiserId ? ` data-fundraiser="${attr(o.fundraiserId)}"` : "";
  return {
    script: `<script src="${attr(`${site}/embed.js`)}" data-org="${attr(o.organizationId)}"${fundraiser} data-title="${attr(o.title)}" async></script>`,
    iframe: `<iframe src="${attr(site + checkoutPath("embed", o.organizationId, o.fundraiserId))}" title="${attr(o.title)}" allow="payment" loading="lazy" style="display:block;width:100%;max-width:36rem;height:${IFRAME_SNIPPET_HEIGHT}px;border:0"></iframe>`,
    link: site + checkoutPath("site", o.organizationId, o.fundraiserId),
  };
}
