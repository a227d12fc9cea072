/**
 * The Manage Donations transaction table (spec sections 2, 4 and 9): Date (UTC), Donor Email
 * (only when shared, else "Not shared"), Fundraiser or "Direct Donation", Amount in dollars
 * with two decimals, and Status (Failed opens a reason popup). Newest first, as given.
 * A table from the md breakpoint; a list of cards on phones so nothing scrolls sideways.
 */
import { formatCents } from "@/lib/money";
import type { ReportDonation } from "@/lib/services/reports/donation-report";
import { FailedStatusButton } from "./failed-status-button";

const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Jun 10, 2026" (UTC day). */
export function reportDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

function Status({ d }: { d: ReportDonation }) {
  if (d.status === "failed") return <FailedStatusButton reason={d.reason} date={reportDay(d.createdAt)} amount={formatCents(d.amount)} />;
  return <span className={d.statusLabel === "Completed" ? "text-emerald-800" : "text-ink"}>{d.statusLabel}</span>;
}

function Email({ value }: { value: string | null }) {
  return value ? <span className="break-all">{value}</span> : <span className="text-ink-muted italic">Not shared</span>;
}

export function DonationTable({ donations, caption }: { donations: ReportDonation[]; caption: string }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table" data-testid="donation-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Date</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Donor Email</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Fundraiser</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Amount</th>
            <th scope="col" className="py-2 font-semibold">Status</th>
          </tr>
        </thead>
        <tbody>
          {donations.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 align-top">
              <td className="py-2.5 pr-3 whitespace-nowrap">
                <time dateTime={d.createdAt}>{reportDay(d.createdAt)}</time>
              </td>
              <td className="py-2.5 pr-3">
                <Email value={d.donorEmail} />
              </td>
              <td className="py-2.5 pr-3 break-words">{d.fundraiser}</td>
              <td className="py-2.5 pr-3 text-right tabular-nums whitespace-nowrap">{formatCents(d.amount)}</td>
              <td className="py-2.5">
                <Status d={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {donations.map((d) => (
          <li key={d.id} className="rounded-control border border-slate-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <time dateTime={d.createdAt} className="font-medium">
                {reportDay(d.createdAt)}
              </time>
              <span className="font-semibold tabular-nums">{formatCents(d.amount)}</span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-ink-muted">Donor Email</dt>
              <dd className="min-w-0">
                <Email value={d.donorEmail} />
              </dd>
              <dt className="text-ink-muted">Fundraiser</dt>
              <dd className="min-w-0 break-words">{d.fundraiser}</dd>
              <dt className="text-ink-muted">Status</dt>
              <dd>
                <Status d={d} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
