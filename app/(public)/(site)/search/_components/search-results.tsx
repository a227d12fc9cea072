"use client";

import Link from "next/link";
import { CalendarDays, MapPin, SearchX } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FundraiserCard } from "@/components/fundraisers/fundraiser-progress";
import type { FundraiserSearchHit } from "@/lib/search/fundraisers";
import type { EventSearchHit } from "@/lib/search/events";
import type { NonprofitSearchHit } from "@/lib/search/nonprofits";
import type { SearchAnswer as FullSearchAnswer } from "@/lib/search/search-engine";
import type { SearchPageRequest } from "@/lib/search/search-page-params";

/** GET /api/search's answer, whichever the category (lib/search/search-engine.ts). */
type SearchAnswer = Pick<FullSearchAnswer, "total" | "totalCapped" | "results">;

type Loaded = { query: string } & ({ ok: true; answer: SearchAnswer } | { ok: false; message: string });

/** Results the server already found: `answer` for the API query `query` (SearchPageRequest.apiQuery). */
export type InitialResults = { query: string; answer: SearchAnswer };

/**
 * Where the results' links lead: other pages of the same search, all its results on one page
 * or fewer per page, and the empty search (./search-view.tsx resultLinks builds them, next to
 * the URL parser, so this module does not carry it).
 */
export type ResultLinks = { previous: string; next: string; showAll: string; browseAll: string };

const eventDate = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

