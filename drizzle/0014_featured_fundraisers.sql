-- The home page's "Fundraisers you can support today" orders fundraisers by their succeeded
-- donations of the last days: one short index range per fundraiser instead of reading every
-- donation the fundraiser ever had.
CREATE INDEX IF NOT EXISTS "donations_campaign_momentum_idx" ON "donations" USING btree ("campaign_id","created_at") WHERE "donations"."kind" = 'donation' and "donations"."status" = 'succeeded';--> statement-breakpoint
-- The organizations that may receive gifts are a handful of the 247,693 in the directory: a
-- list joined to them (fundraisers above) looks them up here instead of scanning the table.
CREATE INDEX IF NOT EXISTS "organizations_receiving_idx" ON "organizations" USING btree ("id") WHERE "organizations"."claimed" and "organizations"."live" and "organizations"."approval_status" = 'approved';
