-- An organization's members read its entries of the admin audit log, newest first, as their
-- account activity (lib/services/organizations/organization-audit.ts): one index on the target
-- and the time answers that read without scanning every admin action.
CREATE INDEX IF NOT EXISTS "admin_audit_log_target_created_idx" ON "admin_audit_log" USING btree ("target","created_at");
