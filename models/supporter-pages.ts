/**
 * Peer-to-peer fundraising: pages supporters make for one of an organization's fundraisers,
 * and teams of such pages (0029_supporter_pages). Money never goes to a supporter: a gift made
 * on a supporter page is the organization's gift to that fundraiser (donations.campaign_id),
 * attributed to the page and its team by donations.supporter_page_id / supporter_team_id.
 * Totals are sums of those gifts, so a gift counts once in the fundraiser, once in its page and
 * once in its team, and a refund leaves each exactly once. Money is integer cents.
 */
import { bigint, boolean, index, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { fundraisers } from "./fundraisers";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A supporter page's or team's state: `pending` waits for the organization's approval;
 * `active` takes gifts; `paused` (by its supporter) and `closed` show that they take none;
 * `hidden` (by the organization) answers 404. Gifts made stay in every total whatever the state.
 */
export const supporterPageStatus = pgEnum("supporter_page_status", ["pending", "active", "paused", "closed", "hidden"]);
/** How a supporter hears of gifts to their page: one email per gift, a daily digest, or none. */
export const supporterGiftNotice = pgEnum("supporter_gift_notice", ["each", "digest", "none"]);

/** A team of supporter pages of one fundraiser, at /fundraiser/{campaignId}/t/{slug}. */
export const supporterTeams = pgTable(
  "supporter_teams",
  {
    id: id(),
    fundraiserId: text("campaign_id")
      .notNull()
      .references(() => fundraisers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Unique within the fundraiser: lower-case letters, digits and hyphens. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** The team's goal in cents. */
    goalCents: bigint("goal_cents", { mode: "number" }).notNull(),
    /** The supporter who created the team; null once their account is gone. */
    captainUserId: text("captain_user_id").references(() => users.id, { onDelete: "set null" }),
    status: supporterPageStatus("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("supporter_teams_campaign_slug_uq").on(t.fundraiserId, t.slug), index("supporter_teams_org_idx").on(t.organizationId)],
);

/** A supporter's own page for a fundraiser, at /fundraiser/{campaignId}/p/{slug}. */
export const supporterPages = pgTable(
  "supporter_pages",
  {
    id: id(),
    fundraiserId: text("campaign_id")
      .notNull()
      .references(() => fundraisers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The supporter; null once their account is gone (the page stays with the fundraiser). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    teamId: text("team_id").references(() => supporterTeams.id, { onDelete: "set null" }),
    /** Unique within the fundraiser: lower-case letters, digits and hyphens. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Plain text; line breaks kept, never rendered as markup. */
    story: text("story").notNull().default(""),
    /** The page's goal in cents. */
    goalCents: bigint("goal_cents", { mode: "number" }).notNull(),
    imageUrl: text("image_url"),
    status: supporterPageStatus("status").notNull().default("active"),
    giftNotice: supporterGiftNotice("gift_notice").notNull().default("each"),
    /** The supporter agreed that the organization sees their email (the supporter-pages CSV). */
    shareEmailWithOrganization: boolean("share_email_with_organization").notNull().default(false),
    /** The supporter unsubscribed from the organization's messages to its supporters. */
    messagesOptOut: boolean("messages_opt_out").notNull().default(false),
    /** When the last daily digest of gifts was sent (UTC); null before the first. */
    digestSentAt: at("digest_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("supporter_pages_campaign_slug_uq").on(t.fundraiserId, t.slug),
    index("supporter_pages_user_idx").on(t.userId),
    index("supporter_pages_team_idx").on(t.teamId),
    index("supporter_pages_org_idx").on(t.organizationId),
  ],
);
