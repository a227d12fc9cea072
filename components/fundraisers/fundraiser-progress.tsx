import Link from "next/link";
import { LinkButton } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCents, truncateFundraiserName } from "@/lib/money";

/**
 * A fundraiser's progress bar: raised cents toward the goal in cents, read out as
 * "$1,250.00 of $5,000.00", with the rounded percent (spec 9: round(progress / goal * 100)).
 */
export function FundraiserProgress({ name, progressCents, goalCents, className }: { name: string; progressCents: number; goalCents: number; className?: string }) {
  return (
    <ProgressBar
      value={progressCents}
      max={goalCents}
      label={`${name}: raised toward the goal`}
      valueText={`${formatCents(progressCents)} of ${formatCents(goalCents)}`}
      showPercent
      className={className}
    />
  );
}

/** The fields of a fundraiser that its public card shows (a campaign search hit has them). */
export type FundraiserCardData = {
  _id: string;
  name: string;
  progressCents: number;
  goalCents: number;
  organization: { _id: string; name: string };
  /** The home page's cards also show the cover image, the story's first lines and recent gifts. */
  imageUrl?: string;
  story?: string;
  recentGifts?: number;
};

/** How the card counts recent gifts: "3 gifts in the last 14 days". */
export type RecentGiftsWindow = { days: number };

/**
 * A public fundraiser card (home page, search): the cover image and the story's first lines
 * when given, its name truncated past 25 characters (spec 9) and linked to the fundraiser's
 * page, the organization, the progress bar and "raised of" line, the gifts of the last
 * `recent.days` days, and a Donate button. With an image, put it in a Card without padding
 * (the image runs to the card's edges; the body pads itself).
 */
export function FundraiserCard({ fundraiser: c, recent, className }: { fundraiser: FundraiserCardData; recent?: RecentGiftsWindow; className?: string }) {
  const body = (
    <>
      <p className="font-bold text-ink">
        <Link href={`/fundraiser/${c._id}`} title={c.name} aria-label={c.name} className="hover:underline">
          {truncateFundraiserName(c.name)}
        </Link>
      </p>
      <Link href={`/nonprofit/${c.organization._id}?sec=fundraiser`} className="mt-0.5 text-sm text-brand-700 hover:underline">
        {c.organization.name}
      </Link>
      {c.story ? (
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-ink-muted" data-testid="fundraiser-card-story">
          {c.story}
        </p>
      ) : null}
      <FundraiserProgress name={c.name} progressCents={c.progressCents} goalCents={c.goalCents} className="mt-4" />
      <p className="mt-1 text-sm text-ink-muted">
        {formatCents(c.progressCents)} raised of {formatCents(c.goalCents)}
        {recent && c.recentGifts ? (
          <span data-testid="fundraiser-card-recent">
            {" · "}
            {c.recentGifts} gift{c.recentGifts === 1 ? "" : "s"} in the last {recent.days} days
          </span>
        ) : null}
      </p>
      <div className="mt-auto pt-4">
        <LinkButton href={`/donation/${c.organization._id}/${c._id}`} size="sm" variant="accent">
          Donate
        </LinkButton>
      </div>
    </>
  );
  if (!c.imageUrl) return <div className={cn("flex h-full flex-col", className)}>{body}</div>;
  return (
    <div className={cn("flex h-full flex-col", className)}>
      {/* eslint-disable-next-line @next/next/no-img-element -- images come from any configured storage host */}
      <img src={c.imageUrl} alt="" loading="lazy" className="aspect-video w-full rounded-t-card bg-slate-100 object-cover" data-testid="fundraiser-card-image" />
      <div className="flex flex-1 flex-col p-5 sm:p-6">{body}</div>
    </div>
  );
}
