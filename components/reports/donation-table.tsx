/**
 * The Manage Donations transaction table (spec sections 2, 4 and 9): Date and time in the
 * organization's time zone with the zone's name ("Jun 10, 2026, 2:00 PM EDT"), Donor Email
 * (only when shared, else "Not shared"), Fundraiser or "Direct Donation", Amount in dollars
 * with two decimals, and Status (Failed opens a reason popup); a completed donation has a
 * Refund action, a gift recorded offline its receipt and Delete (and its payment type,
 * "Offline: Check", under its amount). Newest first, as given.
 * A table from the md breakpoint; a list of cards on phones so nothing scrolls sideways.
 */
import { formatCents } from "@/lib/money";
import type { ReportDonation } from "@/lib/services/reports/donation-report";
import { formatDayInTimeZone, formatInTimeZone } from "@/lib/time/zoned-time";
import { FailedStatusButton } from "./failed-status-button";
import { OfflineGiftActions } from "./offline-gift-actions";
import { EditOfflineGiftButton } from "./offline-gift-dialog";
import { RefundButton } from "./refund-button";

/** "Jun 10, 2026" (the day in `timeZone`). */
export function reportDay(iso: string, timeZone: string): string {
  return formatDayInTimeZone(iso, timeZone, { weekday: false });
}

/** The gift's day and time in the organization's zone, the zone named: "Jun 10, 2026, 2:00 PM EDT". */
function When({ iso, timeZone, className }: { iso: string; timeZone: string; className?: string }) {
  return (
    <time dateTime={iso} className={className} data-testid="donation-time">
      {reportDay(iso, timeZone)}, <span className="whitespace-nowrap">{formatInTimeZone(iso, timeZone, { timeOnly: true })}</span>
    </time>
  );
}

function Status({ d, timeZone }: { d: ReportDonation; timeZone: string }) {
  if (d.status === "failed") return <FailedStatusButton reason={d.reason} date={reportDay(d.createdAt, timeZone)} amount={formatCents(d.amount)} />;
  return <span className={!d.status || d.status === "succeeded" ? "text-emerald-800" : "text-ink"}>{d.statusLabel}</span>;
}

/** For correcting gifts recorded offline: the organization and its fundraisers. */
type OfflineEditing = { organizationId: string; fundraisers: { id: string; name: string }[]; timeZone: string };

/** The Refund action of a completed donation; a gift recorded offline has Edit, its receipt and Delete instead; nothing for other statuses. */
function Refund({ d, timeZone, editing }: { d: ReportDonation; timeZone: string; editing?: OfflineEditing }) {
  if (d.recordedOffline) {
    const date = reportDay(d.createdAt, timeZone);
    return (
      <span className="inline-flex flex-wrap justify-end gap-2">
        {editing ? <EditOfflineGiftButton {...editing} donationId={d.id} what={`${d.paymentType} gift of ${formatCents(d.amount)} received ${date}`} /> : null}
        <OfflineGiftActions donationId={d.id} amount={formatCents(d.amount)} date={date} paymentType={d.paymentType} />
      </span>
    );
  }
  return d.status === "succeeded" ? <RefundButton donationId={d.id} amount={formatCents(d.amount)} date={reportDay(d.createdAt, timeZone)} /> : null;
}

function Email({ value }: { value: string | null }) {
  return value ? <span className="break-all">{value}</span> : <span className="text-ink-muted italic">Not shared</span>;
}

export function DonationTable({ donations, caption, timeZone, editing }: { donations: ReportDonation[]; caption: string; timeZone: string; editing?: OfflineEditing }) {
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
            <th scope="col" className="py-2 pr-3 font-semibold">Status</th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {donations.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 align-top">
              <td className="py-2.5 pr-3">
                <When iso={d.createdAt} timeZone={timeZone} />
              </td>
              <td className="py-2.5 pr-3">
                <Email value={d.donorEmail} />
              </td>
              <td className="py-2.5 pr-3 break-words">
                {d.fundraiser}
                {d.tribute ? <span className="block text-xs text-ink-muted">{d.tribute}</span> : null}
              </td>
              <td className="py-2.5 pr-3 text-right tabular-nums whitespace-nowrap">
                {formatCents(d.amount)}
                {d.recordedOffline ? <span className="block text-xs text-ink-muted">{d.paymentType}</span> : null}
              </td>
              <td className="py-2.5 pr-3">
                <Status d={d} timeZone={timeZone} />
              </td>
              <td className="py-1.5 text-right">
                <Refund d={d} timeZone={timeZone} editing={editing} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {donations.map((d) => (
          <li key={d.id} className="rounded-control border border-slate-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <When iso={d.createdAt} timeZone={timeZone} className="font-medium" />
              <span className="text-right">
                <span className="font-semibold tabular-nums">{formatCents(d.amount)}</span>
                {d.recordedOffline ? <span className="block text-xs text-ink-muted">{d.paymentType}</span> : null}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-ink-muted">Donor Email</dt>
              <dd className="min-w-0">
                <Email value={d.donorEmail} />
              </dd>
              <dt className="text-ink-muted">Fundraiser</dt>
              <dd className="min-w-0 break-words">{d.fundraiser}</dd>
              {d.tribute ? (
                <>
                  <dt className="text-ink-muted">Tribute</dt>
                  <dd className="min-w-0 break-words">{d.tribute}</dd>
                </>
              ) : null}
              <dt className="text-ink-muted">Status</dt>
              <dd>
                <Status d={d} timeZone={timeZone} />
              </dd>
            </dl>
            {d.status === "succeeded" ? (
              <div className="mt-2">
                <Refund d={d} timeZone={timeZone} editing={editing} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
