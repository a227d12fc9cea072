-- A second person may contest a claim ("I run this organization") with the same verification
-- (models/claims.ts): the contest names the claim it contests; when the contested claim is
-- already verified, the contester's proof waits for the admin's decision (proved_at, its
-- method and evidence), who sees both claims side by side in the console.
ALTER TABLE "organization_claims" ADD COLUMN IF NOT EXISTS "contest" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "organization_claims" ADD COLUMN IF NOT EXISTS "contests_claim_id" text;
--> statement-breakpoint
ALTER TABLE "organization_claims" ADD COLUMN IF NOT EXISTS "proved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "organization_claims" ADD COLUMN IF NOT EXISTS "proved_method" "claim_method";
--> statement-breakpoint
ALTER TABLE "organization_claims" ADD COLUMN IF NOT EXISTS "proved_evidence" jsonb;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "organization_claims" ADD CONSTRAINT "organization_claims_contests_claim_id_fk" FOREIGN KEY ("contests_claim_id") REFERENCES "public"."organization_claims"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null; END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_claims_contests_idx" ON "organization_claims" USING btree ("contests_claim_id");
