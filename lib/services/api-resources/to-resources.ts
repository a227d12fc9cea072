/**
 * Map the site's own DTOs to the public API's resources (lib/integrations/api-resources.ts). Only
 * public fields are read; links are absolute (NEXTAUTH_URL). Shared by the public API's queries
 * (lib/public-api/queries) and the outgoing webhooks' events (lib/services/webhooks), so it sits
 * in the services layer, below both.
 */
import { baseUrl } from "@/lib/env";
import type { DonorResource, EventResource, FundraiserResource, OrganizationResource, OrganizationSummaryResource, SupporterPageResource, SupporterTeamResource } from "@/lib/integrations/api-resources";
import type { EventSearchHit } from "@/lib/search/events";
import { publicSupporterName } from "@/lib/services/fundraisers/get-public-fundraiser";
import { supporterPagePath, supporterTeamPath, type SupporterTotals } from "@/lib/services/supporter-pages/supporter-pages";
import type { supporterPages, supporterTeams } from "@/models";
import type { NonprofitSearchHit } from "@/lib/search/nonprofits";
import type { DonorRow } from "@/lib/services/donor-relationships/donors-view";
import type { PublicOrganization } from "@/lib/services/organizations/organization-dto";

const profileUrl = (id: string, nickname: string | null) => `${baseUrl()}/nonprofit/${encodeURIComponent(nickname ?? id)}`;

export function toOrganizationResource(o: PublicOrganization): OrganizationResource {
  return {
    object: "organization",
    id: o._id,
    ein: o.ein,
    ein_formatted: o.einFormatted,
    name: o.name,
    legal_name: o.legalName,
    city: o.address.city,
    state: o.address.state,
    zipcode: o.address.zipcode,
    ntee_code: o.nteeCode,
    category: o.category,
    subsection: o.subsection,
    tax_deductible: o.taxDeductible,
    ruling_year: o.rulingYear,
    mission: o.mission,
    logo_url: o.images.logo,
    claimed: o.claimed,
    verified: o.verified,
    accepts_donations: o.acceptsDonations,
    profile_url: profileUrl(o._id, o.nickname),
  };
}

export function toOrganizationSummary(h: NonprofitSearchHit): OrganizationSummaryResource {
  return {
    object: "organization",
    id: h._id,
    ein: h.ein,
    ein_formatted: h.einFormatted,
    name: h.name,
    legal_name: h.legalName,
    city: h.city,
    state: h.state,
    zipcode: h.zipcode,
    category: h.category,
    logo_url: h.logo,
    claimed: h.claimed,
    verified: h.verified,
    profile_url: profileUrl(h._id, null),
    distance_miles: h.distanceMiles,
  };
}

/** The columns of a fundraiser resource, however they were read. */
export type FundraiserFacts = {
  id: string;
  organizationId: string;
  name: string;
  topic: string | null;
  goalCents: number;
  progressCents: number;
  status: "active" | "ended";
  startDate: string | null;
  endDate: string | null;
  createdAt: string | Date;
};

export function toFundraiserResource(f: FundraiserFacts): FundraiserResource {
  return {
    object: "fundraiser",
    id: f.id,
    organization_id: f.organizationId,
    name: f.name,
    topic: f.topic,
    goal_cents: f.goalCents,
    progress_cents: f.progressCents,
    status: f.status,
    start_date: f.startDate,
    end_date: f.endDate,
    created_at: new Date(f.createdAt).toISOString(),
    url: `${baseUrl()}/fundraiser/${encodeURIComponent(f.id)}`,
  };
}

export function toEventResource(e: EventSearchHit): EventResource {
  return {
    object: "event",
    id: e._id,
    organization_id: e.organization._id,
    name: e.name,
    description: e.description,
    topic: e.topic,
    image_url: e.imageUrl,
    starts_at: e.startsAt,
    ends_at: e.endsAt,
    venue: e.venue,
    city: e.city,
    state: e.state,
    url: `${baseUrl()}/event/${encodeURIComponent(e._id)}`,
  };
}

