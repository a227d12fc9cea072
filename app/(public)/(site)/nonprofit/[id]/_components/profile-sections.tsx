/**
 * The sections of an organization's public profile (/nonprofit/{id}), server-rendered: the
 * header with Donate and Share, the active fundraisers (the owner gets the fundraiser manager),
 * upcoming events in the organization's time zone (the owner gets the event manager), the IRS
 * facts and the wishlist and marketplace links.
 */
import { legalNameLine } from "@/lib/validations/legal-name";
import Link from "next/link";
import { BadgeCheck, Building2, CalendarDays, ExternalLink, MapPin } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { absoluteUrl } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCents } from "@/lib/money";
import { formatInTimeZone, organizationTimeZone } from "@/lib/time/organization-time-zone";
import type { Fundraiser } from "@/lib/services/fundraisers/fundraiser";
import type { listOrganizationEvents } from "@/lib/services/events/list-events";
import { truncateLink, type OrganizationLink } from "@/lib/services/organizations/list-organization-links";
import type { PublicOrganization } from "@/lib/services/organizations/organization-dto";
import { EventManager } from "./event-manager";
import { FundraiserManager } from "./fundraiser-manager";
import { ScrollToSection } from "./scroll-to-section";

type UpcomingEvent = Awaited<ReturnType<typeof listOrganizationEvents>>["upcoming"][number];

const deductibilityText = (org: PublicOrganization) =>
  org.taxDeductible === true
    ? "Gifts are tax-deductible."
    : org.taxDeductible === false
      ? "Gifts to this organization are not tax-deductible."
      : "Tax deductibility is not known.";

/** Logo, display name, place, category and EIN, with Donate (when it can receive gifts) and Share. */
export function ProfileHeader({ org, place }: { org: PublicOrganization; place: string }) {
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <UserAvatar src={org.images.logo} kind="organization" size={96} alt={`${org.name} logo`} />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{org.name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
          {place ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" /> {place}
            </span>
          ) : null}
          {org.category ? (
            <span className="inline-flex items-center gap-1">
              <Building2 className="size-4" aria-hidden="true" /> {org.category}
            </span>
          ) : null}
          {legalNameLine(org) ? <span>{legalNameLine(org)}</span> : org.einFormatted ? <span>EIN {org.einFormatted}</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {org.acceptsDonations ? (
          <LinkButton href={`/donation/${org._id}/direct`} variant="accent" size="lg">
            Donate
          </LinkButton>
        ) : null}
        <ShareButton title={`Share ${org.name}`} text={`Support ${org.name} on Givebridge`} url={absoluteUrl(`/nonprofit/${org._id}`)} />
      </div>
    </header>
  );
}

/** "Active fundraisers": progress of each with a link to its page; the owner manages them here. */
export function ActiveFundraisersCard({ org, fundraisers, isOwner, openFundraisers }: { org: PublicOrganization; fundraisers: Fundraiser[]; isOwner: boolean; openFundraisers: boolean }) {
  return (
    <Card id="fundraiser" tabIndex={-1} className="scroll-mt-4 focus:outline-none data-[targeted=true]:ring-2 data-[targeted=true]:ring-brand-500">
      <Suspense fallback={null}>
        <ScrollToSection id="fundraiser" />
      </Suspense>
      <CardTitle as="h2">Active fundraisers</CardTitle>
      {isOwner ? (
        <FundraiserManager organizationId={org._id} openCreate={openFundraisers} />
      ) : fundraisers.length === 0 ? (
        <EmptyState className="mt-4" title="No active fundraisers right now." />
      ) : (
        <ul className="mt-4 space-y-5">
          {fundraisers.map((c) => (
            <li key={c._id}>
              <p className="flex flex-wrap justify-between gap-2">
                <Link href={`/fundraiser/${c._id}`} className="min-w-0 font-semibold break-words text-brand-700 underline-offset-4 hover:underline">
                  {c.name}
                </Link>
                <span className="text-sm text-ink-muted tabular-nums">
                  {formatCents(c.progress)} raised of {formatCents(c.goal)}
                </span>
              </p>
              <FundraiserProgress name={c.name} progressCents={c.progress} goalCents={c.goal} className="mt-1" />
              {org.acceptsDonations ? (
                <LinkButton href={`/donation/${org._id}/${c._id}`} size="sm" variant="secondary" className="mt-2">
                  Give to this fundraiser
                </LinkButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** "Events": the next five, times in the organization's zone; the owner manages events here. */
export function UpcomingEventsCard({ org, events, isOwner }: { org: PublicOrganization; events: UpcomingEvent[]; isOwner: boolean }) {
  return (
    <Card id="events">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle as="h2">Events</CardTitle>
        <Link href={`/nonprofit/events/${org._id}`} className="text-sm font-semibold text-brand-700 hover:underline">
          All events
        </Link>
      </div>
      {isOwner ? (
        <EventManager organizationId={org._id} />
      ) : events.length === 0 ? (
        <p className="mt-3 text-ink-muted">No upcoming events.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {events.slice(0, 5).map((e) => (
            <li key={e._id}>
              <Link href={`/event/${e._id}`} className="flex items-start gap-3 rounded-control p-2 hover:bg-brand-50">
                <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-ink">{e.name}</span>
                  <span className="text-sm text-ink-muted">
                    {formatInTimeZone(e.startsAt, organizationTimeZone(org.address))}
                    {e.city ? ` · ${[e.city, e.state].filter(Boolean).join(", ")}` : ""}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** "Facts": tax status with deductibility in plain words, EIN, NTEE code and ruling year. */
export function FactsCard({ org }: { org: PublicOrganization }) {
  return (
    <Card>
      <CardTitle as="h2">Facts</CardTitle>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-ink-muted">Tax status</dt>
          <dd className="flex items-start gap-1 text-ink">
            {org.taxDeductible ? <BadgeCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" /> : null}
            {org.subsection === "03" ? "501(c)(3) public charity or foundation. " : org.subsection ? `501(c)(${Number(org.subsection)}) organization. ` : ""}
            {deductibilityText(org)}
          </dd>
        </div>
        {org.einFormatted ? (
          <div>
            <dt className="text-ink-muted">EIN</dt>
            <dd className="text-ink">{org.einFormatted}</dd>
          </div>
        ) : null}
        {org.nteeCode ? (
          <div>
            <dt className="text-ink-muted">NTEE code</dt>
            <dd className="text-ink">
              {org.nteeCode}
              {org.category ? ` · ${org.category}` : ""}
            </dd>
          </div>
        ) : null}
        {org.rulingYear ? (
          <div>
            <dt className="text-ink-muted">Tax-exempt since</dt>
            <dd className="text-ink">{org.rulingYear}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/** Wishlist or marketplace links, shown truncated at 40 characters (spec section 9). */
export function LinksCard({ title, icon, links, empty }: { title: string; icon: ReactNode; links: OrganizationLink[]; empty: string }) {
  return (
    <Card>
      <CardTitle as="h2" className="flex items-center gap-2">
        {icon}
        {title}
      </CardTitle>
      {links.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {links.map((l) => (
            <li key={l._id}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline" title={l.url}>
                {l.label ? `${l.label}: ` : ""}
                {truncateLink(l.url)}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
