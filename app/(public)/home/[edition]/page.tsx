import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { HomeView } from "./_components/home-view";

/** Served from cache; re-rendered at most every minute, and at once when a featured fundraiser changes (lib/cache/public-pages.ts). */
export const revalidate = 60;

/**
 * Home is served at "/" from this internal address (the proxy rewrites it: lib/cache/cached-pages.ts
 * HOME_ROUTE), because a page under a dynamic segment is rendered on its first request, not at
 * build time, when there is no database to read the featured fundraisers from.
 */
export function generateStaticParams(): { edition: string }[] {
  return [];
}

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Givebridge | Giving that connects nonprofits and donors",
    absoluteTitle: true,
    description:
      "Find US nonprofits by cause or location, give to live fundraisers, and track your impact. Nonprofits get one dashboard for fundraising, payments and partnerships.",
    path: "/",
  });
}

/** "/", cached for every visitor. */
export default async function HomePage({ params }: { params: Promise<{ edition: string }> }) {
  if ((await params).edition !== "anonymous") notFound();
  return <HomeView />;
}
