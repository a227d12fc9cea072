import Link from "next/link";
import { Search } from "lucide-react";
import { BrandLink } from "@/components/layout/brand-link";
import { cn } from "@/components/ui/cn";
import { searchCategories, type SearchCategory } from "@/lib/validations/search";

const labels: Record<SearchCategory, string> = { NonProfits: "Nonprofits", Campaigns: "Fundraisers", Events: "Events" };

/** The search page's own header (the top bar is not shown on /search): brand, query box, categories. */
export function SearchHeader({ queryString, searchCategory }: { queryString: string; searchCategory: SearchCategory }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <BrandLink />
          <form action="/search" method="get" role="search" className="flex flex-1 items-center gap-2">
            <input type="hidden" name="searchCategory" value={searchCategory} />
            <label htmlFor="search-query" className="sr-only">
              Search by cause or location
            </label>
            <input
              id="search-query"
              name="queryString"
              type="search"
              defaultValue={queryString}
              placeholder="Search by cause or location"
              className="h-11 min-w-0 flex-1 rounded-control border border-slate-300 px-3.5 text-base focus-visible:outline-3 focus-visible:outline-brand-500"
            />
            <button
              type="submit"
              aria-label="Search"
              className="flex size-11 items-center justify-center rounded-control bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <Search className="size-5" aria-hidden="true" />
            </button>
          </form>
        </div>
        <nav aria-label="Search categories">
          <ul className="flex flex-wrap gap-1">
            {searchCategories.map((c) => (
              <li key={c}>
                <Link
                  // Not prefetched: each category is a search the server would run for nothing.
                  prefetch={false}
                  href={`/search?queryString=${encodeURIComponent(queryString)}&searchCategory=${c}`}
                  aria-current={c === searchCategory ? "page" : undefined}
                  className={cn(
                    "inline-block rounded-full px-3 py-1.5 text-sm font-semibold sm:px-4",
                    c === searchCategory ? "bg-brand-700 text-white" : "text-ink-muted hover:bg-brand-50 hover:text-ink",
                  )}
                >
                  {labels[c]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
