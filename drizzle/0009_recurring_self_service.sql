-- Recurring gifts donors manage themselves (issue 13, section 3): the donor's email for
-- duplicate checks and mail, the charge day, pause, the saved payment method, the retry
-- schedule of a failed period, past due, the pre-charge reminder; and one row per donor
-- and year for the January statement email (idempotent per donor and year).
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "donor_email" text;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "charge_day" smallint;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "payment_method_ref" text;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "payment_method_label" text;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "failed_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "retry_period" text;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "past_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN IF NOT EXISTS "reminder_period" text;--> statement-breakpoint
UPDATE "recurring_gifts" g SET "donor_email" = (
  SELECT lower(d."donor_email") FROM "donations" d WHERE d."recurring_gift_id" = g."id" ORDER BY d."created_at" LIMIT 1
) WHERE g."donor_email" IS NULL;--> statement-breakpoint
UPDATE "recurring_gifts" SET "charge_day" = extract(day FROM "created_at" AT TIME ZONE 'UTC')::smallint WHERE "charge_day" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recurring_gifts_donor_email_idx" ON "recurring_gifts" ("donor_email");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recurring_gifts_retry_idx" ON "recurring_gifts" ("retry_at") WHERE "retry_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "year_end_statement_mails" (
	"donor_email" text NOT NULL,
	"year" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "year_end_statement_mails_pk" PRIMARY KEY ("donor_email", "year")
);
