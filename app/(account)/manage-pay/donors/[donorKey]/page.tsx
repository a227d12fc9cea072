import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DonorNoteEditor } from "@/components/donors/donor-note-editor";
import { donorLabel, MonthlyBadge, sharedExtras, Tags } from "@/components/donors/donor-list";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { offlineMethodLabel, type OfflineMethod } from "@/lib/donations/labels";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { formatCents } from "@/lib/money";
import { getDonor, type DonorDetail, type DonorGift } from "@/lib/services/donor-relationships/donors-view";
import { formatDayInTimeZone, timeZoneLabel } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Donor" };
export const dynamic = "force-dynamic";

/** The route parameter as the donor key: decoded once when it still carries percent escapes. */
function decodeKey(raw: string): string {
  try {
    return /%[0-9A-Fa-f]{2}/.test(raw) ? decodeURIComponent(raw) : raw;
  } catch {
    return raw;
  }
}

const how = (g: DonorGift) => (g.offlineMethod ? `Offline: ${offlineMethodLabel(g.offlineMethod as OfflineMethod)}` : g.monthly ? "Online, monthly" : "Online");
const day = (iso: string, timeZone: string) => formatDayInTimeZone(iso, timeZone, { weekday: false });

/**
 * /manage-pay/donors/{donorKey} — one donor of the organization (key URL-encoded): what they
 * shared, their totals, their gifts to this organization (days in the organization's time
 * zone, amount, fundraiser and tribute ("In honor of Jane Doe"), online or offline, status) and
 * the organization's private note and tags. A donor who no longer shares a name or email is
 * "not found". Members only.
 */
export default async function DonorPage({ params }: { params: Promise<{ donorKey: string }> }) {
  const { donorKey: raw } = await params;
  const donorKey = decodeKey(raw);
  const actor = await requireUserPage(`/manage-pay/donors/${encodeURIComponent(donorKey)}`, "nonprofit");
  const organizationId = actor.organizationId;
  if (!organizationId) notFound();

  let detail: DonorDetail | null = null;
  let error: string | null = null;
  try {
    detail = await getDonor({ actor, organizationId, donorKey });
  } catch (e) {
    if (isAppError(e) && e.status < 500) error = e.message;
    else {
      logger.error("donor page failed", { name: (e as Error)?.name });
      error = messages.donors.fetchFailed;
    }
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <LinkButton href="/manage-pay/donors" variant="ghost" size="sm">
        Back to donors
      </LinkButton>
      {error || !detail ? (
        <Alert variant="error" className="mt-6">
          {error ?? messages.donors.notFound}
        </Alert>
      ) : (
        <DonorDetailView detail={detail} organizationId={organizationId} />
      )}
    </section>
  );
}