/**
 * A supporter as supporter pages show them: "Ana R." (`firstName`, initial of `lastName`), or
 * "A supporter" once their account is gone (both null). Never their email.
 */
export function supporterDisplayName({ firstName, lastName }: { firstName: string | null; lastName: string | null }): string {
  return publicSupporterName(`${firstName ?? ""} ${lastName ?? ""}`) ?? "A supporter";
}

/** The columns of a supporter page resource, however they were read. */
export type SupporterPageFacts = Pick<typeof supporterPages.$inferSelect, "id" | "fundraiserId" | "slug" | "title" | "goalCents" | "createdAt"> & {
  supporterFirstName: string | null;
  supporterLastName: string | null;
};

/**
 * The fields every supporter page resource has (public list and webhooks), from the `page`'s
 * columns and its `totals`: totals in cents, absolute URL, UTC time.
 */
export function supporterPageCommonFields({ page: p, totals }: { page: SupporterPageFacts; totals: SupporterTotals }) {
  return {
    object: "supporter_page" as const,
    id: p.id,
    fundraiser_id: p.fundraiserId,
    slug: p.slug,
    url: `${baseUrl()}${supporterPagePath({ fundraiserId: p.fundraiserId, slug: p.slug })}`,
    title: p.title,
    goal_cents: p.goalCents,
    raised_cents: totals.raisedCents,
    gift_count: totals.giftCount,
    supporter_name: supporterDisplayName({ firstName: p.supporterFirstName, lastName: p.supporterLastName }),
    created_at: new Date(p.createdAt).toISOString(),
  };
}

/**
 * A public supporter `page`, with its `totals` (cents). The caller has already left out pending
 * and hidden pages, and teams that are not public.
 */
export function toSupporterPageResource({
  page: p,
  totals,
}: {
  page: SupporterPageFacts & { status: SupporterPageResource["status"]; teamId: string | null };
  totals: SupporterTotals;
}): SupporterPageResource {
  return { ...supporterPageCommonFields({ page: p, totals }), status: p.status, team_id: p.teamId };
}

/** The columns of a supporter team resource. */
export type SupporterTeamFacts = Pick<typeof supporterTeams.$inferSelect, "id" | "fundraiserId" | "slug" | "name" | "goalCents" | "createdAt"> & {
  status: SupporterTeamResource["status"];
  memberCount: number;
};

/** A public supporter `team`, with its `totals` (cents). */
export function toSupporterTeamResource({ team: t, totals }: { team: SupporterTeamFacts; totals: SupporterTotals }): SupporterTeamResource {
  return {
    object: "supporter_team",
    id: t.id,
    fundraiser_id: t.fundraiserId,
    slug: t.slug,
    url: `${baseUrl()}${supporterTeamPath({ fundraiserId: t.fundraiserId, slug: t.slug })}`,
    name: t.name,
    goal_cents: t.goalCents,
    raised_cents: totals.raisedCents,
    gift_count: totals.giftCount,
    member_count: t.memberCount,
    status: t.status,
    created_at: new Date(t.createdAt).toISOString(),
  };
}

/** The API id of donor key `donorKey`: base64url (URL-safe, no padding). */
export function donorIdOf(donorKey: string): string {
  return Buffer.from(donorKey, "utf8").toString("base64url");
}

/** The donor resource of a Donors view row: only the shared name and email, no tags. */
export function toDonorResource(row: DonorRow): DonorResource {
  return {
    object: "donor",
    id: donorIdOf(row.donorKey),
    name: row.name,
    email: row.email,
    lifetime_cents: row.lifetimeCents,
    gift_count: row.giftCount,
    largest_gift_cents: row.largestGiftCents,
    first_gift_at: row.firstGiftAt,
    last_gift_at: row.lastGiftAt,
    monthly: row.monthly,
  };
}
