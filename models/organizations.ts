/**
 * Organizations: every US tax-exempt organization of the IRS EO BMF directory, claimed or
 * not, and nonprofits registered without an EIN (spec section 3: Organization).
 * Money amounts from the IRS file are whole US dollars (bigint), not cents: they are
 * reported figures, never charged or paid.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
} from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { citext, tsvector } from "./_types";

/**
 * approved: may receive donations. pending: registered without an EIN (or a disputed claim)
 * and waiting for an admin. rejected: refused by an admin.
 */
export const approvalStatus = pgEnum("approval_status", ["approved", "pending", "rejected"]);

export type SocialMedia = Partial<Record<"facebook" | "twitter" | "instagram" | "linkedin" | "youtube" | "website", string>>;
export type ImpactFigure = { label: string; value: string };
export type Spotlight = { title?: string; description?: string; imageUrl?: string };

export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    /** 9-digit Employer Identification Number, text to keep leading zeros; null when registered without one. */
    ein: text("ein").unique(),
    /** Public name: the IRS name for an imported organization until its nonprofit edits it. */
    name: text("name").notNull(),
    /**
     * Legal name as the IRS EO BMF gives it (NAME), refreshed by every import even once claimed;
     * null for an organization registered without an EIN (migration 0010_relevance).
     */
    legalName: text("legal_name"),
    /** Vanity nickname giving a short public URL; unique, case-insensitive. */
    nickname: citext("nickname").unique(),
    /** Secondary name line (IRS SORT_NAME) and "in care of" name (IRS ICO). */
    sortName: text("sort_name"),
    careOfName: text("care_of_name"),
    email: citext("email"),
    telephone: text("telephone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    state: text("state"),
    zipcode: text("zipcode"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    logoUrl: text("logo_url"),
    description: text("description"),
    mission: text("mission"),
    /** National Taxonomy of Exempt Entities code, e.g. "B20"; its first letter is the major group. */
    nteeCode: text("ntee_code"),
    nteeMajorGroup: text("ntee_major_group"),
    /** Category name of the NTEE major group, e.g. "Education". */
    category: text("category"),
    /** IRS fields kept from the EO BMF. */
    irsSubsection: text("irs_subsection"),
    irsAffiliation: text("irs_affiliation"),
    irsClassification: text("irs_classification"),
    irsGroupExemption: text("irs_group_exemption"),
    irsRuling: text("irs_ruling"),
    /** 1 deductible, 2 not deductible, 4 deductible by treaty. */
    irsDeductibility: text("irs_deductibility"),
    irsFoundation: text("irs_foundation"),
    irsActivity: text("irs_activity"),
    irsOrganization: text("irs_organization"),
    irsStatus: text("irs_status"),
    irsTaxPeriod: text("irs_tax_period"),
    irsAssetCode: text("irs_asset_code"),
    irsIncomeCode: text("irs_income_code"),
    irsFilingRequirement: text("irs_filing_requirement"),
    irsPfFilingRequirement: text("irs_pf_filing_requirement"),
    irsAccountingPeriod: text("irs_accounting_period"),
    irsAssetAmount: bigint("irs_asset_amount", { mode: "number" }),
    irsIncomeAmount: bigint("irs_income_amount", { mode: "number" }),
    irsRevenueAmount: bigint("irs_revenue_amount", { mode: "number" }),
    /** Fingerprint of the imported IRS row: a re-import of an unchanged row writes nothing. */
    irsRowHash: text("irs_row_hash"),
    irsImportedAt: at("irs_imported_at"),
    /** Claimed by a nonprofit account (imported profiles start unclaimed). */
    claimed: boolean("claimed").notNull().default(false),
    claimedAt: at("claimed_at"),
    /**
     * When the claim of a directory organization started waiting for verification (email at the
     * organization's domain, mailed letter code or document review: models/claims.ts); null once
     * verified, and for an unclaimed organization. While set, the claimant's edits go to
     * `claimDraft`, the public sees the directory's facts, and no gift or payout reaches it.
     */
    claimPendingSince: at("claim_pending_since"),
    /**
     * Profile edits made while the claim is pending (display name, description, logo, links...),
     * keyed by this table's property names; shown to the claimant as a preview and applied to
     * the columns when the claim is verified (lib/services/claims/profile-draft.ts).
     */
    claimDraft: jsonb("claim_draft").$type<Record<string, unknown>>(),
    approvalStatus: approvalStatus("approval_status").notNull().default("approved"),
    /** Shown publicly and searchable; a nonprofit can hide its profile. */
    live: boolean("live").notNull().default(true),
    domestic: boolean("domestic").notNull().default(true),
    international: boolean("international").notNull().default(false),
    socialMedia: jsonb("social_media").$type<SocialMedia>().notNull().default({}),
    impacts: jsonb("impacts").$type<ImpactFigure[]>().notNull().default([]),
    spotlight: jsonb("spotlight").$type<Spotlight>(),
    /** Payment connection (spec: actionItems.stripeID, paypal.merchantId, stripeComplete). */
    stripeAccountId: text("stripe_account_id"),
    stripeComplete: boolean("stripe_complete").notNull().default(false),
    paypalMerchantId: text("paypal_merchant_id"),
    /** Set by the sandbox connection (simulated onboarding) when payments run on the sandbox provider. */
    sandboxConnectedAt: at("sandbox_connected_at"),
    /**
     * Full-text search document over name, secondary name, category, city, state and the NTEE
     * code's meaning, kept by the database (gb_organization_document, migrations
     * 0002_search_functions and 0010_relevance).
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      sql`gb_organization_document(name, sort_name, category, city, state, ntee_code)`,
    ),
    /**
     * 0..1 from the IRS revenue, income and assets (log scale, $1B and more = 1; gb_prominence,
     * migration 0010_relevance): ranks the large organization first among namesakes.
     */
    searchProminence: real("search_prominence").generatedAlwaysAs(
      sql`gb_prominence(irs_revenue_amount, irs_income_amount, irs_asset_amount)`,
    ),
    /**
     * State, NTEE major group and half-degree latitude/longitude cell as lexemes ("st_ky",
     * "ntee_b", "cell_276_229"; lib/search/area.ts, migration 0018_search_area), and
     * "prom_a" / "prom_b" for a prominence of at least 0.5 / 0.33 (migration 0020_search_prominent_tier):
     * indexed with the search document, so words and place are looked up together.
     */
    searchArea: tsvector("search_area").generatedAlwaysAs(
      sql`gb_organization_area(state, ntee_major_group, latitude, longitude, gb_prominence(irs_revenue_amount, irs_income_amount, irs_asset_amount))`,
    ),
    /**
     * The name as the relevance score compares it (migration 0018_search_area): without accents,
     * the words of NAME_KEY_DROPPED (lib/search/relevance.ts), spaces and punctuation.
     */
    nameKey: text("name_key").generatedAlwaysAs(
      sql`regexp_replace(regexp_replace(public.gb_unaccent(lower(name)), '\m(the|of|and|a|an|for|in|at|on|to|inc|incorporated|corp|corporation|co|company|ltd|llc)\M', ' ', 'g'), '[^a-z0-9]+', '', 'g')`,
    ),
    /** The name without accents, spaces and punctuation (migration 0018_search_area). */
    nameCompact: text("name_compact").generatedAlwaysAs(sql`regexp_replace(public.gb_unaccent(lower(name)), '[^a-z0-9]+', '', 'g')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("organizations_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("organizations_state_city_idx").on(t.state, t.city),
    index("organizations_zipcode_idx").on(t.zipcode),
    index("organizations_lat_lng_idx").on(t.latitude, t.longitude),
    index("organizations_ntee_major_idx").on(t.nteeMajorGroup),
    index("organizations_search_idx").using("gin", t.searchDocument, t.searchArea),
    index("organizations_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
    /**
     * The few organizations that may receive gifts (claimed, approved, live): lists joined to
     * them, like the home page's fundraisers, never scan the directory (0014_featured_fundraisers).
     */
    index("organizations_receiving_idx")
      .on(t.id)
      .where(sql`${t.claimed} and ${t.live} and ${t.approvalStatus} = 'approved'`),
  ],
);

/** Wishlist and marketplace links of an organization (spec: actionItems wishlist/marketplace). */
export const organizationLinkKind = pgEnum("organization_link_kind", ["wishlist", "marketplace"]);
export const organizationLinks = pgTable(
  "organization_links",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: organizationLinkKind("kind").notNull(),
    url: text("url").notNull(),
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [index("organization_links_org_idx").on(t.organizationId, t.kind)],
);
