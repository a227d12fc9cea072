import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { searchPageTitle } from "@/lib/search/search-page-params";

const SEARCH_PAGE = {
  description: "Search every US tax-exempt organization by cause, name, city, state or ZIP code, and find fundraisers and events to support.",
  path: "/search?queryString=&searchCategory=NonProfits",
};

/** The search page's metadata: the shell's (which names no search), or one search's cached page's. */
export function searchPageMetadata(queryString = ""): Metadata {
  return publicPageMetadata({ title: searchPageTitle(queryString), absoluteTitle: true, ...SEARCH_PAGE });
}
