import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { absoluteUrl } from "@/components/share/page-metadata";
import { ManageMyPage } from "@/components/supporter-pages/manage-my-page";
import { SupporterPageStatusBadge } from "@/components/supporter-pages/status-badge";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { formatCents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { listJoinableTeams } from "@/lib/services/supporter-pages/public-supporter-pages";
import { getSupporterPageStart } from "@/lib/services/supporter-pages/settings";
import { getSupporterPageForEditor, listSupporterPageGifts } from "@/lib/services/supporter-pages/supporter-pages";

export const metadata: Metadata = { title: "My fundraising page" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> };

/**
 * /fundraising-pages/:id — one of the signed-in supporter's pages: its totals and gifts (donors
 * named only as they shared), sharing, photo, edits, team, notices, pause/close/delete.
 */
export default async function MyFundraisingPage({ params, searchParams }: Props) {
  const pageId = decodeURIComponent((await params).id);
  const actor = await requireUserPage(`/fundraising-pages/${encodeURIComponent(pageId)}`);
  const page = await getSupporterPageForEditor({ actor, pageId }).catch((err) => {
    if (isAppError(err) && err.code === "not_found") notFound();
    throw err;
  });
  const [gifts, start] = await Promise.all([listSupporterPageGifts({ actor, pageId }), getSupporterPageStart({ fundraiserId: page.campaignId }).catch(() => null)]);
  const teams = start?.teamsAllowed ? await listJoinableTeams({ fundraiserId: page.campaignId }) : [];
  const created = (await searchParams).created === "1";
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <Link href="/fundraising-pages" className="font-semibold text-brand-700 hover:underline">
          ← My fundraising pages
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">{start?.name ?? "Fundraiser"}</p>
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink">{page.title}</h1>
        </div>
        <SupporterPageStatusBadge status={page.status} />
      </div>
      {created ? (
        <Alert className="mt-6" variant="success" title={page.status === "pending" ? "Sent for approval" : "Your page is live!"}>
          {page.status === "pending" ? messages.supporterPages.createdPending : `${messages.supporterPages.created} Add a photo below to make it yours.`}
        </Alert>
      ) : null}
      <Card className="mt-6 space-y-3" data-testid="my-page-totals">
        <p className="text-ink">
          <span className="text-2xl font-extrabold tabular-nums">{formatCents(page.raisedCents)}</span> raised of {formatCents(page.goalCents)} · {page.giftCount} {page.giftCount === 1 ? "gift" : "gifts"}
        </p>
        <FundraiserProgress name={page.title} progressCents={page.raisedCents} goalCents={page.goalCents} />
      </Card>
      <section aria-labelledby="gifts-title" className="mt-8">
        <h2 id="gifts-title" className="text-xl font-bold text-ink">
          Gifts
        </h2>
        {gifts.length === 0 ? (
          <p className="mt-2 text-ink-muted">No gifts yet. Share your page to get the first one.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white" data-testid="my-page-gifts">
            {gifts.map((g, i) => (
              <li key={i} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{g.donorName ?? "Anonymous"}</span>
                  <time dateTime={g.at} className="text-sm text-ink-muted">
                    {new Date(g.at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}
                  </time>
                </span>
                <span className={`tabular-nums ${g.status === "refunded" ? "text-ink-muted line-through" : "font-bold text-ink"}`}>
                  {formatCents(g.amountCents)}
                  {g.status === "refunded" ? <span className="sr-only"> (refunded)</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-10">
        <ManageMyPage page={page} publicUrl={absoluteUrl(page.path)} teams={teams.map((t) => ({ id: t.id, name: t.name }))} teamsAllowed={Boolean(start?.teamsAllowed)} />
      </div>
    </section>
  );
}
