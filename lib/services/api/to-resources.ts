/**
 * Map the site's own DTOs to the public API's resources (lib/integrations/api-resources.ts). Only
 * public fields are read; links are absolute (NEXTAUTH_URL).
 */
import { baseUrl } from "@/lib/env";
import type { EventResource, FundraiserResource, OrganizationResource, OrganizationSummaryResource } from "@/lib/integrations/api-resources";
import type { EventSearchHit } from "@/lib/search/events";
import type { NonprofitSearchHit } from "@/lib/search/nonprofits";
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
