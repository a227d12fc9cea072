import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BadgeCheck, Building2, Heart, UserPlus, Users } from "lucide-react";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { PlainStory, RecentSupporters } from "@/components/fundraisers/recent-supporters";
import { Leaderboard } from "@/components/supporter-pages/leaderboard";
import { absoluteUrl, publicPageMetadata } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCents } from "@/lib/money";
import { getSupporterLeaderboards } from "@/lib/services/supporter-pages/public-supporter-pages";
import { loadPublicFundraiser } from "./load";

type Props = { params: Promise<{ id: string }> };

/** Served from cache; re-rendered at most every minute, and at once when a gift or an edit changes it (lib/cache/public-pages.ts). */
export const revalidate = 60;

/** No fundraiser is rendered at build time: each is rendered on its first visit, then cached. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

/** The share text: "$1,250.00 raised of $5,000.00 for <name> by <organization>". */
function summary(f: { name: string; progress: number; goal: number; story: string; organization: { name: string } }): string {
  const raised = `${formatCents(f.progress)} raised of ${formatCents(f.goal)} by ${f.organization.name}.`;
  const story = f.story.replace(/\s+/g, " ").trim();
  return story ? `${raised} ${story}`.slice(0, 300) : raised;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const f = await loadPublicFundraiser((await params).id);
  if (!f) notFound();
  return publicPageMetadata({ title: f.name, description: summary(f), path: `/fundraiser/${f._id}`, ownImage: true });
}

/** "Nov 22, 2026" for a "YYYY-MM-DD" calendar date. */
const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * /fundraiser/:id — a fundraiser's public page, rendered on the server: cover image, story,
 * goal and progress, number of donors, recent supporters who shared their name, the
 * organization with its EIN, Donate and Share; with supporter pages (peer-to-peer), "Start your
 * own fundraiser" and the leaderboards of supporter pages and teams.
 */
