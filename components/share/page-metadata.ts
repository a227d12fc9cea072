/**
 * Metadata of public pages: canonical URL, OpenGraph and Twitter card with the generated
 * preview image, all absolute against the public base URL (NEXTAUTH_URL).
 */
import type { Metadata } from "next";
import { baseUrl } from "@/lib/env";

/**
 * Metadata for a public, indexable page.
 * @param path the canonical path, e.g. "/nonprofit/abc".
 */
export function publicPageMetadata(input: { title: string; description: string; path: string; absoluteTitle?: boolean }): Metadata {
  const base = baseUrl();
  // The preview image comes from the nearest opengraph-image file (app/opengraph-image.tsx, or
  // the profile's own): Next adds og:image itself and X falls back to og:image.
  return {
    metadataBase: new URL(base),
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description: input.description,
    alternates: { canonical: `${base}${input.path}` },
    openGraph: { type: "website", siteName: "Givebridge", title: input.title, description: input.description, url: `${base}${input.path}` },
    twitter: { card: "summary_large_image", title: input.title, description: input.description },
  };
}

/** The absolute URL of a path on the public site (for share links). */
export function absoluteUrl(path: string): string {
  return `${baseUrl()}${path}`;
}
