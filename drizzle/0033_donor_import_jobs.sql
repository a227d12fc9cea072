-- Donor imports run as jobs of the queue (lib/services/donor-imports/import-jobs.ts): the dry
-- run parses the file once and keeps its good rows in donor_import_rows, the run writes those
-- rows in batches; donor_imports records which job is queued or running and its progress so the
-- page can show it. Amounts inside `gift` are integer cents.
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "encoding" text;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "job_kind" text;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "job_state" text;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "job_error" text;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "job_heartbeat_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "checked_rows" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD COLUMN IF NOT EXISTS "dry_run" jsonb;
--> statement-breakpoint
ALTER TABLE "donor_imports" DROP CONSTRAINT IF EXISTS "donor_imports_job_ck";
--> statement-breakpoint
ALTER TABLE "donor_imports" ADD CONSTRAINT "donor_imports_job_ck" CHECK (("job_kind" IS NULL OR "job_kind" IN ('dry_run', 'run')) AND ("job_state" IS NULL OR "job_state" IN ('queued', 'active', 'failed')));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "donor_import_rows" (
	"import_id" text NOT NULL REFERENCES "donor_imports"("id") ON DELETE CASCADE,
	"line" integer NOT NULL,
	"gift" jsonb NOT NULL,
	PRIMARY KEY ("import_id", "line")
);
