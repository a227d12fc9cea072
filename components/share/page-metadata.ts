/**
 * Metadata of public pages: canonical URL, OpenGraph and Twitter card with the generated
 * preview image, all absolute against the public base URL (PUBLIC_URL, else NEXTAUTH_URL: lib/env.ts baseUrl).
 */
import type { Metadata } from "next";
import { baseUrl } from "@/lib/env";

/**
 * Metadata for a public, indexable page.
 * @param path the canonical path, e.g. "/nonprofit/abc".
 * @param ownImage true when the page's segment has its own opengraph-image file.
 */
export function publicPageMetadata(input: { title: string; description: string; path: string; absoluteTitle?: boolean; ownImage?: boolean }): Metadata {
  const base = baseUrl();
  // With its own opengraph-image file (the profile's, the fundraiser's) Next adds og:image
  // itself. Without one, the site's image (app/opengraph-image.tsx) is named here: an
  // `openGraph` object in a page's metadata replaces the one inherited from the root, and
  // with it the root file's image.
  // (The key must be absent, not undefined, for the file's image to be used.)
  const images = input.ownImage ? {} : { images: [{ url: `${base}/opengraph-image`, width: 1200, height: 630, alt: "Givebridge: giving that connects nonprofits and donors" }] };
  return {
    metadataBase: new URL(base),
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description: input.description,
    alternates: { canonical: `${base}${input.path}` },
    openGraph: { type: "website", siteName: "Givebridge", title: input.title, description: input.description, url: `${base}${input.path}`, ...images },
    twitter: { card: "summary_large_image", title: input.title, description: input.description, ...images },
  };
}

/** The absolute URL of a path on the public site (for share links). */
export function absoluteUrl(path: string): string {
  return `${baseUrl()}${path}`;
}
