import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BadgeCheck, Heart, Users } from "lucide-react";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { PlainStory, RecentSupporters } from "@/components/fundraisers/recent-supporters";
import { absoluteUrl, publicPageMetadata } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { ReportPageButton } from "@/components/supporter-pages/report-page-button";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCents } from "@/lib/money";
import { loadSupporterPage } from "./load";

type Props = { params: Promise<{ id: string; slug: string }> };

/** Served from cache like the fundraiser page; re-rendered at most every minute, and at once when a gift or an edit changes it. */
export const revalidate = 60;

/** No supporter page is rendered at build time. */
export function generateStaticParams(): { id: string; slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, slug } = await params;
  const p = await loadSupporterPage(id, slug);
  if (!p) notFound();
  const description = `${p.supporterName} is raising money for ${p.fundraiser.organization.name}: ${formatCents(p.raisedCents)} raised of ${formatCents(p.goalCents)}. ${p.story.replace(/\s+/g, " ").trim()}`.slice(0, 300);
  const meta = publicPageMetadata({ title: p.title, description, path: p.path, ownImage: true });
  // A paused or closed page stays reachable for its supporters' links but is not indexed.
  return p.status === "active" ? meta : { ...meta, robots: { index: false, follow: true } };
}

/**
 * /fundraiser/:id/p/:slug — a supporter's own fundraising page for an organization's
 * fundraiser: photo, story, goal and progress, gifts, recent supporters who shared their name,
 * the team, and Donate (the organization's checkout, with the gift attributed to this page).
 * Every gift goes to the organization, which receipts it with its EIN.
 */
export default async function SupporterPage({ params }: Props) {
  const { id, slug } = await params;
  const p = await loadSupporterPage(id, slug);
  if (!p) notFound();
  const org = p.fundraiser.organization;
  const takesGifts = p.status === "active" && p.fundraiser.status === "active";
  const donateHref = `/donation/${org.id}/${p.fundraiser.id}?page=${encodeURIComponent(p.id)}`;
  return (
    <article className="mx-auto w-full max-w-site px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        <Link href={`/fundraiser/${p.fundraiser.id}`} className="hover:underline">
          {p.fundraiser.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{p.title}</h1>
      <p className="mt-2 break-words text-ink-muted" data-testid="supporter-byline">
        <span className="font-semibold text-ink">{p.supporterName}</span> is raising money for{" "}
        <Link href={`/nonprofit/${org.id}`} className="font-semibold text-brand-700 hover:underline">
          {org.name}
        </Link>
        {p.team ? (
          <>
            {" "}
            with team{" "}
            <Link href={p.team.path} className="font-semibold text-brand-700 hover:underline" data-testid="supporter-team-link">
              {p.team.name}
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {p.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- images come from any configured storage host
          <img src={p.imageUrl} alt={`Photo for ${p.title}`} className="aspect-video w-full rounded-card bg-slate-100 object-cover lg:col-start-1" />
        ) : null}
        <aside aria-label="Give on this page" className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-4 lg:row-start-1 lg:self-start">
          <Card className="space-y-4" data-testid="supporter-progress-card">
            <p>
              <span className="block text-3xl font-extrabold text-ink tabular-nums" data-testid="supporter-raised">
                {formatCents(p.raisedCents)}
              </span>
              <span className="text-ink-muted">raised of {formatCents(p.goalCents)} goal</span>
            </p>
            <FundraiserProgress name={p.title} progressCents={p.raisedCents} goalCents={p.goalCents} />
            <p className="flex items-center gap-2 text-ink" data-testid="supporter-gift-count">
              <Users className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {p.giftCount === 0 ? "Be the first to give" : `${p.giftCount.toLocaleString("en-US")} ${p.giftCount === 1 ? "gift" : "gifts"}`}
            </p>
            {takesGifts ? (
              <LinkButton href={donateHref} variant="accent" size="lg" fullWidth leftIcon={<Heart className="size-5" aria-hidden="true" />}>
                Donate
              </LinkButton>
            ) : (
              <p className="rounded-control bg-slate-100 p-3 text-sm font-semibold text-ink" data-testid="supporter-closed">
                {p.status === "paused" ? "This page is paused and is not taking gifts right now." : "This page is closed. Thank you to everyone who gave."}{" "}
                {p.fundraiser.status === "active" ? (
                  <Link href={`/fundraiser/${p.fundraiser.id}`} className="text-brand-700 underline">
                    Give to the fundraiser instead
                  </Link>
                ) : null}
              </p>
            )}
            <ShareButton title={`Share ${p.title}`} url={absoluteUrl(p.path)} text={`Support ${org.name} on ${p.supporterName}'s page`} size="lg" className="w-full" />
            <p className="flex items-start gap-1.5 text-sm text-ink-muted">
              <BadgeCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                Every gift goes to {org.name}
                {org.ein ? ` (EIN ${org.ein})` : ""}, which sends your tax receipt. No money goes to {p.supporterName.replace(/\.$/, "")}.
              </span>
            </p>
          </Card>
        </aside>
        <section aria-labelledby="story-title" className="min-w-0 lg:col-start-1">
          <h2 id="story-title" className="text-xl font-bold text-ink">
            Why I&apos;m raising money
          </h2>
          {p.story.trim() ? <PlainStory story={p.story} testId="supporter-story" /> : <p className="mt-3 text-ink-muted">{p.supporterName} has not written a story yet.</p>}
        </section>
        <RecentSupporters supporters={p.recentSupporters} giftCount={p.giftCount} emptyText="No gifts yet. Yours could be the first." hiddenText="Supporters of this page chose not to show their names." />
        <section aria-labelledby="fundraiser-title" className="min-w-0 lg:col-start-1">
          <h2 id="fundraiser-title" className="text-xl font-bold text-ink">
            Part of {p.fundraiser.name}
          </h2>
          <Card className="mt-3 space-y-3">
            <p className="text-ink">
              Together, supporters and {org.name} have raised <span className="font-bold tabular-nums">{formatCents(p.fundraiser.progressCents)}</span> of {formatCents(p.fundraiser.goalCents)}.
            </p>
            <FundraiserProgress name={p.fundraiser.name} progressCents={p.fundraiser.progressCents} goalCents={p.fundraiser.goalCents} />
            <Link href={`/fundraiser/${p.fundraiser.id}`} className="inline-block font-semibold text-brand-700 hover:underline">
              See the fundraiser and its leaderboard
            </Link>
          </Card>
          <div className="mt-4">
            <ReportPageButton pageId={p.id} />
          </div>
        </section>
      </div>
    </article>
  );
}
