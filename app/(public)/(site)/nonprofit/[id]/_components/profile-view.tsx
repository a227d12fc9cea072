import { notFound } from "next/navigation";
import { Gift, Store } from "lucide-react";
import { absoluteUrl } from "@/components/share/page-metadata";
import { PublishedBudgets } from "@/components/budgets/published-budgets";
import { IrsFactsCard, NearbyOrganizations } from "@/components/directory/irs-facts";
import { ApprovedStories } from "@/components/stories/approved-stories";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { isAppError } from "@/lib/errors";
import { listOrganizationFundraisers } from "@/lib/services/fundraisers/list-fundraisers";
import { listOrganizationEvents } from "@/lib/services/events/list-events";
import { listOrganizationLinks } from "@/lib/services/organizations/list-organization-links";
import { getOwnOrganization, getPublicOrganization } from "@/lib/services/organizations/get-organization";
import type { PublicOrganization } from "@/lib/services/organizations/organization-dto";
import { readSpotlight } from "@/lib/services/organizations/spotlight";
import { PledgeForm } from "@/components/pledges/pledge-form-chunk";
import { serverEnv } from "@/lib/env";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { messages } from "@/lib/validations/messages";
import { ProfileAbout, ProfileGeneralInfo, ProfileImpacts, ProfileOwnerTools, ProfileSocial, ProfileSpotlight } from "./owner-editors";
import {
  generalInfoOf,
  ImpactCardView,
  ImpactFiguresList,
  SocialCardView,
  SocialLinksList,
  SpotlightCardView,
  SpotlightContent,
} from "./profile-public";
import { ActiveFundraisersCard, FactsCard, LinksCard, ProfileHeader, UpcomingEventsCard } from "./profile-sections";

/** The organization as `actor` (null: an anonymous visitor) may see it, or null when there is none to show. */
export async function loadOrganization(id: string, actor: Actor | null): Promise<PublicOrganization | null> {
  try {
    return await getPublicOrganization({ idOrNickname: decodeURIComponent(id), actor });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

/**
 * /nonprofit/:id — an organization's public profile (server-rendered, indexable). `actor` is
 * null on the cached page everyone gets (app/(public)); in the view rendered for its owner
 * (loadVisitorView) the owner gets the editors. `openFundraisers`
 * (?sec=fundraiser, owners only) opens the new-fundraiser form.
 */
export async function ProfileView({ id, actor, openFundraisers }: { id: string; actor: Actor | null; openFundraisers: boolean }) {
  const listed = await loadOrganization(id, actor);
  if (!listed) notFound();
  const user = actor;
  const isOwner = can(user, "organization.update", { organizationId: listed._id });
  const [fundraisers, events, wishlist, marketplace, spotlight, own] = await Promise.all([
    listOrganizationFundraisers({ organizationId: listed._id, activeOnly: true, limit: 20, publicOnly: !isOwner }),
    listed.live && listed.approvalStatus === "approved" ? listOrganizationEvents({ organizationId: listed._id, limit: 20 }).then((r) => r.upcoming) : Promise.resolve([]),
    listOrganizationLinks({ organizationId: listed._id, kind: "wishlist" }),
    listOrganizationLinks({ organizationId: listed._id, kind: "marketplace" }),
    readSpotlight({ organizationId: listed._id }),
    isOwner && user ? getOwnOrganization({ actor: user }) : Promise.resolve(null),
  ]);
  // The owner sees the profile as prepared (its draft while the claim waits for verification).
  const org: PublicOrganization = own ?? listed;
  const pledgeSummary = isOwner && user && !org.acceptsDonations ? await getPledgeSummary({ actor: user, organizationId: org._id }) : null;
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
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
      {isOwner && org.claimPending ? (
        <Alert
          variant="warning"
          className="mb-6"
          title={messages.claims.pendingBanner}
          action={
            <LinkButton href="/dashboard/claim" size="sm" variant="outline">
              Verify your claim
            </LinkButton>
          }
        >
          {messages.claims.verifyFirst}
        </Alert>
      ) : null}
      {isOwner ? (
        <ProfileOwnerTools organizationId={org._id} live={org.live} approved={org.approvalStatus === "approved"} nickname={org.nickname} origin={absoluteUrl("")} />
      ) : null}
      <ProfileHeader org={org} place={place} />

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
          <PledgeForm organizationId={org._id} organizationName={org.name} fundraiserId={null} signedInEmail={user ? user.email : "browser"} maxCents={serverEnv().DONATION_MAX_CENTS} />
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          {own ? <ProfileGeneralInfo organizationId={org._id} initial={generalInfoOf(own)} /> : null}
          {isOwner ? (
            <ProfileSpotlight organizationId={org._id} initial={spotlight} view={spotlight ? <SpotlightContent spotlight={spotlight} /> : null} />
          ) : (
            <SpotlightCardView spotlight={spotlight} />
          )}
          {isOwner ? (
            <ProfileAbout organizationId={org._id} initial={{ mission: org.mission ?? "", description: org.description ?? "" }} view={aboutView} />
          ) : (
            <Card>
              <CardTitle as="h2">About</CardTitle>
              {aboutView}
            </Card>
          )}
          {isOwner ? (
            <ProfileImpacts
              organizationId={org._id}
              initial={org.impacts}
              view={org.impacts.length ? <ImpactFiguresList impacts={org.impacts} /> : <p className="mt-3 text-sm text-ink-muted">Show what your work adds up to, for example “12,000 meals served”.</p>}
            />
          ) : (
            <ImpactCardView impacts={org.impacts} />
          )}
          <ActiveFundraisersCard org={org} fundraisers={fundraisers} isOwner={isOwner} openFundraisers={openFundraisers} />
          <PublishedBudgets organizationId={org._id} />
          <IrsFactsCard organizationId={org._id} />
          <NearbyOrganizations organizationId={org._id} />
          <UpcomingEventsCard org={org} events={events} isOwner={isOwner} />
          <ApprovedStories organizationId={org._id} />
        </div>
        <aside className="min-w-0 space-y-6">
          {isOwner ? (
            <ProfileSocial
              organizationId={org._id}
              initial={org.socialMedia}
              view={<SocialLinksList socialMedia={org.socialMedia} empty="Add your website and social media so supporters can follow you." />}
            />
          ) : (
            <SocialCardView socialMedia={org.socialMedia} />
          )}
          <LinksCard title="Wishlist" icon={<Gift className="size-5" aria-hidden="true" />} links={wishlist} empty={isOwner ? messages.organization.noWishlist : "No wishlist yet."} />
          <LinksCard title="Marketplace" icon={<Store className="size-5" aria-hidden="true" />} links={marketplace} empty={isOwner ? messages.organization.noMarketplace : "No marketplace yet."} />
          <FactsCard org={org} />
        </aside>
      </div>
    </div>
  );
}
