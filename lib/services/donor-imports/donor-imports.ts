/**
 * Importing a donor history from another platform's CSV export (Manage Donations → Donors →
 * Import): upload, a dry run, then the import in batches. The upload decodes the file
 * (decode-csv.ts) and counts its rows; the dry run and the import run as jobs of the queue
 * (import-jobs.ts), never inside a request: the dry run parses the file once and keeps its good
 * rows (donor_import_rows), which the run then writes, so the file is never parsed again.
 *
 * What happened to each exported payment decides whether it is a gift: only a succeeded
 * payment is, and it counts what was not refunded (a partly refunded gift counts its rest, in
 * integer cents); failed, cancelled, pending and fully refunded rows are skipped and counted by
 * status in the dry run (lib/validations/donor-import.ts giftOfRow).
 *
 * An imported gift is a gift recorded offline (lib/services/donations/offline-gifts.ts): a
 * `donations` row with no payment (so payouts and money received through the platform never see
 * it, docs/decisions/0007-payment-model.md), status succeeded, `offline_method` from the row's
 * payment method ("other_platform" for a card or bank payment made on the other platform),
 * `received_on` the calendar day in the organization's time zone and its created and succeeded
 * times that day at noon UTC, in-kind property at 0 cents (IRS Publication 1771). It counts in the
 * Donors view and its segments like any gift. The donor's name and email were given to the
 * organization directly, which imports them, so they are shared with it (the offline-gift rule);
 * an email names the same donor as the organization's earlier gifts sharing it (lower-cased).
 *
 * Idempotent: each row has a key ("ext:<transaction id>" when that column is mapped, else
 * "row:<sha-256 of the normalized row>:<n>", n counting identical rows of the file), unique per
 * organization (donations_import_row_uq), so importing the same rows again creates nothing.
 * Crash-safe and resumable: rows are written in batches (default 500), each batch in one
 * transaction together with the import's progress (`processed_line`), so a run that stops leaves
 * no half batch and the next run resumes after the last committed one.
 *
 * Side effects: no receipt, thank-you email, domain event or webhook is sent for imported
 * history (the other platform receipted it); fundraisers' progress moves by the gifts imported
 * into them, their donor keys are claimed in organization_donors, and each completed import is
 * written to organization_audit_log (counts only, never contact details). Cells are data: they
 * are parsed as text, never evaluated. Errors name the row's line and a reason, never its values.
 *
 * Access: every function authorizes "donation.recordOffline" for the organization (a current
 * member, checked against the database); an import of another organization is "not found".
 */
import "server-only";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeOrganization, unauthenticated } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { refreshGiftPages } from "@/lib/cache/public-pages";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { refreshDonorSummaries } from "@/lib/services/donor-relationships/donor-summaries";
import { claimDonorKeys, existingDonorKeys } from "@/lib/services/donor-relationships/donors-view";
import { reportTimeZone } from "@/lib/services/reports/donation-report";
import { zonedCalendarDay } from "@/lib/time/zoned-time";
import { DONOR_IMPORT_QUEUE, sendJob } from "@/lib/mail/queue";
import { zodFieldErrors } from "@/lib/validations/field-errors";
import {
  donorImportMappingSchema,
  giftOfRow,
  parseImportStatus,
  parseRefundedCents,
  type SkippedStatus,
  importMethodOf,
  isEmail,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  parseAmountCents,
  parseGiftDay,
  saveImportMappingBody,
  suggestMapping,
  type ImportMethod,
  type ImportTarget,
} from "@/lib/validations/donor-import";
import { messages } from "@/lib/validations/messages";
import {
  fundraisers,
  donations,
  donorImportMappings,
  donorImportRows,
  donorImports,
  organizationAuditLog,
  type DonorImportJobKind,
  type DonorImportJobState,
  type DonorImportMapping,
  type DonorImportRowError,
  type DonorImportStatus,
  type OfflineGiftDetails,
} from "@/models";
import { decodeCsv } from "./decode-csv";
import { csvRecords, csvShape } from "./read-csv";

const m = messages.donorImport;

/** Rows written per transaction by default. */
export const IMPORT_BATCH_SIZE = 500;
/** The most bad rows kept and returned ("line N: reason"); the count is always exact. */
export const MAX_REPORTED_ERRORS = 1000;
/** Rows shown in the dry run's preview. */
export const PREVIEW_ROWS = 20;

/** Good rows kept per statement when the dry run stores them. */
const STORE_CHUNK_ROWS = 1000;

/**
 * Dry runs and runs an organization may queue per hour (each reads or writes up to 100,000
 * rows; OWASP ASVS 5.0 2.4.1: anti-automation limits on resource-intensive functions).
 */
export const DONOR_IMPORT_JOBS_PER_HOUR = 20;

/** The audit log's action of a completed import. */
export const DONOR_IMPORT_AUDIT = { completed: "donor_import.completed" } as const;

