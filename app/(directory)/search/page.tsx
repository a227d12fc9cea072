import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { MapPin, SearchX } from "lucide-react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCents, truncateCampaignName } from "@/lib/money";
import { searchCampaignsByName } from "@/lib/search/campaigns";
import { searchNonprofitsByName } from "@/lib/search/nonprofits";
import { searchPageSchema, type SearchCategory } from "@/lib/validations/search";
import { SearchHeader } from "./_components/search-header";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).queryString)?.trim();
  return { title: q ? `“${q}” — search` : "Search nonprofits and fundraisers", alternates: { canonical: "/search" } };
}

function pageHref(category: SearchCategory, queryString: string, limit: number, offset: number) {
  const p = new URLSearchParams({ queryString, searchCategory: category, limit: String(limit), currentDisplayRecords: String(offset) });
  return `/search?${p.toString()}`;
}

/**
 * /search — server-rendered search with its state in the URL (queryString, searchCategory,
 * limit, currentDisplayRecords). With no parameters it redirects to an empty NonProfits search.
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
  const { queryString, searchCategory, limit, currentDisplayRecords: offset } = input;

  let body: React.ReactNode;
  let total = 0;
  if (searchCategory === "NonProfits") {
    const { total: n, results } = await searchNonprofitsByName({ query: queryString, limit, offset });
    total = n;
    body = (
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" aria-label="Nonprofits">
        {results.map((r) => (
          <li key={r._id}>
            <Link href={`/nonprofit/${r._id}`} className="flex items-center gap-4 p-4 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500">
              <UserAvatar src={r.logo} kind="organization" size={48} />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words text-ink">{r.name}</span>
                <span className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-ink-muted">
                  {r.city || r.state ? (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-3.5" aria-hidden="true" />
                      {[r.city, r.state].filter(Boolean).join(", ")}
                    </span>
                  ) : null}
                  {r.category ? <span>{r.category}</span> : null}
                  {r.einFormatted ? <span>EIN {r.einFormatted}</span> : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
    if (results.length === 0) body = null;
  } else if (searchCategory === "Campaigns") {
    const { total: n, results } = await searchCampaignsByName({ query: queryString, limit, offset });
    total = n;
    body =
      results.length === 0 ? null : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Fundraisers">
          {results.map((c) => (
            <li key={c._id} className="rounded-card border border-slate-200 bg-white p-4">
              <p className="font-semibold text-ink" title={c.name}>
                {truncateCampaignName(c.name)}
              </p>
              <Link href={`/nonprofit/${c.organization._id}`} className="text-sm text-brand-700 hover:underline">
                {c.organization.name}
              </Link>
              <ProgressBar
                value={c.progressCents}
                max={c.goalCents}
                label={`${c.name}: raised toward the goal`}
                valueText={`${formatCents(c.progressCents)} of ${formatCents(c.goalCents)}`}
                showPercent
                className="mt-3"
              />
              <p className="mt-1 text-sm text-ink-muted">
                {formatCents(c.progressCents)} raised of {formatCents(c.goalCents)}
              </p>
              <LinkButton href={`/donation/${c.organization._id}/${c._id}`} size="sm" variant="accent" className="mt-3">
                Donate
              </LinkButton>
            </li>
          ))}
        </ul>
      );
  } else {
    body = null;
  }

  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <>
      <SearchHeader queryString={queryString} searchCategory={searchCategory} />
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        {!parsed.success ? (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {parsed.error.issues[0]?.message}
          </p>
        ) : null}
        <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
          {total > 0 ? `Showing ${from}–${to} of ${total.toLocaleString("en-US")} results` : null}
        </p>
        {body ?? (
          <EmptyState
            icon={<SearchX className="size-8" aria-hidden="true" />}
            title={queryString ? `No results for “${queryString}”` : searchCategory === "Events" ? "No upcoming events yet" : "Nothing to show yet"}
            description={
              searchCategory === "Events"
                ? "Events from nonprofits will appear here. Try nonprofits or fundraisers meanwhile."
                : "Check the spelling, try fewer words, or search by the organization's city or cause."
            }
            action={
              <LinkButton href={pageHref("NonProfits", "", limit, 0)} variant="outline" size="sm">
                Browse all nonprofits
              </LinkButton>
            }
          />
        )}
        {total > limit ? (
          <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
            {offset > 0 ? (
              <LinkButton href={pageHref(searchCategory, queryString, limit, Math.max(0, offset - limit))} variant="outline" size="sm">
                Previous
              </LinkButton>
            ) : (
              <span />
            )}
            {offset + limit < total ? (
              <LinkButton href={pageHref(searchCategory, queryString, limit, offset + limit)} variant="outline" size="sm">
                Next
              </LinkButton>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
