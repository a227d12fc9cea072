-- Extensions used by the schema and by search: citext (emails, nicknames), pg_trgm (typo-tolerant name search), unaccent.
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
