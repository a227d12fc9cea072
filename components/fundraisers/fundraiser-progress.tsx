import Link from "next/link";
import { LinkButton } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCents, truncateCampaignName } from "@/lib/money";

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
};

/**
 * A public fundraiser card (home page, search): its name truncated past 25 characters (spec
 * 9) and linked to the fundraiser's page, the organization, the progress bar and "raised of"
 * line, and a Donate button.
 */
export function FundraiserCard({ fundraiser: c, className }: { fundraiser: FundraiserCardData; className?: string }) {
  return (
    <div className={cn("flex h-full flex-col", className)}>
      <p className="font-bold text-ink">
        <Link href={`/fundraiser/${c._id}`} title={c.name} aria-label={c.name} className="hover:underline">
          {truncateCampaignName(c.name)}
        </Link>
      </p>
      <Link href={`/nonprofit/${c.organization._id}?sec=fundraiser`} className="mt-0.5 text-sm text-brand-700 hover:underline">
        {c.organization.name}
      </Link>
      <FundraiserProgress name={c.name} progressCents={c.progressCents} goalCents={c.goalCents} className="mt-4" />
      <p className="mt-1 text-sm text-ink-muted">
        {formatCents(c.progressCents)} raised of {formatCents(c.goalCents)}
      </p>
      <div className="mt-auto pt-4">
        <LinkButton href={`/donation/${c.organization._id}/${c._id}`} size="sm" variant="accent">
          Donate
        </LinkButton>
      </div>
    </div>
  );
}
