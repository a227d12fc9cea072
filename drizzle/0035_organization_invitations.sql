-- Invitations of colleagues to act for an organization (models/organization-invitations.ts): only
-- the SHA-256 of the mailed link's token is kept; an invitation is open while neither accepted
-- nor revoked, and an organization has at most one open invitation per address.
CREATE TABLE IF NOT EXISTS "organization_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" "citext" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "organization_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "organization_invitations_token_uq" ON "organization_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "organization_invitations_open_uq" ON "organization_invitations" USING btree ("organization_id", "email") WHERE "organization_invitations"."accepted_at" is null and "organization_invitations"."revoked_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_invitations_org_idx" ON "organization_invitations" USING btree ("organization_id", "created_at");