function DonorDetailView({ detail, organizationId }: { detail: DonorDetail; organizationId: string }) {
  const { donor, gifts, timeZone } = detail;
  const extras = sharedExtras(donor);
  return (
    <>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words">{donorLabel(donor)}</h1>
      <p className="mt-1 text-ink-muted">Days are in your organization&apos;s time zone: {timeZoneLabel(timeZone)}.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <Card as="section" aria-labelledby="donor-summary-title">
            <h2 id="donor-summary-title" className="text-lg font-bold">
              Summary
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt className="text-ink-muted">Name</dt>
              <dd className="min-w-0 break-words">{donor.name ?? <span className="text-ink-muted italic">Not shared</span>}</dd>
              <dt className="text-ink-muted">Email</dt>
              <dd className="min-w-0 break-all">{donor.email ?? <span className="text-ink-muted italic">Not shared</span>}</dd>
              <dt className="text-ink-muted">Lifetime giving</dt>
              <dd className="font-semibold tabular-nums" data-testid="donor-lifetime">
                {formatCents(donor.lifetimeCents)}
              </dd>
              <dt className="text-ink-muted">Gifts</dt>
              <dd className="tabular-nums">{donor.giftCount.toLocaleString("en-US")}</dd>
              <dt className="text-ink-muted">Largest gift</dt>
              <dd className="tabular-nums">{formatCents(donor.largestGiftCents)}</dd>
              <dt className="text-ink-muted">Monthly gift</dt>
              <dd>
                <MonthlyBadge status={donor.monthly} />
              </dd>
              <dt className="text-ink-muted">First gift</dt>
              <dd>
                <time dateTime={donor.firstGiftAt}>{day(donor.firstGiftAt, timeZone)}</time>
              </dd>
              <dt className="text-ink-muted">Last gift</dt>
              <dd>
                <time dateTime={donor.lastGiftAt}>{day(donor.lastGiftAt, timeZone)}</time>
              </dd>
              {extras.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-ink-muted">{k}</dt>
                  <dd className="min-w-0 break-words">{v}</dd>
                </div>
              ))}
            </dl>
            {detail.tags.length ? (
              <div className="mt-3">
                <Tags tags={detail.tags} />
              </div>
            ) : null}
          </Card>

          <Card as="section" aria-labelledby="donor-gifts-title" className="min-w-0">
            <h2 id="donor-gifts-title" className="text-lg font-bold">
              Gifts to your organization
            </h2>
            {gifts.length === 0 ? (
              <EmptyState className="mt-4" title={messages.report.empty} />
            ) : (
              <>
                <table className="mt-3 hidden w-full text-left text-sm md:table" data-testid="donor-gifts">
                  <caption className="sr-only">Gifts of {donorLabel(donor)}, newest first</caption>
                  <thead className="border-b border-slate-200 text-ink-muted">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-semibold">Date</th>
                      <th scope="col" className="py-2 pr-3 text-right font-semibold">Amount</th>
                      <th scope="col" className="py-2 pr-3 font-semibold">Fundraiser</th>
                      <th scope="col" className="py-2 pr-3 font-semibold">How</th>
                      <th scope="col" className="py-2 font-semibold">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {gifts.map((g) => (
                      <tr key={g.id} className="border-b border-slate-100 align-top">
                        <td className="py-2.5 pr-3 whitespace-nowrap">
                          <time dateTime={g.at}>{day(g.at, timeZone)}</time>
                        </td>
                        <td className="py-2.5 pr-3 text-right tabular-nums">{formatCents(g.amountCents)}</td>
                        <td className="py-2.5 pr-3 break-words">
                          {g.fundraiser}
                          {g.tribute ? <span className="block text-ink-muted">{g.tribute}</span> : null}
                        </td>
                        <td className="py-2.5 pr-3">{how(g)}</td>
                        <td className="py-2.5">{g.status === "refunded" ? "Refunded" : <span className="text-emerald-800">Completed</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <ul className="mt-3 space-y-3 md:hidden" aria-label={`Gifts of ${donorLabel(donor)}, newest first`}>
                  {gifts.map((g) => (
                    <li key={g.id} className="rounded-control border border-slate-200 p-3 text-sm">
                      <div className="flex items-baseline justify-between gap-3">
                        <time dateTime={g.at} className="font-medium">
                          {day(g.at, timeZone)}
                        </time>
                        <span className="font-semibold tabular-nums">{formatCents(g.amountCents)}</span>
                      </div>
                      <p className="mt-1 break-words">{g.fundraiser}</p>
                      {g.tribute ? <p className="break-words text-ink-muted">{g.tribute}</p> : null}
                      <p className="text-ink-muted">
                        {how(g)} · {g.status === "refunded" ? "Refunded" : "Completed"}
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        </div>

        <Card as="section" aria-labelledby="donor-notes-title" className="h-fit">
          <h2 id="donor-notes-title" className="mb-2 text-lg font-bold">
            Private note and tags
          </h2>
          <DonorNoteEditor organizationId={organizationId} donorKey={donor.donorKey} note={detail.note} tags={detail.tags} />
        </Card>
      </div>
    </>
  );
}
