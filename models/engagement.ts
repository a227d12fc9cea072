/** Donor engagement: volunteer hours and impact stories. */
import { date, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const reviewStatus = pgEnum("review_status", ["pending", "approved", "declined"]);

/** Hours a donor volunteered; minutes are stored as an integer. */
export const volunteerHours = pgTable(
  "volunteer_hours",
  {
    id: id(),
    donorUserId: text("donor_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    description: text("description").notNull(),
    status: reviewStatus("status").notNull().default("pending"),
    reviewedAt: at("reviewed_at"),
    reviewedByUserId: text("reviewed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("volunteer_hours_donor_idx").on(t.donorUserId), index("volunteer_hours_org_idx").on(t.organizationId)],
);

/** A donor's story about a nonprofit they supported; public once the nonprofit approves it. */
export const impactStories = pgTable(
  "impact_stories",
  {
    id: id(),
    donorUserId: text("donor_user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    imageUrl: text("image_url"),
    status: reviewStatus("status").notNull().default("pending"),
    reviewedAt: at("reviewed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("impact_stories_org_idx").on(t.organizationId, t.status)],
);
