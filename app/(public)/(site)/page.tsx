import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { HomeView } from "./_components/home-view";

/** Served from cache; re-rendered at most every minute, and at once when a featured fundraiser changes (lib/cache/public-pages.ts). */
export const revalidate = 60;

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Givebridge | Giving that connects nonprofits and donors",
    absoluteTitle: true,
    description:
      "Find US nonprofits by cause or location, give to live fundraisers, and track your impact. Nonprofits get one dashboard for fundraising, payments and partnerships.",
    path: "/",
  });
}

/** "/", cached for every visitor, signed in or not (lib/cache/cached-pages.ts). */
export default function HomePage() {
  return <HomeView />;
}