export default async function FundraiserPage({ params }: Props) {
  const f = await loadPublicFundraiser((await params).id);
  if (!f) notFound();
  const url = absoluteUrl(`/fundraiser/${f._id}`);
  const place = [f.organization.city, f.organization.state].filter(Boolean).join(", ");
  const active = f.status === "active";
  const canGive = active && f.organization.acceptsDonations;
  // Peer-to-peer: supporters' pages and teams, shown once the organization turned them on or one exists.
  const boards = await getSupporterLeaderboards({ fundraiserId: f._id });
  const p2p = f.supporterPages.enabled || boards.pageCount > 0;
  const canStart = f.supporterPages.enabled && active;
  const dates = f.startDate && f.endDate ? `${day(f.startDate)} – ${day(f.endDate)}` : f.endDate ? `Until ${day(f.endDate)}` : null;

  const giveCard = (
    <Card className="space-y-4" data-testid="fundraiser-progress-card">
      <p>
        <span className="block text-3xl font-extrabold text-ink tabular-nums">{formatCents(f.progress)}</span>
        <span className="text-ink-muted">raised of {formatCents(f.goal)} goal</span>
      </p>
      <FundraiserProgress name={f.name} progressCents={f.progress} goalCents={f.goal} />
      <p className="flex items-center gap-2 text-ink" data-testid="donor-count">
        <Users className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {f.donorCount === 0 ? "Be the first to give" : `${f.donorCount.toLocaleString("en-US")} ${f.donorCount === 1 ? "donor" : "donors"}`}
      </p>
      {dates ? <p className="text-sm text-ink-muted">{dates}</p> : null}
      {canGive ? (
        <LinkButton href={`/donation/${f.organization._id}/${f._id}`} variant="accent" size="lg" fullWidth leftIcon={<Heart className="size-5" aria-hidden="true" />}>
          Donate
        </LinkButton>
      ) : (
        <p className="rounded-control bg-slate-100 p-3 text-sm font-semibold text-ink">This fundraiser has ended. Thank you to everyone who gave.</p>
      )}
      <ShareButton title={`Share ${f.name}`} url={url} text={`Support ${f.name} by ${f.organization.name}`} size="lg" className="w-full" />
    </Card>
  );

  return (
    <article className="mx-auto w-full max-w-site px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{f.topic ?? "Fundraiser"}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{f.name}</h1>
      <p className="mt-2 break-words text-ink-muted">
        By{" "}
        <Link href={`/nonprofit/${f.organization._id}`} className="font-semibold text-brand-700 hover:underline">
          {f.organization.name}
        </Link>
      </p>
      {/* One column on narrow screens (image, giving card, story...); on wide ones the giving card sits in its own sticky column. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {f.imageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- images come from any configured storage host
            <img src={f.imageUrl} alt={`Cover image of ${f.name}`} className="aspect-video w-full rounded-card bg-slate-100 object-cover lg:col-start-1" data-testid="fundraiser-image" />
          ) : null}
          <aside aria-label="Give to this fundraiser" className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-4 lg:row-start-1 lg:self-start">
            {giveCard}
          </aside>
          <section aria-labelledby="story-title" className="min-w-0 lg:col-start-1">
            <h2 id="story-title" className="text-xl font-bold text-ink">
              The story
            </h2>
            {f.story.trim() ? (
              <PlainStory story={f.story} testId="fundraiser-story" />
            ) : (
              <p className="mt-3 text-ink-muted">{f.organization.name} has not written a story for this fundraiser yet.</p>
            )}
          </section>
          <RecentSupporters supporters={f.recentSupporters} giftCount={f.donorCount} emptyText="No gifts yet. Yours could be the first." hiddenText="Supporters of this fundraiser chose not to show their names." />
          {p2p ? (
            <section aria-labelledby="p2p-title" className="min-w-0 lg:col-start-1" data-testid="supporter-fundraising">
              <h2 id="p2p-title" className="text-xl font-bold text-ink">
                Raise money with us
              </h2>
              <p className="mt-2 text-ink-muted">
                {boards.pageCount === 0
                  ? `Start a page of your own for ${f.name} and ask your friends to give. Every gift goes to ${f.organization.name}.`
                  : `${boards.pageCount.toLocaleString("en-US")} ${boards.pageCount === 1 ? "supporter is" : "supporters are"} raising money for ${f.name}${boards.teamCount ? ` in ${boards.teamCount} ${boards.teamCount === 1 ? "team" : "teams"}` : ""}. Every gift counts once in the total above.`}
              </p>
              {canStart ? (
                <LinkButton href={`/fundraiser/${f._id}/start`} variant="outline" size="lg" className="mt-4" leftIcon={<UserPlus className="size-5" aria-hidden="true" />}>
                  Start your own fundraiser
                </LinkButton>
              ) : null}
              {boards.pageCount > 0 ? (
                <div className="mt-6 grid gap-6 md:grid-cols-2">
                  <Leaderboard title="Top supporters" entries={boards.topPages} emptyText="No supporter pages yet." kind="page" testId="leaderboard-pages" />
                  {boards.teamCount > 0 ? <Leaderboard title="Top teams" entries={boards.topTeams} emptyText="No teams yet." kind="team" testId="leaderboard-teams" /> : null}
                </div>
              ) : null}
            </section>
          ) : null}
          <section aria-labelledby="organizer-title" className="min-w-0 lg:col-start-1">
            <h2 id="organizer-title" className="text-xl font-bold text-ink">
              Organizer
            </h2>
            <Card className="mt-3 flex items-start gap-4" data-testid="fundraiser-organization">
              {f.organization.logoUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- logos come from any configured storage host
                <img src={f.organization.logoUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-control object-cover" />
              ) : (
                <Building2 className="size-10 shrink-0 text-brand-700" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <Link href={`/nonprofit/${f.organization._id}`} className="font-bold break-words text-brand-700 hover:underline">
                  {f.organization.name}
                </Link>
                {place ? <p className="text-sm text-ink-muted">{place}</p> : null}
                {f.organization.ein ? (
                  <p className="mt-1 flex items-center gap-1 text-sm text-ink">
                    <BadgeCheck className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    EIN {f.organization.ein}
                  </p>
                ) : null}
              </div>
            </Card>
          </section>
      </div>
    </article>
  );
}
