-- Tribute gifts: a gift the donor dedicates "in honor of" or "in memory of" someone, with an
-- optional card emailed to a recipient on a day the donor picks. The tribute is part of the
-- gift (donations), written by the checkout with it; the card's facts are one jsonb value
-- (recipient name and email, message, send day YYYY-MM-DD in the donor's IANA time zone, and
-- whether the card shows the amount). The card itself is a mail-queue job, queued when the
-- gift succeeds.
CREATE TYPE "public"."tribute_type" AS ENUM('honor', 'memory');--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "tribute_type" "tribute_type";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "tribute_name" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "tribute_card" jsonb;--> statement-breakpoint
-- A tribute names its honoree; a card belongs to a tribute.
ALTER TABLE "donations" ADD CONSTRAINT "donations_tribute_name_ck" CHECK (("tribute_type" IS NULL) = ("tribute_name" IS NULL));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_tribute_card_ck" CHECK ("tribute_card" IS NULL OR "tribute_type" IS NOT NULL);