/** An uploaded import as the page shows it (never the file's text). */
export type DonorImportView = {
  id: string;
  organizationId: string;
  fileName: string;
  headers: string[];
  /** Up to three data rows, cell by cell, to help choose each column's target. */
  samples: string[][];
  rowCount: number;
  /** The stored mapping, else the one suggested from the headers. */
  mapping: Record<string, ImportTarget>;
  suggested: boolean;
  status: DonorImportStatus;
  progress: DonorImportProgress;
  /** The encoding the file was read in ("UTF-8", "UTF-16LE", "windows-1252", ...). */
  encoding: string | null;
  /** The dry run or run queued or running, or the one that stopped with `error`; null when none. */
  job: { kind: DonorImportJobKind; state: DonorImportJobState; error: string | null } | null;
  /** Rows the dry run has read so far (of rowCount). */
  checkedRows: number;
  /** The last dry run's outcome; null before one finished. */
  dryRun: DryRunResult | null;
  /** Good rows the run writes (0 before a dry run) and those done (created or already imported). */
  goodRows: number;
  doneRows: number;
};

/** Counts of a run so far (gifts and donors). */
export type DonorImportProgress = {
  /** The last CSV line whose batch committed (0: none). */
  processedLine: number;
  created: number;
  duplicates: number;
  failed: number;
  matchedDonors: number;
  newDonors: number;
  /** "line N: reason", at most MAX_REPORTED_ERRORS. */
  errors: string[];
};

/** One row of the dry run's preview. Amount in cents; day YYYY-MM-DD. */
export type PreviewRow = {
  line: number;
  receivedOn: string;
  amountCents: Cents;
  name: string | null;
  email: string | null;
  method: ImportMethod;
  /** The organization's fundraiser of that exact name, or null (a direct donation). */
  fundraiser: string | null;
  outcome: "create" | "duplicate";
};

/** What an import with this mapping would do, without writing any gift. */
export type DryRunResult = {
  rows: number;
  /** Gifts that would be created. */
  create: number;
  /** Rows already imported (same key): nothing is created for them. */
  duplicates: number;
  /** Donors (by email, else name) the organization already has, among the file's good rows. */
  matchedDonors: number;
  /** Donors that would appear for the first time. */
  newDonors: number;
  failed: number;
  /** Rows skipped for what happened to the payment, by status (never gifts). */
  skipped: Record<SkippedStatus, number>;
  /** Rows that are gifts (create + duplicates). */
  goodRows: number;
  /** What the gifts to create add up to, in integer cents (refunds taken off). */
  createCents: Cents;
  /** "line N: reason", in file order, at most MAX_REPORTED_ERRORS. */
  errors: string[];
  preview: PreviewRow[];
};

/** A run's outcome: done when every row was processed. */
export type RunResult = { status: DonorImportStatus; rows: number; goodRows: number; doneRows: number } & DonorImportProgress;

/** An import's row without the file's text (read only by the dry run: fileText). */
type ImportRow = Omit<typeof donorImports.$inferSelect, "csvText">;
const importColumns = Object.fromEntries(Object.entries(getTableColumns(donorImports)).filter(([name]) => name !== "csvText")) as Omit<ReturnType<typeof getTableColumns<typeof donorImports>>, "csvText">;

/** A good row, ready to write. */
type ImportedGift = {
  line: number;
  key: string;
  receivedOn: string;
  amountCents: Cents;
  email: string | null;
  name: string | null;
  method: ImportMethod;
  checkNumber: string | null;
  campaignId: string | null;
  fundraiser: string | null;
  note: string | null;
  externalId: string | null;
  /** Cents refunded on the other platform (taken off amountCents already). */
  refundedCents: Cents;
};

export type UploadDonorImportOptions = { actor: Actor | null; organizationId: string; fileName: string; bytes: Uint8Array };

/**
 * Store an uploaded CSV for `organizationId` and suggest a mapping from its headers (a saved
 * mapping of the organization whose headers all appear in the file is preferred).
 * @returns the import (status "uploaded").
 * @throws AppError(unauthenticated | forbidden | not_found) as authorizeOrganization;
 *   AppError(payload_too_large) over 20 MB; AppError(validation) for a binary file (an image, a
 *   workbook, NUL characters: messages.donorImport.binaryFile), a file with no header, no rows or
 *   more than 100,000 rows.
 */
export async function uploadDonorImport({ actor, organizationId, fileName, bytes }: UploadDonorImportOptions): Promise<DonorImportView> {
  authorize(actor, "donation.recordOffline", { organizationId });
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError("payload_too_large", m.fileTooLarge);
  const { text, encoding } = decodeCsv(bytes);
  const db = await getDb();
  await authorizeOrganization(db, actor, "donation.recordOffline", organizationId);
  const shape = await csvShape(text);
  if (!shape.headers || shape.headers.every((h) => h === "")) throw invalid(m.noHeader);
  if (shape.rows === 0) throw invalid(m.noRows);
  if (shape.rows > MAX_IMPORT_ROWS) throw invalid(m.tooManyRows);
  const headers = uniqueHeaders(shape.headers);
  const saved = await db
    .select({ mapping: donorImportMappings.mapping })
    .from(donorImportMappings)
    .where(eq(donorImportMappings.organizationId, organizationId))
    .orderBy(desc(donorImportMappings.updatedAt));
  const fits = saved.find((s) => Object.keys(s.mapping).length > 0 && Object.keys(s.mapping).every((h) => headers.includes(h)));
  const [row] = await db
    .insert(donorImports)
    .values({ organizationId, createdByUserId: actor.role === "admin" ? null : actor.id, fileName: fileName.slice(0, 200) || "import.csv", csvText: text, encoding, headers, rowCount: shape.rows, mapping: fits ? fits.mapping : null })
    .returning(importColumns);
  return toView(row!, shape.samples);
}

