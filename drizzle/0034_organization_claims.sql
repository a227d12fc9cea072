-- Claims of directory organizations wait for verification (models/claims.ts): while
-- organizations.claim_pending_since is set, the claimant's edits are kept in claim_draft, the
-- public profile, search and directory keep the IRS facts, and no gift or payout reaches the
-- organization (lib/services/organizations/receiving.ts).
DO $$ BEGIN
  CREATE TYPE "public"."claim_status" AS ENUM('pending', 'verified', 'rejected', 'expired', 'released');
EXCEPTION WHEN duplicate_object THEN null; END $$;
--> statement-breakpoint
DO $$ BEGIN
  CREATE TYPE "public"."claim_method" AS ENUM('email', 'letter', 'document', 'admin');
EXCEPTION WHEN duplicate_object THEN null; END $$;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "claim_pending_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "claim_draft" jsonb;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "organization_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text,
	"status" "claim_status" DEFAULT 'pending' NOT NULL,
	"method" "claim_method",
	"website" text,
	"email_address" "citext",
	"email_token_hash" text,
	"email_sent_at" timestamp with time zone,
	"letter_code_hash" text,
	"letter_sent_at" timestamp with time zone,
	"letter_attempts" integer DEFAULT 0 NOT NULL,
	"document_key" text,
	"document_name" text,
	"document_content_type" text,
	"document_submitted_at" timestamp with time zone,
	"decision_reason" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "organization_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_claims_org_idx" ON "organization_claims" USING btree ("organization_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_claims_user_idx" ON "organization_claims" USING btree ("user_id", "created_at");
--> statement-breakpoint
-- Upgrade: an organization claimed before claims were verified keeps its owner's access only
-- where an admin approved it (admin_audit_log "nonprofit.approve"); every other claimed
-- directory organization becomes pending and must verify (README, upgrade notes).
UPDATE "organizations" o SET "claim_pending_since" = coalesce(o."claimed_at", now())
WHERE o."claimed" AND o."ein" IS NOT NULL AND o."claim_pending_since" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "organization_claims" c WHERE c."organization_id" = o."id")
  AND NOT EXISTS (SELECT 1 FROM "admin_audit_log" a WHERE a."action" = 'nonprofit.approve' AND a."target" = o."id");
--> statement-breakpoint
INSERT INTO "organization_claims" ("id", "organization_id", "user_id", "status", "method", "verified_at", "created_at")
SELECT gen_random_uuid()::text, o."id",
       (SELECT u."id" FROM "users" u WHERE u."organization_id" = o."id" AND u."deleted_at" IS NULL ORDER BY u."created_at" LIMIT 1),
       CASE WHEN o."claim_pending_since" IS NULL THEN 'verified'::claim_status ELSE 'pending'::claim_status END,
       CASE WHEN o."claim_pending_since" IS NULL THEN 'admin'::claim_method ELSE NULL END,
       CASE WHEN o."claim_pending_since" IS NULL THEN now() ELSE NULL END,
       coalesce(o."claimed_at", now())
FROM "organizations" o
WHERE o."claimed" AND NOT EXISTS (SELECT 1 FROM "organization_claims" c WHERE c."organization_id" = o."id");
