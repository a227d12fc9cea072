/**
 * Navigation and content links by key. Most menu entries point at the external content site;
 * their URLs come from the CONTENT_LINKS variable (a JSON object of key -> URL), e.g.
 *   CONTENT_LINKS='{"blog":"https://blog.example.org","grantCentral":"https://example.org/grants"}'
 * Unknown keys and bad values are ignored. A key with neither a configured URL nor a page of
 * ours goes to /404 (spec section 2: "Link buttons without a target go to /404").
 *
 * Server only (it reads the environment): resolve the map in a server component and pass it
 * to client components as props.
 */
import { serverEnv } from "@/lib/env";

/** Where a link with no target goes. */
export const NO_TARGET = "/404";

/** Search paths (spec: /search with queryString and searchCategory). */
export const searchHref = (queryString = "", searchCategory: "NonProfits" | "Campaigns" = "NonProfits") =>
  `/search?queryString=${encodeURIComponent(queryString)}&searchCategory=${searchCategory}`;

/**
 * Every link key with its default. Internal defaults exist where Givebridge itself has the
 * answer (how it works, the FAQ, pricing, the legal pages); the rest are the content site's,
 * set by the operator in CONTENT_LINKS, and go to NO_TARGET until then.
 */
const DEFAULTS = {
  // Explore
  charities: "/search?searchCategory=NonProfits&queryString=",
  fundraisers: "/search?searchCategory=Campaigns&queryString=",
  // For Donors
  donorsHowItWorks: "/how-it-works/donors",
  purposeMatch: NO_TARGET,
  donorResources: "/how-it-works/donors#resources",
  donorFaq: "/faq#donors",
  login: "/login",
  signup: "/signup",
  // For Charities
  charitiesHowItWorks: "/how-it-works/charities",
  grantCentral: NO_TARGET,
  plansPricing: "/pricing",
  communityForum: NO_TARGET,
  influencersForGood: NO_TARGET,
  charitiesFaq: "/faq#charities",
  charityResources: "/how-it-works/charities#resources",
  // About
  aboutUs: "/about",
  testimonials: NO_TARGET,
  blog: NO_TARGET,
  aboutFaq: "/faq",
  contactUs: "/contact",
  // Nonprofit tools (avatar menu and dashboard tiles)
  searchForGrants: NO_TARGET,
  collaborateWithInfluencers: NO_TARGET,
  grantWriters: NO_TARGET,
  help: "/faq",
  // Legal
  terms: "/terms",
  privacy: "/privacy",
  // Social
  facebook: NO_TARGET,
  x: NO_TARGET,
  linkedin: NO_TARGET,
  instagram: NO_TARGET,
} as const satisfies Record<string, string>;

export type LinkKey = keyof typeof DEFAULTS;
/** A resolved href for every link key; safe to pass to client components. */
export type SiteLinks = Readonly<Record<LinkKey, string>>;

export const LINK_KEYS = Object.keys(DEFAULTS) as LinkKey[];
export const DEFAULT_LINKS: SiteLinks = DEFAULTS;

/** Accept absolute http(s) and mailto: URLs, and site-relative paths ("/x", not "//x"). */
export function isAcceptableHref(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const v = value.trim();
  if (v.length === 0 || v.length > 2000) return false;
  if (v.startsWith("/")) return !v.startsWith("//") && !v.includes("\\");
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:";
  } catch {
    return false;
  }
}

/** True when the href leaves the site (absolute URL or mailto:). */
export function isExternalHref(href: string): boolean {
  return !href.startsWith("/");
}

/**
 * Merge a CONTENT_LINKS JSON string over the defaults. Never throws: invalid JSON, a value that
 * is not an object, unknown keys and unacceptable URLs are ignored.
 */
export function parseContentLinks(raw: string | undefined): SiteLinks {
  const links: Record<LinkKey, string> = { ...DEFAULTS };
  if (!raw || raw.trim() === "") return links;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return links;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return links;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (Object.prototype.hasOwnProperty.call(DEFAULTS, key) && isAcceptableHref(value)) {
      links[key as LinkKey] = value.trim();
    }
  }
  return links;
}

let cache: { raw: string | undefined; links: SiteLinks } | undefined;

/** The site's links: CONTENT_LINKS over the defaults (memoized per value of the variable). */
export function siteLinks(): SiteLinks {
  const raw = serverEnv().CONTENT_LINKS;
  if (cache && cache.raw === raw) return cache.links;
  const links = Object.freeze(parseContentLinks(raw));
  cache = { raw, links };
  return links;
}