export type DonorImportOptions = { actor: Actor | null; importId: string };

/**
 * An import of the caller's organization with its progress.
 * @throws AppError(not_found) for an unknown import or another organization's; as authorizeOrganization.
 */
export async function getDonorImport({ actor, importId }: DonorImportOptions): Promise<DonorImportView> {
  const db = await getDb();
  const row = await findOwnImport(db, actor, importId);
  // The first 64 KB hold the header and the sample rows; the whole file is never read here.
  const [head] = rowsOf(await db.execute(sql`select left(csv_text, 65536) as t from donor_imports where id = ${row.id}`)) as { t: string }[];
  const { samples } = await csvShape(head?.t ?? "");
  return toView(row, samples);
}

export type DryRunOptions = DonorImportOptions & {
  mapping: unknown;
  now?: Date;
  /** Told the number of data rows read so far, every few thousand rows (the job shows progress with it). */
  onProgress?: (rowsRead: number) => Promise<void> | void;
};

/**
 * Check every row with `mapping` (validated with donorImportMappingSchema, then stored on the
 * import) and tell what the import would create, match and skip; writes no gift. The file is
 * parsed here, once: the good rows are kept (donor_import_rows) with the result, and the run
 * writes exactly those. Once the import has started, the stored result is returned unchanged.
 * Runs in the import job (import-jobs.ts); a request queues it with queueDonorImportDryRun.
 * @returns DryRunResult. @throws as getDonorImport; AppError(validation) for a bad mapping;
 *   AppError(conflict) once the import has started with another mapping.
 */
export async function dryRunDonorImport({ actor, importId, mapping, now = new Date(), onProgress }: DryRunOptions): Promise<DryRunResult> {
  const db = await getDb();
  const row = await findOwnImport(db, actor, importId);
  const parsed = parseMapping(mapping);
  await storeMapping(db, row, parsed);
  if (row.status !== "uploaded" && row.dryRun) return row.dryRun as DryRunResult;
  await db.update(donorImports).set({ dryRun: null }).where(eq(donorImports.id, row.id));
  const text = await fileText(db, row.id);
  const { gifts, errors, failed, skipped } = await analyze(db, row, text, parsed, now, onProgress);
  const existingKeys = await existingRowKeys(db, row.organizationId, gifts.map((g) => g.key));
  const donorKeys = [...new Set(gifts.map(donorKeyOf).filter((k): k is string => k !== null))];
  const known = await existingDonorKeys({ db, organizationId: row.organizationId, keys: donorKeys });
  const toCreate = gifts.filter((g) => !existingKeys.has(g.key));
  const newKeys = new Set(toCreate.map(donorKeyOf).filter((k): k is string => k !== null && !known.has(k)));
  const result: DryRunResult = {
    rows: row.rowCount,
    create: toCreate.length,
    duplicates: gifts.length - toCreate.length,
    matchedDonors: known.size,
    newDonors: newKeys.size,
    failed,
    skipped,
    goodRows: gifts.length,
    createCents: toCreate.reduce((sum, g) => sum + (g.method === "in_kind" ? 0 : g.amountCents), 0),
    errors: errors.map(errorText),
    preview: gifts.slice(0, PREVIEW_ROWS).map((g) => ({
      line: g.line,
      receivedOn: g.receivedOn,
      amountCents: g.amountCents,
      name: g.name,
      email: g.email,
      method: g.method,
      fundraiser: g.campaignId ? g.fundraiser : null,
      outcome: existingKeys.has(g.key) ? "duplicate" : "create",
    })),
  };
  await storeRows(db, row.id, gifts);
  await db
    .update(donorImports)
    .set({ dryRun: result as unknown as Record<string, unknown>, failedCount: failed, errors: errors.slice(0, MAX_REPORTED_ERRORS) })
    .where(eq(donorImports.id, row.id));
  return result;
}

/**
 * Keep the good rows of a dry run in place of the earlier ones, a chunk per statement (no
 * transaction spans the whole file: on the embedded database one would hold its only
 * connection, and every other request, for its duration).
 */
