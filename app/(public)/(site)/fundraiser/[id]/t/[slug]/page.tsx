import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BadgeCheck, UserPlus, Users } from "lucide-react";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { RecentSupporters } from "@/components/fundraisers/recent-supporters";
import { absoluteUrl, publicPageMetadata } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { Leaderboard } from "@/components/supporter-pages/leaderboard";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCents } from "@/lib/money";
import { loadSupporterTeam } from "./load";

type Props = { params: Promise<{ id: string; slug: string }> };

/** Served from cache like the fundraiser page; re-rendered at most every minute, and at once when a gift or an edit changes it. */
export const revalidate = 60;

/** No team page is rendered at build time. */
export function generateStaticParams(): { id: string; slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, slug } = await params;
  const t = await loadSupporterTeam(id, slug);
  if (!t) notFound();
  const description = `Team ${t.name} raises money for ${t.fundraiser.organization.name}: ${formatCents(t.raisedCents)} raised of ${formatCents(t.goalCents)} by ${t.members.length} ${t.members.length === 1 ? "member" : "members"}.`;
  const meta = publicPageMetadata({ title: `Team ${t.name}`, description, path: t.path, ownImage: true });
  return t.status === "active" ? meta : { ...meta, robots: { index: false, follow: true } };
}

/**
 * /fundraiser/:id/t/:slug — a team of supporter pages: its goal and progress (every gift made on
 * its members' pages, each counted once), its members ranked by money raised, recent supporters
 * who shared their name, and a way to join (start a page in this team).
 */
export default async function TeamPage({ params }: Props) {
  const { id, slug } = await params;
  const t = await loadSupporterTeam(id, slug);
  if (!t) notFound();
  const org = t.fundraiser.organization;
  const canJoin = t.status === "active" && t.fundraiser.status === "active" && t.fundraiser.teamsAllowed;
  return (
    <article className="mx-auto w-full max-w-site px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        <Link href={`/fundraiser/${t.fundraiser.id}`} className="hover:underline">
          {t.fundraiser.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">Team {t.name}</h1>
      <p className="mt-2 break-words text-ink-muted">
        Raising money for{" "}
        <Link href={`/nonprofit/${org.id}`} className="font-semibold text-brand-700 hover:underline">
          {org.name}
        </Link>
        {t.captainName ? <> · Captain: <span className="font-semibold text-ink">{t.captainName}</span></> : null}
      </p>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside aria-label="Team progress" className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
          <Card className="space-y-4" data-testid="team-progress-card">
            <p>
              <span className="block text-3xl font-extrabold text-ink tabular-nums" data-testid="team-raised">
                {formatCents(t.raisedCents)}
              </span>
              <span className="text-ink-muted">raised of {formatCents(t.goalCents)} team goal</span>
            </p>
            <FundraiserProgress name={`Team ${t.name}`} progressCents={t.raisedCents} goalCents={t.goalCents} />
            <p className="flex items-center gap-2 text-ink">
              <Users className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {t.members.length} {t.members.length === 1 ? "member" : "members"} · {t.giftCount} {t.giftCount === 1 ? "gift" : "gifts"}
            </p>
            {canJoin ? (
              <LinkButton href={`/fundraiser/${t.fundraiser.id}/start?team=${encodeURIComponent(t.id)}`} variant="accent" size="lg" fullWidth leftIcon={<UserPlus className="size-5" aria-hidden="true" />}>
                Join this team
              </LinkButton>
            ) : null}
            <ShareButton title={`Share Team ${t.name}`} url={absoluteUrl(t.path)} text={`Support ${org.name} with Team ${t.name}`} size="lg" className="w-full" />
            <p className="flex items-start gap-1.5 text-sm text-ink-muted">
              <BadgeCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                Every gift goes to {org.name}
                {org.ein ? ` (EIN ${org.ein})` : ""}, which sends the tax receipt.
              </span>
            </p>
          </Card>
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <Leaderboard title="Team members" entries={t.members} emptyText="No member pages yet." kind="page" testId="team-members" headingLevel={2} />
        </div>
        <RecentSupporters supporters={t.recentSupporters} giftCount={t.giftCount} emptyText="No gifts yet. Give on a member's page to be the first." hiddenText="Supporters of this team chose not to show their names." />
      </div>
    </article>
  );
}
