/**
 * API keys of the public REST API (/api/v1): created and revoked by a nonprofit on
 * its dashboard. Only the SHA-256 hash of the key is stored; `prefix` (e.g. "gb_live_AbC12xYz")
 * identifies it in lists. `scopes` are the read scopes of lib/validations/api-keys.ts.
 */
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The nonprofit's label for the key ("Salesforce sync"). */
    name: text("name").notNull(),
    /** The key's first characters, shown in lists; never enough to use it. */
    prefix: text("prefix").notNull(),
    /** Lower-case hex SHA-256 of the whole key. */
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    /** Last successful use, to the minute (UTC). */
    lastUsedAt: at("last_used_at"),
    /** Set once when revoked; a revoked key never authenticates again. */
    revokedAt: at("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_uq").on(t.secretHash), index("api_keys_org_created_idx").on(t.organizationId, t.createdAt)],
);
