/**
 * Fundraisers (campaigns) and their budgets (spec section 3: Campaign id, name, goal,
 * progress, createdAt). Money is integer cents.
 * The SQL names (campaigns, campaign_id, campaign_status, campaign_budget_lines) are the
 * original schema's and stay; the TypeScript names use the code's term, fundraiser.
 */
import { bigint, boolean, date, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { organizations } from "./organizations";

export const fundraiserStatus = pgEnum("campaign_status", ["active", "ended"]);

export const fundraisers = pgTable(
  "campaigns",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    topic: text("topic"),
    imageUrl: text("image_url"),
    /** Goal in cents. */
    goalCents: bigint("goal_cents", { mode: "number" }).notNull(),
    /** Sum of succeeded, unrefunded donations in cents; changed exactly once per donation. */
    progressCents: bigint("progress_cents", { mode: "number" }).notNull().default(0),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    status: fundraiserStatus("status").notNull().default("active"),
    /** When true, the budget lines are shown on the public profile next to money raised. */
    budgetPublished: boolean("budget_published").notNull().default(false),
    /** Supporters may make their own pages for this fundraiser (peer-to-peer fundraising). */
    supporterPagesEnabled: boolean("supporter_pages_enabled").notNull().default(false),
    /** A new supporter page waits for the organization's approval before it is public. */
    supporterPagesNeedApproval: boolean("supporter_pages_need_approval").notNull().default(false),
    /** Supporters may create and join teams. */
    supporterTeamsAllowed: boolean("supporter_teams_allowed").notNull().default(true),
    /** The goal a new supporter page starts with, in cents; null: the supporter picks one. */
    supporterSuggestedGoalCents: bigint("supporter_suggested_goal_cents", { mode: "number" }),
    /** The story a new supporter page starts with (plain text). */
    supporterStory: text("supporter_story").notNull().default(""),
    endedAt: at("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("campaigns_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** Planned spending lines of a fundraiser, in cents, shown against money raised. */
export const fundraiserBudgetLines = pgTable(
  "campaign_budget_lines",
  {
    id: id(),
    fundraiserId: text("campaign_id")
      .notNull()
      .references(() => fundraisers.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_budget_lines_campaign_idx").on(t.fundraiserId)],
);
