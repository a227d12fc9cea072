-- Trust and safety (issue 19).
-- * users.session_version: carried in every session; raising it ends all of a user's sessions
--   (password change or reset, account deletion, "sign out everywhere").
-- * users.pending_email: a new sign-in address waiting for the link sent to it; the old
--   address stays in force until then.
-- * stored_images: which user or organization the storage layer issued each uploaded image to,
--   so an image field accepts only its owner's images and a delete removes only its owner's files.
ALTER TABLE users ADD COLUMN IF NOT EXISTS session_version integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS pending_email citext;--> statement-breakpoint
ALTER TYPE user_token_purpose ADD VALUE IF NOT EXISTS 'email_change';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS stored_images (
  key text PRIMARY KEY,
  owner_user_id text,
  organization_id text REFERENCES organizations(id) ON DELETE CASCADE,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS stored_images_owner_idx ON stored_images (owner_user_id);