async function storeRows(db: Executor, importId: string, gifts: ImportedGift[]): Promise<void> {
  await db.delete(donorImportRows).where(eq(donorImportRows.importId, importId));
  for (let i = 0; i < gifts.length; i += STORE_CHUNK_ROWS) {
    const chunk = gifts.slice(i, i + STORE_CHUNK_ROWS);
    await db.insert(donorImportRows).values(chunk.map((g) => ({ importId, line: g.line, gift: { ...g, donorKey: donorKeyOf(g) } as unknown as Record<string, unknown> })));
    await yieldToRequests();
  }
}

/** Let the requests waiting on this process's event loop run before the next chunk of work. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The uploaded file's text. */
async function fileText(db: Executor, importId: string): Promise<string> {
  const [r] = await db.select({ text: donorImports.csvText }).from(donorImports).where(eq(donorImports.id, importId));
  return r?.text ?? "";
}

export type RunDonorImportOptions = DonorImportOptions & {
  now?: Date;
  /** Rows per transaction (default IMPORT_BATCH_SIZE). */
  batchSize?: number;
  /** Stop after this many batches (the caller calls again to go on); default: every batch. */
  maxBatches?: number;
  /**
   * Called inside each batch's transaction after its writes, before it commits (tests use it to
   * make a batch fail as a crash would).
   */
  afterBatchWrite?: (batch: number) => Promise<void> | void;
};

/**
 * Import the rows the dry run kept, in line order and in batches, each in one transaction with
 * the import's progress (and the job's heartbeat); resumes after the last committed batch. Once
 * every row is processed the import is completed (counts, audit entry); running a completed
 * import again changes nothing. The file is not parsed again. Runs in the import job
 * (import-jobs.ts); a request queues it with queueDonorImportRun.
 * @returns RunResult (status "running" when stopped by maxBatches, "completed" at the end).
 * @throws as getDonorImport; AppError(validation) messages.donorImport.dryRunRequired before a
 *   dry run; whatever a batch throws (that batch is rolled back, earlier ones stay).
 */
export async function runDonorImport({ actor, importId, now = new Date(), batchSize = IMPORT_BATCH_SIZE, maxBatches = Infinity, afterBatchWrite }: RunDonorImportOptions): Promise<RunResult> {
  const db = await getDb();
  const row = await findOwnImport(db, actor, importId);
  const dry = row.dryRun as DryRunResult | null;
  if (!row.mapping || !dry) throw invalid(m.dryRunRequired);
  const goodRows = dry.goodRows;
  if (row.status === "completed") return { status: row.status, rows: row.rowCount, goodRows, doneRows: row.createdCount + row.duplicateCount, ...progressOf(row) };
  const touched = new Set<string>();
  let current = row;
  for (let batch = 0; current.status !== "completed" && batch < maxBatches; batch++) {
    current = await db.transaction(async (tx) => {
      const [locked] = await tx.select(importColumns).from(donorImports).where(eq(donorImports.id, importId)).for("update");
      if (!locked || locked.status === "completed") return locked ?? current;
      const next = (
        await tx
          .select({ gift: donorImportRows.gift })
          .from(donorImportRows)
          .where(and(eq(donorImportRows.importId, importId), gt(donorImportRows.line, locked.processedLine)))
          .orderBy(asc(donorImportRows.line))
          .limit(batchSize)
      ).map((r) => r.gift as unknown as ImportedGift);
      if (next.length === 0) return complete(tx, actor!, locked, now);
      const created = await writeBatch(tx, locked, next);
      for (const id of created.campaignIds) touched.add(id);
      await afterBatchWrite?.(batch);
      const [updated] = await tx
        .update(donorImports)
        .set({
          status: "running",
          processedLine: next[next.length - 1]!.line,
          createdCount: sql`${donorImports.createdCount} + ${created.count}`,
          duplicateCount: sql`${donorImports.duplicateCount} + ${next.length - created.count}`,
          jobHeartbeatAt: new Date(),
        })
        .where(eq(donorImports.id, importId))
        .returning(importColumns);
      return updated!;
    });
    // The Donors view's summaries take in each committed batch here, so the first read after a
    // large import does not recompute every imported donor at once.
    await refreshDonorSummaries({ db, organizationId: row.organizationId });
    await yieldToRequests();
  }
  for (const fundraiserId of touched) refreshGiftPages({ organizationId: row.organizationId, campaignId: fundraiserId });
  return { status: current.status, rows: current.rowCount, goodRows, doneRows: current.createdCount + current.duplicateCount, ...progressOf(current) };
}

export type QueueDryRunOptions = DonorImportOptions & { mapping: unknown };

/**
 * Queue the dry run of an import with `mapping` (validated and stored now, so a bad mapping is
 * answered at once); the import job runs it (import-jobs.ts) and GET /api/donor-imports/{id}
 * shows its progress and result. Nothing is queued once the import has started (its dry run is
 * kept). Counts against the organization's DONOR_IMPORT_JOBS_PER_HOUR.
 * @returns the import's view (job queued). @throws as dryRunDonorImport before its work;
 *   AppError(conflict) messages.donorImport.importBusy while a job of this import is queued or
 *   running; AppError(rate_limited) past the hourly allowance.
 */
