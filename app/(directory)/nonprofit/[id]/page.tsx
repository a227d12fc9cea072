import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "next/link";
import { BadgeCheck, Building2, CalendarDays, ExternalLink, Gift, MapPin, Store } from "lucide-react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { absoluteUrl, publicPageMetadata } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { PublishedBudgets } from "@/components/budgets/published-budgets";
import { IrsFactsCard, NearbyOrganizations } from "@/components/directory/irs-facts";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { ApprovedStories } from "@/components/stories/approved-stories";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { getActor } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { formatCents } from "@/lib/money";
import { formatInTimeZone, organizationTimeZone } from "@/lib/time/organization-time-zone";
import { listOrganizationCampaigns } from "@/lib/services/campaigns/list-campaigns";
import { listOrganizationEvents } from "@/lib/services/events/list-events";
import { listOrganizationLinks, truncateLink, type OrganizationLink } from "@/lib/services/organizations/list-organization-links";
import { getOwnOrganization, getPublicOrganization } from "@/lib/services/organizations/get-organization";
import type { PublicOrganization } from "@/lib/services/organizations/organization-dto";
import { readSpotlight } from "@/lib/services/organizations/spotlight";
import { PledgeForm } from "@/components/pledges/pledge-form";
import { serverEnv } from "@/lib/env";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { messages } from "@/lib/validations/messages";
import { EventManager } from "./_components/event-manager";
import { FundraiserManager } from "./_components/fundraiser-manager";
import { ProfileAbout, ProfileGeneralInfo, ProfileImpacts, ProfileOwnerTools, ProfileSocial, ProfileSpotlight } from "./_components/owner-editors";
import {
  generalInfoOf,
  ImpactCardView,
  ImpactFiguresList,
  SocialCardView,
  SocialLinksList,
  SpotlightCardView,
  SpotlightContent,
} from "./_components/profile-public";
import { ScrollToSection } from "./_components/scroll-to-section";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(id: string): Promise<PublicOrganization | null> {
  try {
    return await getPublicOrganization(decodeURIComponent(id), await getActor());
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const org = await load((await params).id);
  if (!org) return { title: "Organization not found" };
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
  const description = (org.mission ?? org.description ?? `${org.name}${place ? ` in ${place}` : ""}: a tax-exempt organization. Give securely on Givebridge.`).slice(0, 300);
  return publicPageMetadata({ title: org.name, description, path: `/nonprofit/${org._id}`, ownImage: true });
}

const deductibilityText = (org: PublicOrganization) =>
  org.taxDeductible === true
    ? "Gifts are tax-deductible."
    : org.taxDeductible === false
      ? "Gifts to this organization are not tax-deductible."
      : "Tax deductibility is not known.";

/** /nonprofit/:id — an organization's public profile (server-rendered, indexable). */
export default async function NonprofitProfilePage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const org = await load(id);
  if (!org) notFound();
  const user = await getActor();
  const isOwner = user?.role === "nonprofit" && user.organizationId === org._id;
  const [campaigns, events, wishlist, marketplace, spotlight, own] = await Promise.all([
    listOrganizationCampaigns(org._id, { activeOnly: true, limit: 20 }),
    org.live && org.approvalStatus === "approved" ? listOrganizationEvents(org._id, { limit: 20 }).then((r) => r.upcoming) : Promise.resolve([]),
    listOrganizationLinks(org._id, "wishlist"),
    listOrganizationLinks(org._id, "marketplace"),
    readSpotlight(org._id),
    isOwner && user ? getOwnOrganization(user) : Promise.resolve(null),
  ]);
  const pledgeSummary = isOwner && user && !org.acceptsDonations ? await getPledgeSummary({ actor: user, organizationId: org._id }) : null;
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
  const openFundraisers = query.sec === "fundraiser";
  const aboutView = (
    <>
      <p className="mt-3 whitespace-pre-line break-words text-ink">
        {org.mission ?? org.description ?? `${org.name} is a tax-exempt organization${place ? ` based in ${place}` : ""}.`}
      </p>
      {org.mission && org.description ? <p className="mt-3 whitespace-pre-line break-words text-ink-muted">{org.description}</p> : null}
    </>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      {isOwner && !org.live ? (
        <Alert variant="warning" className="mb-6" title="Only you can see this profile">
          {org.approvalStatus === "pending" ? "It will be published once our team approves your organization." : "Your profile is hidden."}
        </Alert>
      ) : null}
      {isOwner ? (
        <ProfileOwnerTools orgId={org._id} live={org.live} approved={org.approvalStatus === "approved"} nickname={org.nickname} origin={absoluteUrl("")} />
      ) : null}
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
            {org.einFormatted ? <span>EIN {org.einFormatted}</span> : null}
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

      {!org.claimed ? (
        <Alert
          variant="info"
          className="mt-6"
          title="Is this your organization?"
          action={
            <LinkButton href={`/signup/nonprofit?ein=${org.ein ?? ""}`} size="sm" variant="outline">
              Claim this organization
            </LinkButton>
          }
        >
          This profile comes from the IRS directory of tax-exempt organizations. Claim it to add your story and start fundraising.
        </Alert>
      ) : null}

      {pledgeSummary?.message ? (
        <Alert
          variant="info"
          className="mt-6"
          title={pledgeSummary.message}
          action={
            <LinkButton href="/connect-payments" size="sm" variant="outline">
              Connect payments
            </LinkButton>
          }
        >
          Pledges are promises, not money received: each donor is emailed a link to give once your payments are connected.
        </Alert>
      ) : null}
      {!org.acceptsDonations && org.approvalStatus === "approved" && org.live && !isOwner ? (
        <div className="mt-6">
          <PledgeForm organizationId={org._id} organizationName={org.name} campaignId={null} signedInEmail={user?.email ?? null} maxCents={serverEnv().DONATION_MAX_CENTS} />
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          {own ? <ProfileGeneralInfo orgId={org._id} initial={generalInfoOf(own)} /> : null}
          {isOwner ? (
            <ProfileSpotlight orgId={org._id} initial={spotlight} view={spotlight ? <SpotlightContent spotlight={spotlight} /> : null} />
          ) : (
            <SpotlightCardView spotlight={spotlight} />
          )}
          {isOwner ? (
            <ProfileAbout orgId={org._id} initial={{ mission: org.mission ?? "", description: org.description ?? "" }} view={aboutView} />
          ) : (
            <Card>
              <CardTitle as="h2">About</CardTitle>
              {aboutView}
            </Card>
          )}
          {isOwner ? (
            <ProfileImpacts
              orgId={org._id}
              initial={org.impacts}
              view={org.impacts.length ? <ImpactFiguresList impacts={org.impacts} /> : <p className="mt-3 text-sm text-ink-muted">Show what your work adds up to, for example “12,000 meals served”.</p>}
            />
          ) : (
            <ImpactCardView impacts={org.impacts} />
          )}
          <Card id="fundraiser" tabIndex={-1} className={openFundraisers ? "scroll-mt-4 ring-2 ring-brand-500 focus:outline-none" : "scroll-mt-4 focus:outline-none"}>
            {openFundraisers ? <ScrollToSection id="fundraiser" /> : null}
            <CardTitle as="h2">Active fundraisers</CardTitle>
            {isOwner ? (
              <FundraiserManager organizationId={org._id} openCreate={openFundraisers} />
            ) : campaigns.length === 0 ? (
              <EmptyState className="mt-4" title="No active fundraisers right now." />
            ) : (
              <ul className="mt-4 space-y-5">
                {campaigns.map((c) => (
                  <li key={c.id}>
                    <p className="flex flex-wrap justify-between gap-2">
                      <Link href={`/fundraiser/${c.id}`} className="min-w-0 font-semibold break-words text-brand-700 underline-offset-4 hover:underline">
                        {c.name}
                      </Link>
                      <span className="text-sm text-ink-muted tabular-nums">
                        {formatCents(c.progressCents)} raised of {formatCents(c.goalCents)}
                      </span>
                    </p>
                    <FundraiserProgress name={c.name} progressCents={c.progressCents} goalCents={c.goalCents} className="mt-1" />
                    {org.acceptsDonations ? (
                      <LinkButton href={`/donation/${org._id}/${c.id}`} size="sm" variant="secondary" className="mt-2">
                        Give to this fundraiser
                      </LinkButton>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <PublishedBudgets organizationId={org._id} />
          <IrsFactsCard organizationId={org._id} />
          <NearbyOrganizations organizationId={org._id} />
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
          <ApprovedStories organizationId={org._id} />
        </div>
        <aside className="min-w-0 space-y-6">
          {isOwner ? (
            <ProfileSocial
              orgId={org._id}
              initial={org.socialMedia}
              view={<SocialLinksList socialMedia={org.socialMedia} empty="Add your website and social media so supporters can follow you." />}
            />
          ) : (
            <SocialCardView socialMedia={org.socialMedia} />
          )}
          <LinksCard title="Wishlist" icon={<Gift className="size-5" aria-hidden="true" />} links={wishlist} empty={isOwner ? messages.organization.noWishlist : "No wishlist yet."} />
          <LinksCard title="Marketplace" icon={<Store className="size-5" aria-hidden="true" />} links={marketplace} empty={isOwner ? messages.organization.noMarketplace : "No marketplace yet."} />
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
        </aside>
      </div>
    </div>
  );
}

/** "Sat, Dec 6, 2026, 6:00 PM UTC" — event times are stored in UTC. */
/** Wishlist or marketplace links, shown truncated at 40 characters (spec section 9). */
function LinksCard({ title, icon, links, empty }: { title: string; icon: React.ReactNode; links: OrganizationLink[]; empty: string }) {
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
