/**
 * Donor histories a nonprofit imports from another platform's CSV export (0027_donor_imports).
 * An import keeps the uploaded file's text, the column mapping chosen for it and its progress:
 * `processed_line` is the last CSV line whose batch committed, so a run that stopped resumes
 * after it. The gifts it creates are `donations` rows recorded offline, named by `import_id` and
 * `import_row_key` (models/donations.ts). Saved mappings are reusable per organization.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

/** CSV header -> import target (lib/validations/donor-import.ts, IMPORT_TARGETS); a header not listed is ignored. */
export type DonorImportMapping = Record<string, string>;

/** One bad row: its CSV line number (the header is line 1) and why it was refused. */
export type DonorImportRowError = { line: number; reason: string };

/** uploaded: waiting for a dry run and the import; running: some batches committed; completed: every row was processed. */
export const DONOR_IMPORT_STATUSES = ["uploaded", "running", "completed"] as const;
export type DonorImportStatus = (typeof DONOR_IMPORT_STATUSES)[number];

/** The job of an import queued or running (0033_donor_import_jobs): its dry run or its run. */
export type DonorImportJobKind = "dry_run" | "run";
/** queued: waiting in the queue (or for the organization's other import); active: running; failed: stopped with job_error. */
export type DonorImportJobState = "queued" | "active" | "failed";

export const donorImports = pgTable(
  "donor_imports",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The member who uploaded it; null once that account is deleted. */
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** The uploaded file decoded to text (BOM removed, lib/services/donor-imports/decode-csv.ts); parsed by the dry run only. */
    csvText: text("csv_text").notNull(),
    /** The file's header row. */
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    /** Data rows in the file (the header excluded). */
    rowCount: integer("row_count").notNull().default(0),
    mapping: jsonb("mapping").$type<DonorImportMapping>(),
    status: text("status").$type<DonorImportStatus>().notNull().default("uploaded"),
    /** The last CSV line whose batch committed (0: none yet). */
    processedLine: integer("processed_line").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    matchedDonorCount: integer("matched_donor_count").notNull().default(0),
    newDonorCount: integer("new_donor_count").notNull().default(0),
    /** The bad rows of the last dry run or run (at most MAX_REPORTED_ERRORS). */
    errors: jsonb("errors").$type<DonorImportRowError[]>().notNull().default([]),
    completedAt: at("completed_at"),
    /** The encoding the file was read in (lib/services/donor-imports/decode-csv.ts). */
    encoding: text("encoding"),
    jobKind: text("job_kind").$type<DonorImportJobKind>(),
    jobState: text("job_state").$type<DonorImportJobState>(),
    /** A plain sentence for the person when the job stopped (never a database error). */
    jobError: text("job_error"),
    /** Renewed by a running job; an organization's other imports wait while it is recent. */
    jobHeartbeatAt: at("job_heartbeat_at"),
    /** Data rows the running dry run has read so far. */
    checkedRows: integer("checked_rows").notNull().default(0),
    /** The last dry run's outcome (lib/services/donor-imports DryRunResult); null before one. */
    dryRun: jsonb("dry_run").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("donor_imports_status_ck", sql`${t.status} in ('uploaded', 'running', 'completed')`),
    check("donor_imports_job_ck", sql`(${t.jobKind} is null or ${t.jobKind} in ('dry_run', 'run')) and (${t.jobState} is null or ${t.jobState} in ('queued', 'active', 'failed'))`),
    index("donor_imports_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);

/** A column mapping saved under a name, to reuse for the next export of the same platform. */
export const donorImportMappings = pgTable(
  "donor_import_mappings",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mapping: jsonb("mapping").$type<DonorImportMapping>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("donor_import_mappings_org_name_uq").on(t.organizationId, t.name)],
);

/**
 * The good rows of an import's last dry run, parsed once and read back by the run in line order
 * (0033_donor_import_jobs); `gift` is the row as it will be written (amounts in integer cents).
 */
export const donorImportRows = pgTable(
  "donor_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => donorImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    gift: jsonb("gift").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
