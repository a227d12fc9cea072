import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CalendarDays, MapPin, SearchX } from "lucide-react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FundraiserCard } from "@/components/fundraisers/fundraiser-progress";
import { isAppError } from "@/lib/errors";
import { searchCampaigns, type CampaignSearchHit } from "@/lib/search/campaigns";
import { searchEvents, type EventSearchHit } from "@/lib/search/events";
import { searchNonprofits, type NonprofitSearchHit } from "@/lib/search/nonprofits";
import { campaignFiltersSchema, eventFiltersSchema, nonprofitFiltersSchema, searchPageSchema } from "@/lib/validations/search";
import { AdvancedFilters } from "./_components/advanced-filters";
import { filterKeys, type FilterValues } from "./_components/filter-keys";
import { SearchHeader } from "./_components/search-header";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).queryString)?.trim();
  return {
    ...publicPageMetadata({
      title: q ? `“${q.slice(0, 60)}”: search nonprofits` : "Search nonprofits, fundraisers and events",
      description: "Search every US tax-exempt organization by cause, name, city, state or ZIP code, and find fundraisers and events to support.",
      path: "/search?queryString=&searchCategory=NonProfits",
    }),
    // Result pages for arbitrary text are not worth indexing; the empty search is the canonical one.
    robots: q ? { index: false, follow: true } : undefined,
  };
}

function hrefWith(params: Record<string, string>, changes: Record<string, string>) {
  return `/search?${new URLSearchParams({ ...params, ...changes }).toString()}`;
}

const eventDate = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/**
 * /search — server-rendered search with its state in the URL (queryString, searchCategory
 * NonProfits/Campaigns/Events, the section 3 advanced filters, showAll, limit,
 * currentDisplayRecords). With no parameters it redirects to an empty NonProfits search.
 * No top bar here: the page has its own search header.
 */
export default async function SearchPage({ searchParams }: Props) {
  const raw = await searchParams;
  if (raw.queryString === undefined && raw.searchCategory === undefined) redirect("/search?queryString=&searchCategory=NonProfits");
  const parsed = searchPageSchema.safeParse({
    queryString: first(raw.queryString),
    searchCategory: first(raw.searchCategory),
    limit: first(raw.limit),
    currentDisplayRecords: first(raw.currentDisplayRecords),
  });
  const input = parsed.success ? parsed.data : searchPageSchema.parse({ queryString: first(raw.queryString)?.slice(0, 200) ?? "" });
  const { queryString, searchCategory, currentDisplayRecords: offset } = input;
  const showAll = first(raw.showAll) === "true";
  const limit = showAll ? 100 : input.limit;

  // Filters of the current category, as given in the URL.
  const values: FilterValues = {};
  for (const k of filterKeys(searchCategory)) {
    const v = first(raw[k])?.trim();
    if (v) values[k] = v.slice(0, 100);
  }
  const schema = searchCategory === "NonProfits" ? nonprofitFiltersSchema : searchCategory === "Campaigns" ? campaignFiltersSchema : eventFiltersSchema;
  const filters = schema.safeParse(values);
  let problem: string | null = !parsed.success ? (parsed.error.issues[0]?.message ?? null) : !filters.success ? (filters.error.issues[0]?.message ?? null) : null;

  const base: Record<string, string> = { queryString, searchCategory, ...values, ...(showAll ? { showAll: "true" } : {}), limit: String(input.limit) };

  let nonprofits: NonprofitSearchHit[] = [];
  let fundraisers: CampaignSearchHit[] = [];
  let eventHits: EventSearchHit[] = [];
  let total = 0;
  let capped = false;
  try {
    if (searchCategory === "NonProfits") {
      const f = filters.success ? (filters.data as typeof nonprofitFiltersSchema._output) : {};
      const r = await searchNonprofits({ query: queryString, limit, offset, filters: f });
      total = r.total;
      capped = r.totalCapped;
      nonprofits = r.results;
    } else if (searchCategory === "Campaigns") {
      const f = filters.success ? (filters.data as typeof campaignFiltersSchema._output) : {};
      const r = await searchCampaigns({ query: queryString, limit, offset, filters: f });
      total = r.total;
      fundraisers = r.results;
    } else {
      const f = filters.success ? (filters.data as typeof eventFiltersSchema._output) : {};
      const r = await searchEvents({ query: queryString, limit, offset, filters: f });
      total = r.total;
      eventHits = r.results;
    }
  } catch (err) {
    if (!isAppError(err) || err.status !== 400) throw err;
    problem = err.message;
  }

  const body: React.ReactNode = nonprofits.length ? (
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-label="Nonprofits">
        {nonprofits.map((o) => (
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
  ) : fundraisers.length ? (
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Fundraisers">
        {fundraisers.map((c) => (
          <li key={c._id} className="rounded-card border border-slate-200 bg-white p-4">
            <FundraiserCard fundraiser={c} />
          </li>
        ))}
      </ul>
  ) : eventHits.length ? (
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-label="Events">
        {eventHits.map((e) => (
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
  ) : null;

  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  const nothing =
    searchCategory === "Events"
      ? { title: queryString ? `No events match “${queryString}”` : "No upcoming events match", text: "Try other dates or places, or look for nonprofits and fundraisers near you." }
      : searchCategory === "Campaigns"
        ? { title: queryString ? `No fundraisers match “${queryString}”` : "No fundraisers match", text: "Try fewer words or other filters, or browse the nonprofits themselves." }
        : { title: queryString ? `No nonprofits match “${queryString}”` : "No nonprofits match", text: "Check the spelling, try fewer words, widen the distance, or search by the organization's city or cause." };

  return (
    <>
      <SearchHeader queryString={queryString} searchCategory={searchCategory} />
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="sr-only">Search results</h1>
        <AdvancedFilters key={`${searchCategory}:${JSON.stringify(values)}`} category={searchCategory} queryString={queryString} values={values} showAll={showAll} />
        {problem ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 mb-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {total > 0 ? `Showing ${from}–${to} of ${total.toLocaleString("en-US")}${capped ? "+" : ""} results` : null}
          </p>
          {total > limit || showAll ? (
            <Link href={hrefWith(base, showAll ? { showAll: "false", currentDisplayRecords: "0" } : { showAll: "true", currentDisplayRecords: "0" })} className="text-sm font-semibold text-brand-700 hover:underline">
              {showAll ? "Show fewer per page" : "Show all results"}
            </Link>
          ) : null}
        </div>
        {body ?? (
          <EmptyState
            icon={<SearchX className="size-8" aria-hidden="true" />}
            title={nothing.title}
            description={nothing.text}
            action={
              <LinkButton href="/search?queryString=&searchCategory=NonProfits" variant="outline" size="sm">
                Browse all nonprofits
              </LinkButton>
            }
          />
        )}
        {total > limit ? (
          <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
            {offset > 0 ? (
              <LinkButton href={hrefWith(base, { currentDisplayRecords: String(Math.max(0, offset - limit)) })} variant="outline" size="sm">
                Previous
              </LinkButton>
            ) : (
              <span />
            )}
            {offset + limit < total ? (
              <LinkButton href={hrefWith(base, { currentDisplayRecords: String(offset + limit) })} variant="outline" size="sm">
                Next
              </LinkButton>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