function NonprofitList({ hits }: { hits: NonprofitSearchHit[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-label="Nonprofits">
      {hits.map((o) => (
        <li key={o._id}>
          <Link href={`/nonprofit/${o._id}`} className="flex items-center gap-4 p-4 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500">
            <UserAvatar src={o.logo} kind="organization" size={48} />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words text-ink">{o.name}</span>
              <span className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-ink-muted">
                {o.city || o.state ? (
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {[o.city, o.state].filter(Boolean).join(", ")}
                    {o.distanceMiles !== null ? ` · ${o.distanceMiles} mi` : ""}
                  </span>
                ) : null}
                {o.category ? <span>{o.category}</span> : null}
                {o.einFormatted ? <span>EIN {o.einFormatted}</span> : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FundraiserList({ hits }: { hits: FundraiserSearchHit[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Fundraisers">
      {hits.map((c) => (
        <li key={c._id} className="rounded-card border border-slate-200 bg-white p-4">
          <FundraiserCard fundraiser={c} />
        </li>
      ))}
    </ul>
  );
}

function EventList({ hits }: { hits: EventSearchHit[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-label="Events">
      {hits.map((e) => (
        <li key={e._id}>
          <Link href={`/event/${e._id}`} className="flex items-start gap-4 p-4 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500">
            <CalendarDays className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words text-ink">{e.name}</span>
              <span className="mt-0.5 block text-sm text-ink-muted">
                {eventDate(e.startsAt)}
                {e.city ? ` · ${[e.city, e.state].filter(Boolean).join(", ")}` : ""} · {e.organization.name}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The results list of `search`'s category, or null when there are none. */
function resultList(search: SearchPageRequest, answer: SearchAnswer): ReactNode {
  if (answer.results.length === 0) return null;
  if (search.searchCategory === "NonProfits") return <NonprofitList hits={answer.results as NonprofitSearchHit[]} />;
  if (search.searchCategory === "Campaigns") return <FundraiserList hits={answer.results as FundraiserSearchHit[]} />;
  return <EventList hits={answer.results as EventSearchHit[]} />;
}

function nothingFound(search: SearchPageRequest): { title: string; text: string } {
  const q = search.queryString;
  if (search.searchCategory === "Events") return { title: q ? `No events match “${q}”` : "No upcoming events match", text: "Try other dates or places, or look for nonprofits and fundraisers near you." };
  if (search.searchCategory === "Campaigns") return { title: q ? `No fundraisers match “${q}”` : "No fundraisers match", text: "Try fewer words or other filters, or browse the nonprofits themselves." };
  return { title: q ? `No nonprofits match “${q}”` : "No nonprofits match", text: "Check the spelling, try fewer words, widen the distance, or search by the organization's city or cause." };
}

/** Placeholder rows while results load (announced as busy to screen readers). */
export function SearchResultsLoading() {
  return (
    // At least a screen tall: shorter, it left the footer in view, and the results pushed it
    // away when they came (a layout shift of 0.17 on a phone).
    <div aria-busy="true" aria-live="polite" className="mt-4 min-h-dvh" data-testid="search-loading">
      <p className="sr-only">Loading results…</p>
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex items-center gap-4 p-4">
            <span className="size-12 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The results of `search`: the count line, the list (or what to try when nothing matched),
 * "Show all results" and Previous/Next. They are `initial` when the server sent them with the
 * page, else they load from GET /api/search. A parameter the page could not use, or one the
 * server refuses, is shown as an alert above the results. The links to other searches (pages,
 * "Show all results") are not prefetched: each is a search the server would run for a page the
 * visitor may never open.
 */
export function SearchResults({
  search,
  links,
  failedMessage,
  initial = null,
}: {
  search: SearchPageRequest;
  links: ResultLinks;
  /** Shown when the results cannot load at all (offline): messages.generic.server, as the API client says. */
  failedMessage: string;
  initial?: InitialResults | null;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(initial ? { query: initial.query, ok: true, answer: initial.answer } : null);
  const query = search.apiQuery;
  // The results the page arrived with are shown as they are: no second search for them.
  const arrivedWith = useRef(initial?.query);
  useEffect(() => {
    if (arrivedWith.current === query) return;
    arrivedWith.current = undefined;
    let live = true;
    // The API client (and the message catalogue it carries) loads only for a search the server
    // did not answer with the page: the cached page of a search arrives with its results.
    void import("@/lib/client/request")
      .then(({ requestJson }) => requestJson<SearchAnswer>(`/api/search?${query}`))
      .then(
        (r) => {
          if (live) setLoaded(r.ok ? { query, ok: true, answer: r.data } : { query, ok: false, message: r.message });
        },
        () => {
          if (live) setLoaded({ query, ok: false, message: failedMessage });
        },
      );
    return () => {
      live = false;
    };
  }, [query, failedMessage]);

  if (!loaded || loaded.query !== query) {
    return (
      <>
        {search.problem ? <Problem message={search.problem} /> : null}
        <SearchResultsLoading />
      </>
    );
  }
  const answer: SearchAnswer = loaded.ok ? loaded.answer : { total: 0, results: [] };
  const problem = search.problem ?? (loaded.ok ? null : loaded.message);
  const { offset, pageSize, showAll } = search;
  const total = answer.total;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + pageSize, total);
  const list = resultList(search, answer);
  const nothing = nothingFound(search);

  return (
    <>
      {problem ? <Problem message={problem} /> : null}
      <div className="mt-4 mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {total > 0 ? `Showing ${from}–${to} of ${total.toLocaleString("en-US")}${answer.totalCapped ? "+" : ""} results` : null}
        </p>
        {total > pageSize || showAll ? (
          <Link prefetch={false} href={links.showAll} className="text-sm font-semibold text-brand-700 hover:underline">
            {showAll ? "Show fewer per page" : "Show all results"}
          </Link>
        ) : null}
      </div>
      {list ?? (
        <EmptyState
          icon={<SearchX className="size-8" aria-hidden="true" />}
          title={nothing.title}
          description={nothing.text}
          action={
            <LinkButton href={links.browseAll} prefetch={false} variant="outline" size="sm">
              Browse all nonprofits
            </LinkButton>
          }
        />
      )}
      {total > pageSize ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
          {offset > 0 ? (
            <LinkButton href={links.previous} prefetch={false} variant="outline" size="sm">
              Previous
            </LinkButton>
          ) : (
            <span />
          )}
          {offset + pageSize < total ? (
            <LinkButton href={links.next} prefetch={false} variant="outline" size="sm">
              Next
            </LinkButton>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
