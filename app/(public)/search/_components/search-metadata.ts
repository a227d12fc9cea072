import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";

/** The search page's metadata, the same for its shell and for each search's cached page (its <title> names the search: SearchView). */
export const searchPageMetadata: Metadata = publicPageMetadata({
  title: "Search nonprofits, fundraisers and events",
  description: "Search every US tax-exempt organization by cause, name, city, state or ZIP code, and find fundraisers and events to support.",
  path: "/search?queryString=&searchCategory=NonProfits",
});
