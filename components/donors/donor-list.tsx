/**
 * The Donors view's list: a table from the md breakpoint, a list of cards on phones (nothing
 * scrolls sideways at 360 px). Each donor shows what they shared (a field they did not share is
 * "Not shared"), lifetime giving, number of gifts, largest gift, first and last gift (days in
 * the organization's time zone), monthly-gift status and the organization's tags; the name
 * links to the donor's page. The anonymous line closes the list when given.
 */
import Link from "next/link";
import { formatCents } from "@/lib/money";
import type { AnonymousLine, DonorRow } from "@/lib/services/donor-relationships/donors-view";
import { formatDayInTimeZone } from "@/lib/time/zoned-time";

/** The donor page's URL of a donor key. */
export function donorHref(donorKey: string): string {
  return `/manage-pay/donors/${encodeURIComponent(donorKey)}`;
}

const day = (iso: string, timeZone: string) => formatDayInTimeZone(iso, timeZone, { weekday: false });

/** "Ada Lovelace", else the email, else "Donor". */
export function donorLabel(d: Pick<DonorRow, "name" | "email">): string {
  return d.name ?? d.email ?? "Donor";
}

function NotShared() {
  return <span className="text-ink-muted italic">Not shared</span>;
}

export function MonthlyBadge({ status }: { status: DonorRow["monthly"] }) {
  if (status === "none") return <span className="text-ink-muted">No</span>;
  return status === "active" ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Active</span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Lapsed</span>
  );
}

/** The fields besides name and email that the donor's newest gift shared, as "label: value". */
export function sharedExtras(d: DonorRow): [string, string][] {
  const out: [string, string][] = [];
  if (d.telephone) out.push(["Telephone", d.telephone]);
  if (d.location) out.push(["Location", d.location]);
  if (d.gender) out.push(["Gender", d.gender]);
  if (d.ageRange) out.push(["Age", d.ageRange]);
  return out;
}

export function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
          {t}
        </li>
      ))}
    </ul>
  );
}

function Extras({ d }: { d: DonorRow }) {
  const extras = sharedExtras(d);
  if (!extras.length) return <span className="text-ink-muted">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {extras.map(([k, v]) => (
        <li key={k}>
          <span className="text-ink-muted">{k}:</span> <span className="break-words">{v}</span>
        </li>
      ))}
    </ul>
  );
}

export function DonorList({ donors, anonymous, timeZone, caption }: { donors: DonorRow[]; anonymous: AnonymousLine | null; timeZone: string; caption: string }) {
  const anonymousText = anonymous && anonymous.giftCount > 0 ? `${anonymous.giftCount.toLocaleString("en-US")} gift${anonymous.giftCount === 1 ? "" : "s"}` : null;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table" data-testid="donor-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Donor</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Lifetime</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Gifts</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Largest</th>
            <th scope="col" className="py-2 pr-3 font-semibold">First gift</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Last gift</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Monthly</th>
            <th scope="col" className="py-2 font-semibold">Also shared</th>
          </tr>
        </thead>
        <tbody>
          {donors.map((d) => (
            <tr key={d.donorKey} className="border-b border-slate-100 align-top">
              <td className="max-w-64 py-2.5 pr-3">
                <Link href={donorHref(d.donorKey)} className="font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
                  {donorLabel(d)}
                </Link>
                <span className="block text-xs break-all">{d.email && d.name ? d.email : d.email ? null : <NotShared />}</span>
                <div className="mt-1">
                  <Tags tags={d.tags} />
                </div>
              </td>
              <td className="py-2.5 pr-3 text-right font-semibold tabular-nums whitespace-nowrap">{formatCents(d.lifetimeCents)}</td>
              <td className="py-2.5 pr-3 text-right tabular-nums">{d.giftCount.toLocaleString("en-US")}</td>
              <td className="py-2.5 pr-3 text-right tabular-nums whitespace-nowrap">{formatCents(d.largestGiftCents)}</td>
              <td className="py-2.5 pr-3 whitespace-nowrap">
                <time dateTime={d.firstGiftAt}>{day(d.firstGiftAt, timeZone)}</time>
              </td>
              <td className="py-2.5 pr-3 whitespace-nowrap">
                <time dateTime={d.lastGiftAt}>{day(d.lastGiftAt, timeZone)}</time>
              </td>
              <td className="py-2.5 pr-3">
                <MonthlyBadge status={d.monthly} />
              </td>
              <td className="py-2.5">
                <Extras d={d} />
              </td>
            </tr>
          ))}
          {anonymousText && anonymous ? (
            <tr className="align-top text-ink-muted" data-testid="anonymous-donors">
              <th scope="row" className="py-2.5 pr-3 text-left font-semibold">
                Anonymous donors
                <span className="block text-xs font-normal">Gifts that shared neither a name nor an email</span>
              </th>
              <td className="py-2.5 pr-3 text-right font-semibold tabular-nums">{formatCents(anonymous.totalCents)}</td>
              <td className="py-2.5 pr-3 text-right tabular-nums">{anonymous.giftCount.toLocaleString("en-US")}</td>
              <td colSpan={5} />
            </tr>
          ) : null}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label={caption} data-testid="donor-cards">
        {donors.map((d) => (
          <li key={d.donorKey} className="rounded-control border border-slate-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <Link href={donorHref(d.donorKey)} className="min-w-0 font-semibold break-words text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
                {donorLabel(d)}
              </Link>
              <span className="font-semibold tabular-nums whitespace-nowrap">{formatCents(d.lifetimeCents)}</span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-ink-muted">Email</dt>
              <dd className="min-w-0 break-all">{d.email ?? <NotShared />}</dd>
              <dt className="text-ink-muted">Gifts</dt>
              <dd>
                {d.giftCount.toLocaleString("en-US")} (largest {formatCents(d.largestGiftCents)})
              </dd>
              <dt className="text-ink-muted">First gift</dt>
              <dd>
                <time dateTime={d.firstGiftAt}>{day(d.firstGiftAt, timeZone)}</time>
              </dd>
              <dt className="text-ink-muted">Last gift</dt>
              <dd>
                <time dateTime={d.lastGiftAt}>{day(d.lastGiftAt, timeZone)}</time>
              </dd>
              <dt className="text-ink-muted">Monthly</dt>
              <dd>
                <MonthlyBadge status={d.monthly} />
              </dd>
              {sharedExtras(d).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-ink-muted">{k}</dt>
                  <dd className="min-w-0 break-words">{v}</dd>
                </div>
              ))}
            </dl>
            {d.tags.length ? (
              <div className="mt-2">
                <Tags tags={d.tags} />
              </div>
            ) : null}
          </li>
        ))}
        {anonymousText && anonymous ? (
          <li className="rounded-control border border-dashed border-slate-300 p-3 text-sm text-ink-muted" data-testid="anonymous-donors-card">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold">Anonymous donors</span>
              <span className="font-semibold tabular-nums">{formatCents(anonymous.totalCents)}</span>
            </div>
            <p className="mt-1">{anonymousText} that shared neither a name nor an email</p>
          </li>
        ) : null}
      </ul>
    </>
  );
}
