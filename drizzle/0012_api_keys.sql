-- API keys of the public REST API (issue 17, part 2): a nonprofit creates and revokes them on
-- its dashboard. Only the SHA-256 hash of the key is stored (the key itself is shown once);
-- the prefix identifies it in lists. A revoked key stays for the record and never works again.
CREATE TABLE IF NOT EXISTS "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"created_by_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_keys_secret_hash_uq" ON "api_keys" ("secret_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_org_created_idx" ON "api_keys" ("organization_id", "created_at");
