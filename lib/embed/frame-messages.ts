/**
 * The messages between the embedded donate form (an /embed/ page in an iframe) and the host
 * page's loader, public/embed.js. There is one: the form's height, so the loader can size the
 * iframe to its content. It is checked both ways (HTML Living Standard, "Cross-document
 * messaging": name the target origin, check the sender's origin and window):
 * - the form posts only to its parent window, and only to the parent's origin
 *   (parentOrigin below), never to "*";
 * - embed.js accepts it only from the Givebridge origin its own script came from and from the
 *   iframe it inserted (event.origin and event.source).
 * Safe in the browser and on the server (pure functions).
 */

/** The `type` of the height message; public/embed.js checks the same string. */
export const EMBED_HEIGHT_MESSAGE = "givebridge:embed-height";

/** The query parameter embed.js adds to the iframe's address: the host page's origin. */
export const EMBED_ORIGIN_PARAM = "origin";

/** The height message: `height` in CSS pixels, a whole number from 0. */
export type EmbedHeightMessage = { type: typeof EMBED_HEIGHT_MESSAGE; height: number };

/** The message for a content height in CSS pixels (rounded up; negative or not finite: 0). */
export function heightMessage(height: number): EmbedHeightMessage {
  return { type: EMBED_HEIGHT_MESSAGE, height: Number.isFinite(height) && height > 0 ? Math.ceil(height) : 0 };
}

/** `value` as an http(s) origin ("https://example.org:8443"), or null when it is not exactly one. */
export function asOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/** What the framed page knows about who framed it. */
export type FrameFacts = {
  /** The form's own origin (Givebridge's). */
  ownOrigin: string;
  /** location.ancestorOrigins (Chrome, Safari), or null where the browser has none (Firefox). */
  ancestorOrigins: readonly string[] | null;
  /** The `origin` query parameter embed.js put on the iframe's address, if any. */
  requested: string | null;
  /** document.referrer: the host page on the first load (the host page's referrer policy permitting). */
  referrer: string | null;
  /** The parent origin remembered from an earlier page of this frame (sessionStorage). */
  remembered: string | null;
};

/**
 * The origin to post the height message to, or null to post nothing.
 * The browser's own list of ancestors wins when it has one; otherwise the origin embed.js
 * asked for, then the referrer's origin (a plain <iframe> snippet), then the one remembered
 * from an earlier page of the same frame (after a payment provider's redirect the referrer is
 * Givebridge itself, which is never the parent: the form is not framed by its own site).
 */
export function parentOrigin(facts: FrameFacts): string | null {
  if (facts.ancestorOrigins) {
    const first = asOrigin(facts.ancestorOrigins[0]);
    return first && first !== facts.ownOrigin ? first : null;
  }
  const referrer = facts.referrer ? asOrigin(safeOrigin(facts.referrer)) : null;
  for (const candidate of [asOrigin(facts.requested), referrer, asOrigin(facts.remembered)]) {
    if (candidate && candidate !== facts.ownOrigin) return candidate;
  }
  return null;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
