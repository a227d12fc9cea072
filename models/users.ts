/**
 * Accounts and the donor's privacy preferences (spec section 3: signed-in user, donor
 * preferences, gender and age).
 */
import { boolean, index, integer, pgEnum, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { citext } from "./_types";
import { organizations } from "./organizations";

/** individual = donor; nonprofit = a user acting for one organization; admin = platform staff. */
export const userType = pgEnum("user_type", ["individual", "nonprofit", "admin"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    type: userType("type").notNull(),
    email: citext("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    organizationCompany: text("organization_company").notNull().default(""),
    profileImg: text("profile_img"),
    telephone: text("telephone"),
    /** For nonprofit users: the organization they act for. */
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    emailConfirmedAt: at("email_confirmed_at"),
    /** A new sign-in address waiting for its emailed link; `email` stays in force until then. */
    pendingEmail: citext("pending_email"),
    /** Carried in every session; raising it ends all of this user's sessions. */
    sessionVersion: integer("session_version").notNull().default(1),
    newsletter: boolean("newsletter").notNull().default(false),
    deletedAt: at("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("users_organization_idx").on(t.organizationId)],
);

/** Demographic gender options of the spec; "other" carries free text in otherGender. */
export const genderOptions = ["female", "male", "non-binary", "other"] as const;
export const donorGender = pgEnum("donor_gender", genderOptions);

/**
 * What a donor shares with nonprofits by default when donating (ShareMyPrivateInfo), and the
 * details themselves. Age is the spec's code 0-4: under 17, 18-34, 35-54, 55-74, over 74.
 */
export const donorPreferences = pgTable("donor_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  shareName: boolean("share_name").notNull().default(false),
  shareEmail: boolean("share_email").notNull().default(false),
  shareTelephone: boolean("share_telephone").notNull().default(false),
  shareLocation: boolean("share_location").notNull().default(false),
  shareGender: boolean("share_gender").notNull().default(false),
  shareAge: boolean("share_age").notNull().default(false),
  gender: donorGender("gender"),
  otherGender: text("other_gender"),
  ageRange: smallint("age_range"),
  city: text("city"),
  state: text("state"),
  telephone: text("telephone"),
  updatedAt: updatedAt(),
});

/** Single-use, expiring tokens: password reset, email confirmation, email change, PayPal onboarding state. Only a hash is stored. */
export const userTokenPurpose = pgEnum("user_token_purpose", ["password_reset", "email_confirmation", "email_change", "paypal_onboarding"]);
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").notNull(),
    purpose: userTokenPurpose("purpose").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.tokenHash] })],
);

/**
 * Uploaded images and whom the storage layer issued them to: a user (profile photo, story
 * image) or an organization (logo, spotlight, fundraiser and event images). An image field
 * accepts only its owner's images, and only the owner's delete removes the file.
 */
export const storedImages = pgTable(
  "stored_images",
  {
    key: text("key").primaryKey(),
    ownerUserId: text("owner_user_id"),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("stored_images_owner_idx").on(t.ownerUserId)],
);
