/**
 * Platform content and operations: What's New update notices, contact feedback, newsletter
 * subscriptions, business sign-ups, single-use approval links, the admin audit log and each
 * organization's own audit log.
 */
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { citext } from "./_types";
import { organizations } from "./organizations";
import { users } from "./users";

/** Update notice (spec section 3): title, description, link, createdAt. */
export const updateNotices = pgTable(
  "update_notices",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    link: text("link"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("update_notices_created_idx").on(t.createdAt)],
);

/** Contact Us messages (sendFeedback: userName, email, description). */
export const feedback = pgTable("feedback", {
  id: id(),
  userName: text("user_name").notNull(),
  email: citext("email").notNull(),
  description: text("description").notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  email: citext("email").primaryKey(),
  confirmedAt: at("confirmed_at"),
  createdAt: createdAt(),
});

/** Business sign-ups (sendBusinessSignUpEmail: businessName, email, contactName). */
export const businessSignups = pgTable("business_signups", {
  id: id(),
  businessName: text("business_name").notNull(),
  email: citext("email").notNull(),
  contactName: text("contact_name").notNull(),
  city: text("city"),
  state: text("state"),
  interest: text("interest"),
  createdAt: createdAt(),
});

/** Signed approval links sent to admins; usedAt makes each single-use. */
export const approvalLinks = pgTable("approval_links", {
  id: id(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
  createdAt: createdAt(),
});

/**
 * Who did what and when, for every admin action and every security-relevant change of an
 * organization (claim verified or ended, renamed, payout account connected or removed; target
 * = the organization's id), which its members read as their account activity.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt), index("admin_audit_log_target_created_idx").on(t.target, t.createdAt)],
);

/** An organization's own changes to its records (gifts recorded offline), newest read by organization. */
export const organizationAuditLog = pgTable(
  "organization_audit_log",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The member who made the change; null once that account is deleted. */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, e.g. "offline_gift.recorded". */
    action: text("action").notNull(),
    /** The record changed (a donation id). */
    subjectId: text("subject_id"),
    /** The change's facts (amounts in cents, dates as YYYY-MM-DD); never a donor's contact details. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("organization_audit_log_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** Counters of the database-backed rate limiter (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: at("expire"),
});
