/**
 * Wishlist and marketplace links (spec sections 5 and 9): required ('Please enter a link'),
 * cleaned before save (trimmed; spaces and control characters removed), `http://` added to
 * addresses without a scheme, only http(s) accepted (javascript:, data: and other schemes
 * are refused), then validated as a URL with a host name.
 */
import "./zod-setup";
import { z } from "zod";
import { idParam } from "./fields";
import { messages } from "./messages";

export const LINK_MAX_LENGTH = 2000;

/** The two kinds of organization links. */
export const organizationLinkKinds = ["wishlist", "marketplace"] as const;
export type OrganizationLinkKind = (typeof organizationLinkKinds)[number];

// Whitespace anywhere (incl. non-breaking and zero-width) and C0/C1 control characters.
const STRIP = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/g;

/** Trim and remove whitespace and control characters ("  amazon.com/ wish\n" -> "amazon.com/wish"). */
export function cleanLink(raw: string): string {
  return raw.replace(STRIP, "");
}

/**
 * Clean a link and give it a scheme. Returns the normalized URL, or an error message
 * (messages.links.required / messages.organizationLinks.*).
 */
export function normalizeLink(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  const cleaned = cleanLink(raw);
  if (cleaned === "") return { ok: false, message: messages.links.required };
  let candidate: string;
  if (/^https?:\/\//i.test(cleaned)) {
    candidate = cleaned;
  } else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(cleaned)) {
    // Any other scheme (javascript:, data:, vbscript:, file:, mailto:, ftp:...).
    return { ok: false, message: messages.organizationLinks.unsafe };
  } else {
    candidate = `http://${cleaned.replace(/^\/+/, "")}`;
  }
  if (candidate.length > LINK_MAX_LENGTH) return { ok: false, message: messages.organizationLinks.tooLong };
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: messages.organizationLinks.invalid };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: messages.organizationLinks.unsafe };
  const host = url.hostname;
  if (!host || (!host.includes(".") && host !== "localhost") || host.startsWith(".") || host.endsWith(".")) {
    return { ok: false, message: messages.organizationLinks.invalid };
  }
  if (url.username || url.password) return { ok: false, message: messages.organizationLinks.invalid };
  // Keep what the user typed (after cleaning and the added scheme); URL only validates it.
  return { ok: true, url: candidate };
}

/** One link as typed -> the normalized URL (zod: errors carry the messages above). */
export const organizationLinkField = z
  .string({ error: messages.links.required })
  .transform((raw, ctx) => {
    const result = normalizeLink(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.url;
  });

/** POST /api/saveWishlist body: { _id: organization id, wishlist: link }. */
export const saveWishlistSchema = z.object({ _id: idParam, wishlist: organizationLinkField });
/** POST /api/saveMarketplace body: { _id: organization id, marketplace: link }. */
export const saveMarketplaceSchema = z.object({ _id: idParam, marketplace: organizationLinkField });
/** POST /api/deleteWishlist and /api/deleteMarketplace body: { _id: organization id, linkId }. */
export const deleteOrganizationLinkSchema = z.object({ _id: idParam, linkId: idParam });
/** The add-link form of the links manager. */
export const addLinkFormSchema = z.object({ link: organizationLinkField });

/**
 * Spec section 9: links are shown truncated at 40 characters (same rule as
 * lib/services/organizations/list-organization-links.ts, usable in client components).
 */
export function truncateLinkForDisplay(url: string): string {
  return url.length > 40 ? `${url.slice(0, 40)}…` : url;
}
