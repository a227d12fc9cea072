/**
 * Invitations of colleagues to act for an organization (lib/services/organizations/invitations.ts):
 * a member of a verified organization invites an email; the mailed link `/invite/{token}` makes
 * a nonprofit account for that organization. Only the SHA-256 of the token is stored (OWASP
 * ASVS 5.0 V6.4: secrets at rest). An invitation is open while it is neither accepted nor
 * revoked; a re-sent invitation revokes the old row and opens a new one with a new token.
 */
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./_columns";
import { citext } from "./_types";
import { organizations } from "./organizations";
import { users } from "./users";

export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The invited address; the account it creates signs in with it. */
    email: citext("email").notNull(),
    /** Lower-case hex SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull(),
    /** The member who sent it; null once that account is deleted. */
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** UTC; the link works until then (7 days after it was sent). */
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [
    uniqueIndex("organization_invitations_token_uq").on(t.tokenHash),
    // One open invitation per organization and address.
    uniqueIndex("organization_invitations_open_uq").on(t.organizationId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("organization_invitations_org_idx").on(t.organizationId, t.createdAt),
  ],
);