export async function queueDonorImportDryRun({ actor, importId, mapping }: QueueDryRunOptions): Promise<DonorImportView> {
  const db = await getDb();
  const row = await findOwnImport(db, actor, importId);
  const parsed = parseMapping(mapping);
  if (row.jobState === "queued" || row.jobState === "active") throw new AppError("conflict", m.importBusy);
  await storeMapping(db, row, parsed);
  if (row.status === "uploaded" || !row.dryRun) await queueJob(db, actor!, row, "dry_run");
  return getDonorImport({ actor, importId });
}

/**
 * Queue the import of the rows the dry run kept; the import job writes them in batches
 * (import-jobs.ts) and GET /api/donor-imports/{id} shows its progress. A completed import is
 * answered as it is. Counts against the organization's DONOR_IMPORT_JOBS_PER_HOUR.
 * @returns the import's view. @throws as getDonorImport; AppError(validation) dryRunRequired
 *   before a dry run finished; AppError(conflict) importBusy; AppError(rate_limited).
 */
export async function queueDonorImportRun({ actor, importId }: DonorImportOptions): Promise<DonorImportView> {
  const db = await getDb();
  const row = await findOwnImport(db, actor, importId);
  if (row.jobState === "queued" || row.jobState === "active") throw new AppError("conflict", m.importBusy);
  if (!row.mapping || !row.dryRun) throw invalid(m.dryRunRequired);
  if (row.status !== "completed") await queueJob(db, actor!, row, "run");
  return getDonorImport({ actor, importId });
}

/** A job of the donor-import queue: the import, what to do, and who asked (checked again when it runs). */
export type DonorImportJob = { importId: string; kind: DonorImportJobKind; actor: Pick<Actor, "id" | "role" | "organizationId"> };

/** Take one of the organization's hourly allowance, mark the job queued and send it, in one transaction. */
async function queueJob(db: Executor, actor: Actor, row: ImportRow, kind: DonorImportJobKind): Promise<void> {
  await consumeAll([[makeDbLimiter(db, "donor_import_jobs", DONOR_IMPORT_JOBS_PER_HOUR, 60 * 60), row.organizationId]], m.importsRateLimited);
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(donorImports)
      .set({ jobKind: kind, jobState: "queued", jobError: null, ...(kind === "dry_run" ? { checkedRows: 0 } : {}) })
      .where(and(eq(donorImports.id, row.id), sql`(${donorImports.jobState} is null or ${donorImports.jobState} = 'failed')`))
      .returning({ id: donorImports.id });
    if (!marked) throw new AppError("conflict", m.importBusy);
    const job: DonorImportJob = { importId: row.id, kind, actor: { id: actor.id, role: actor.role, organizationId: actor.organizationId } };
    await sendJob(DONOR_IMPORT_QUEUE, job, { tx });
  });
}

/** A saved mapping: its name and header -> target. */
export type SavedMapping = { id: string; name: string; mapping: Record<string, ImportTarget> };

/**
 * The organization's saved mappings, by name.
 * @throws as authorizeOrganization.
 */
export async function listImportMappings({ actor, organizationId }: { actor: Actor | null; organizationId: string }): Promise<SavedMapping[]> {
  authorize(actor, "donation.recordOffline", { organizationId });
  const db = await getDb();
  await authorizeOrganization(db, actor, "donation.recordOffline", organizationId);
  const rows = await db
    .select({ id: donorImportMappings.id, name: donorImportMappings.name, mapping: donorImportMappings.mapping })
    .from(donorImportMappings)
    .where(eq(donorImportMappings.organizationId, organizationId))
    .orderBy(donorImportMappings.name);
  return rows.map((r) => ({ ...r, mapping: r.mapping as Record<string, ImportTarget> }));
}

/**
 * Save `input` ({ name, mapping }, saveImportMappingBody) for the organization; a mapping of the
 * same name is replaced.
 * @throws as authorizeOrganization; AppError(validation) for a bad name or mapping.
 */
export async function saveImportMapping({ actor, organizationId, input }: { actor: Actor | null; organizationId: string; input: unknown }): Promise<SavedMapping> {
  authorize(actor, "donation.recordOffline", { organizationId });
  const parsed = saveImportMappingBody.safeParse(input);
  if (!parsed.success) {
    const fields = zodFieldErrors(parsed.error);
    throw new AppError("validation", Object.values(fields)[0] ?? m.mappingInvalid, fields);
  }
  const db = await getDb();
  await authorizeOrganization(db, actor, "donation.recordOffline", organizationId);
  const [row] = await db
    .insert(donorImportMappings)
    .values({ organizationId, name: parsed.data.name, mapping: parsed.data.mapping })
    .onConflictDoUpdate({ target: [donorImportMappings.organizationId, donorImportMappings.name], set: { mapping: parsed.data.mapping, updatedAt: new Date() } })
    .returning({ id: donorImportMappings.id, name: donorImportMappings.name, mapping: donorImportMappings.mapping });
  return { ...row!, mapping: row!.mapping as Record<string, ImportTarget> };
}

