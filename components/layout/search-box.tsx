"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, type FormEvent } from "react";
import { cn } from "@/components/ui/cn";
import { searchHref } from "./routes";

export const SEARCH_PLACEHOLDER = "Search by cause or location";

export type SearchBoxProps = {
  size?: "md" | "lg";
  defaultValue?: string;
  className?: string;
  /** Called after navigating (e.g. to close the mobile drawer). */
  onSearched?: () => void;
};

/**
 * The nonprofit search box: Enter or the search button goes to
 * /search?queryString=<typed text>&searchCategory=NonProfits. Works without JavaScript too
 * (a GET form with the same parameters). The box is uncontrolled: the submission reads what it
 * holds, so text typed before the page's code ran is searched, not dropped.
 */
export function SearchBox({ size = "md", defaultValue = "", className, onSearched }: SearchBoxProps) {
  const router = useRouter();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get("queryString");
    router.push(searchHref(typeof query === "string" ? query.trim() : "", "NonProfits"));
    onSearched?.();
  }

  const large = size === "lg";
  return (
    <form role="search" action="/search" method="get" onSubmit={onSubmit} className={cn("relative w-full", className)}>
      <label htmlFor={id} className="sr-only">
        Search nonprofits by cause or location
      </label>
      <input
        id={id}
        type="search"
        name="queryString"
        defaultValue={defaultValue}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        className={cn(
          "block w-full rounded-full border border-slate-300 bg-white text-ink shadow-xs placeholder:text-ink-subtle",
          "hover:border-slate-400 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500",
          large ? "h-14 pr-14 pl-5 text-base sm:pr-16 sm:pl-6 sm:text-lg" : "h-11 pr-12 pl-4 text-[0.95rem]",
        )}
      />
      <input type="hidden" name="searchCategory" value="NonProfits" />
      <button
        type="submit"
        aria-label="Search"
        className={cn(
          "absolute top-1/2 flex -translate-y-1/2 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800",
          large ? "right-2 size-10" : "right-1.5 size-8",
        )}
      >
        <Search className={large ? "size-5" : "size-4"} aria-hidden="true" />
      </button>
    </form>
  );
}