const invalid = (message: string) => new AppError("validation", message, { file: message });

/** Headers made unique ("Amount", "Amount (2)") and never empty ("Column 3"), so a mapping names each one. */
function uniqueHeaders(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h, i) => {
    const base = h || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * The import `importId` when `actor` may use it: a current member of its organization.
 * @throws AppError(unauthenticated) for nobody; AppError(not_found) for an unknown import or
 *   another organization's; AppError(forbidden) for a stale session.
 */
async function findOwnImport(db: Executor, actor: Actor | null, importId: string): Promise<ImportRow> {
  if (!actor) throw unauthenticated();
  const [row] = await db.select(importColumns).from(donorImports).where(eq(donorImports.id, importId)).limit(1);
  if (!row || !can(actor, "donation.recordOffline", { organizationId: row.organizationId })) throw new AppError("not_found", m.notFound);
  await authorizeOrganization(db, actor, "donation.recordOffline", row.organizationId);
  return row;
}

/** @throws AppError(validation) with the first problem of the mapping. */
function parseMapping(input: unknown): Record<string, ImportTarget> {
  const parsed = donorImportMappingSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? m.mappingInvalid;
  throw new AppError("validation", message, { mapping: message });
}

/** Keep `mapping` on the import. @throws AppError(conflict) once rows were written with another one. */
async function storeMapping(db: Executor, row: ImportRow, mapping: Record<string, ImportTarget>): Promise<void> {
  const same = JSON.stringify(row.mapping ?? null) === JSON.stringify(mapping);
  if (same) return;
  if (row.status !== "uploaded") throw new AppError("conflict", m.mappingLocked);
  await db.update(donorImports).set({ mapping }).where(and(eq(donorImports.id, row.id), eq(donorImports.status, "uploaded")));
  row.mapping = mapping;
}

const LIMITS: Partial<Record<ImportTarget, { max: number; label: string }>> = {
  email: { max: 254, label: "Email" },
  firstName: { max: 100, label: "First name" },
  lastName: { max: 100, label: "Last name" },
  fullName: { max: 200, label: "Name" },
  checkNumber: { max: 40, label: "Check number" },
  fundraiser: { max: 200, label: "Fundraiser" },
  note: { max: 1000, label: "Note" },
  externalId: { max: 200, label: "Transaction ID" },
  status: { max: 100, label: "Status" },
  refundedAmount: { max: 40, label: "Refunded amount" },
};

/** Rows read between two progress reports of the dry run. */
const PROGRESS_EVERY_ROWS = 5000;

/**
 * Every row of the import's file `text` checked with `mapping`: the good rows (with their keys,
 * their amounts net of refunds), the rows skipped for their payment's status (counted by
 * status) and the bad ones ("line N: reason"), in file order. A row's status is read first: a
 * failed, cancelled or pending payment is skipped whatever its other cells hold.
 */
async function analyze(
  db: Executor,
  row: ImportRow,
  text: string,
  mapping: Record<string, ImportTarget>,
  now: Date,
  onProgress?: (rowsRead: number) => Promise<void> | void,
): Promise<{ gifts: ImportedGift[]; errors: DonorImportRowError[]; failed: number; skipped: Record<SkippedStatus, number> }> {
  const timeZone = await reportTimeZone({ db, organizationId: row.organizationId });
  const today = zonedCalendarDay(now, timeZone);
  const fundraiserIdsByName = new Map(
    (await db.select({ id: fundraisers.id, name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.organizationId, row.organizationId))).map((c) => [c.name, c.id] as const),
  );
  const gifts: ImportedGift[] = [];
  const errors: DonorImportRowError[] = [];
  const skipped: Record<SkippedStatus, number> = { failed: 0, cancelled: 0, refunded: 0, pending: 0 };
  const hasRefundColumn = Object.values(mapping).includes("refundedAmount");
  let failed = 0;
  let read = 0;
  const fail = (line: number, reason: string) => {
    failed++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, reason });
  };
  const seen = new Map<string, number>();
  let headers: string[] | null = null;
  let columns: [number, ImportTarget][] = [];
  for await (const record of csvRecords(text)) {
    if (!headers) {
      if (!("cells" in record)) continue;
      headers = uniqueHeaders(record.cells.map((h) => h.trim()));
      columns = headers.flatMap((h, i) => (mapping[h] ? [[i, mapping[h]] as [number, ImportTarget]] : []));
      continue;
    }
    if (++read % PROGRESS_EVERY_ROWS === 0) await onProgress?.(read);
    if (!("cells" in record)) {
      fail(record.line, m.unreadable);
      continue;
    }
    const cells = record.cells;
    if (cells.length < headers.length || cells.slice(headers.length).some((c) => c.trim() !== "")) {
      fail(record.line, m.columnCount(headers.length, cells.length));
      continue;
    }
    const v = {} as Record<ImportTarget, string>;
    let tooLong: string | null = null;
    for (const [i, target] of columns) {
      const value = (cells[i] ?? "").trim();
      const limit = LIMITS[target];
      if (limit && value.length > limit.max) tooLong ??= m.fieldTooLong(limit.label);
      v[target] = value;
    }
    if (tooLong) {
      fail(record.line, tooLong);
      continue;
    }
    const status = parseImportStatus(v.status ?? "");
    if (!status.ok) {
      fail(record.line, status.reason);
      continue;
    }
    if (status.value === "failed" || status.value === "cancelled" || status.value === "pending") {
      skipped[status.value]++;
      continue;
    }
    const day = parseGiftDay(v.date ?? "", timeZone, today);
    if (!day.ok) {
      fail(record.line, day.reason);
      continue;
    }
    const amount = parseAmountCents(v.amount ?? "");
    if (!amount.ok) {
      fail(record.line, amount.reason);
      continue;
    }
    const refunded = parseRefundedCents(v.refundedAmount ?? "");
    if (!refunded.ok) {
      fail(record.line, refunded.reason);
      continue;
    }
    const outcome = giftOfRow(amount.value, status.value, refunded.value, hasRefundColumn);
    if (!outcome.ok) {
      fail(record.line, outcome.reason);
      continue;
    }
    if ("skip" in outcome) {
      skipped[outcome.skip]++;
      continue;
    }
    const email = v.email ? v.email.toLowerCase() : null;
    if (email && !isEmail(email)) {
      fail(record.line, m.emailInvalid);
      continue;
    }
    const name = (v.fullName || [v.firstName, v.lastName].filter(Boolean).join(" ")).replace(/\s+/g, " ").trim() || null;
    const method = importMethodOf(v.method ?? "");
    const fundraiser = v.fundraiser || null;
    const gift: Omit<ImportedGift, "key"> = {
      line: record.line,
      receivedOn: day.value,
      amountCents: outcome.cents,
      refundedCents: refunded.value,
      email,
      name,
      method,
      checkNumber: method === "check" ? v.checkNumber || null : null,
      campaignId: fundraiser ? (fundraiserIdsByName.get(fundraiser) ?? null) : null,
      fundraiser,
      note: v.note || null,
      externalId: v.externalId || null,
    };
    gifts.push({ ...gift, key: rowKey(gift, seen) });
  }
  await onProgress?.(read);
  return { gifts, errors, failed, skipped };
}

/**
 * A row's import key: "ext:<transaction id>" when the file has one, else the sha-256 of the
 * row's normalized content with the number of identical rows before it (two equal gifts on one
 * day stay two gifts; the same file imported again gives the same keys).
 */
function rowKey(g: Omit<ImportedGift, "key">, seen: Map<string, number>): string {
  if (g.externalId) return `ext:${g.externalId}`;
  const digest = createHash("sha256")
    .update(JSON.stringify([g.receivedOn, g.amountCents, g.email, g.name, g.method, g.checkNumber, g.fundraiser, g.note]))
    .digest("hex");
  const n = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, n);
  return `row:${digest}:${n}`;
}

/** The Donors view's key of an imported gift (its email, else its name), as donors-view.ts builds it. */
function donorKeyOf(g: ImportedGift): string | null {
  if (g.email) return `email:${g.email}`;
  if (g.name) return `name:${g.name}`;
  return null;
}

/** Of `keys`, those an earlier import of the organization already wrote. */
async function existingRowKeys(db: Executor, organizationId: string, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    const rows = rowsOf(
      await db.execute(sql`select import_row_key as k from donations where organization_id = ${organizationId} and import_row_key in (${sql.join(chunk.map((k) => sql`${k}`), sql`, `)})`),
    ) as { k: string }[];
    for (const r of rows) found.add(r.k);
  }
  return found;
}

/** Noon UTC of a calendar day: that same day in every US time zone (as offline gifts are stored). */
function noonUtc(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

/**
 * Write one batch of good rows in `tx`: each gift joins the donor an earlier gift sharing its
 * email names (its account, and its name when the row has none); rows already imported are
 * skipped by the unique key. @returns how many gifts were created and the fundraisers they moved.
 */
async function writeBatch(tx: Executor, row: ImportRow, batch: ImportedGift[]): Promise<{ count: number; campaignIds: string[] }> {
  const emails = [...new Set(batch.map((g) => g.email).filter((e): e is string => e !== null))];
  const donors = new Map<string, { donorUserId: string | null; donorName: string | null }>();
  if (emails.length) {
    const found = rowsOf(
      await tx.execute(sql`select distinct on (lower(btrim(donor_email))) lower(btrim(donor_email)) as email, donor_user_id, case when share_name then donor_name end as donor_name
          from donations
         where organization_id = ${row.organizationId} and share_email and not anonymous
           and lower(btrim(donor_email)) in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})
         order by lower(btrim(donor_email)), created_at desc, id desc`),
    ) as { email: string; donor_user_id: string | null; donor_name: string | null }[];
    for (const f of found) donors.set(f.email, { donorUserId: f.donor_user_id, donorName: f.donor_name });
  }
  const values = batch.map((g) => {
    const known = g.email ? donors.get(g.email) : undefined;
    const name = g.name ?? known?.donorName ?? null;
    const details: OfflineGiftDetails = {};
    if (g.checkNumber) details.checkNumber = g.checkNumber;
    if (g.method === "in_kind" || g.method === "stock") details.description = g.note ?? "Imported gift";
    const metadata: Record<string, string> = { source: "import" };
    if (g.note) metadata.note = g.note;
    if (g.externalId) metadata.externalId = g.externalId;
    if (g.refundedCents > 0) metadata.refundedCents = String(g.refundedCents);
    const at = noonUtc(g.receivedOn);
    return {
      organizationId: row.organizationId,
      fundraiserId: g.campaignId,
      donorUserId: known?.donorUserId ?? null,
      paymentId: null,
      // In-kind property is recorded at 0 cents (IRS Publication 1771: not valued by the organization).
      amountCents: g.method === "in_kind" ? 0 : g.amountCents,
      feeCents: 0,
      coverFees: false,
      status: "succeeded" as const,
      donorName: name,
      donorEmail: g.email,
      shareName: name !== null,
      shareEmail: g.email !== null,
      anonymous: false,
      offlineMethod: g.method,
      offlineDetails: details,
      receivedOn: g.receivedOn,
      succeededAt: at,
      createdAt: at,
      metadata,
      importId: row.id,
      importRowKey: g.key,
    };
  });
  const inserted = await tx.insert(donations).values(values).onConflictDoNothing().returning({ id: donations.id, campaignId: donations.fundraiserId, amountCents: donations.amountCents });
  const byFundraiser = new Map<string, Cents>();
  for (const d of inserted) if (d.campaignId && d.amountCents > 0) byFundraiser.set(d.campaignId, (byFundraiser.get(d.campaignId) ?? 0) + d.amountCents);
  for (const [fundraiserId, cents] of byFundraiser) {
    await tx
      .update(fundraisers)
      .set({ progressCents: sql`${fundraisers.progressCents} + ${cents}` })
      .where(eq(fundraisers.id, fundraiserId));
  }
  await claimDonorKeys({ db: tx, donationIds: inserted.map((d) => d.id) });
  return { count: inserted.length, campaignIds: [...byFundraiser.keys()] };
}

/** Mark the import completed with its donor counts and write the audit entry, in `tx`. */
async function complete(tx: Executor, actor: Actor, row: ImportRow, now: Date): Promise<ImportRow> {
  const keys = (
    rowsOf(await tx.execute(sql`select distinct gift->>'donorKey' as k from donor_import_rows where import_id = ${row.id} and gift->>'donorKey' is not null`)) as { k: string }[]
  ).map((r) => r.k);
  const earlier = await existingDonorKeys({ db: tx, organizationId: row.organizationId, keys, exceptImportId: row.id });
  const failed = row.failedCount;
  const [updated] = await tx
    .update(donorImports)
    .set({
      status: "completed",
      matchedDonorCount: earlier.size,
      newDonorCount: keys.length - earlier.size,
      completedAt: now,
    })
    .where(eq(donorImports.id, row.id))
    .returning(importColumns);
  await tx.insert(organizationAuditLog).values({
    organizationId: row.organizationId,
    actorUserId: actor.role === "admin" ? null : actor.id,
    action: DONOR_IMPORT_AUDIT.completed,
    subjectId: row.id,
    details: { fileName: row.fileName, rows: row.rowCount, created: updated!.createdCount, duplicates: updated!.duplicateCount, failed, matchedDonors: earlier.size, newDonors: keys.length - earlier.size },
  });
  return updated!;
}

function errorText(e: DonorImportRowError): string {
  return `line ${e.line}: ${e.reason}`;
}

function progressOf(row: ImportRow): DonorImportProgress {
  return {
    processedLine: row.processedLine,
    created: row.createdCount,
    duplicates: row.duplicateCount,
    failed: row.failedCount,
    matchedDonors: row.matchedDonorCount,
    newDonors: row.newDonorCount,
    errors: (row.errors ?? []).map(errorText),
  };
}

function toView(row: ImportRow, samples: string[][]): DonorImportView {
  const stored = row.mapping as Record<string, ImportTarget> | null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    fileName: row.fileName,
    headers: row.headers,
    samples,
    rowCount: row.rowCount,
    mapping: stored ?? suggestMapping(row.headers),
    suggested: !stored,
    status: row.status,
    progress: progressOf(row),
    encoding: row.encoding,
    job: row.jobKind && row.jobState ? { kind: row.jobKind, state: row.jobState, error: row.jobError } : null,
    checkedRows: row.checkedRows,
    dryRun: (row.dryRun as DryRunResult | null) ?? null,
    goodRows: (row.dryRun as DryRunResult | null)?.goodRows ?? 0,
    doneRows: row.createdCount + row.duplicateCount,
  };
}

export type { DonorImportMapping };
