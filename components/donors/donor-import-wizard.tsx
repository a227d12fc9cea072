"use client";

/**
 * The donor-history import (Manage Donations → Donors → Import): upload a CSV, choose what each
 * column holds (suggested, or a saved mapping), queue the dry run (counts, rows skipped by
 * payment status and why, bad rows as "line N: reason", the first 20 rows), then queue the
 * import. Both run as jobs on the server: the page polls GET /api/donor-imports/{id} once a
 * second while one is queued or running and shows its progress in a progress bar. The server
 * checks everything again (lib/services/donor-imports/donor-imports.ts).
 */
import { useEffect, useId, useState, type DragEvent, type FormEvent } from "react";
import Link from "next/link";
import { Upload } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Select } from "@/components/ui/select";
import { requestJson } from "@/lib/client/request";
import { offlineMethodLabel } from "@/lib/donations/labels";
import { formatCents } from "@/lib/money";
import type { DonorImportView, DryRunResult, SavedMapping } from "@/lib/services/donor-imports/donor-imports";
import { donorImportMappingSchema, IMPORT_TARGETS, IMPORT_TARGET_LABELS, MAX_IMPORT_BYTES, type ImportTarget } from "@/lib/validations/donor-import";
import { messages } from "@/lib/validations/messages";

const m = messages.donorImport;
/** A count as the page shows it (US digit grouping). */
const count = (n: number) => n.toLocaleString("en-US");

const SAMPLES = [
  { href: "/samples/givebutter-transactions.csv", label: "Givebutter" },
  { href: "/samples/donorbox-donations.csv", label: "Donorbox" },
  { href: "/samples/little-green-light-gifts.csv", label: "Little Green Light" },
  { href: "/samples/bloomerang-transactions.csv", label: "Bloomerang" },
] as const;

const TARGET_OPTIONS = IMPORT_TARGETS.map((t) => ({ value: t, label: IMPORT_TARGET_LABELS[t] }));

/** How often the page asks for a queued or running job's progress. */
const POLL_MS = 1000;

type Props = { organizationId: string; savedMappings: SavedMapping[] };

export function DonorImportWizard({ organizationId, savedMappings: initialMappings }: Props) {
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [view, setView] = useState<DonorImportView | null>(null);
  const [mapping, setMapping] = useState<Record<string, ImportTarget | "">>({});
  const [savedMappings, setSavedMappings] = useState(initialMappings);
  const [mappingName, setMappingName] = useState("");
  const [savingMapping, setSavingMapping] = useState(false);
  const [mappingNotice, setMappingNotice] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState<DryRunResult | null>(null);
  const [queueing, setQueueing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const job = view?.job ?? null;
  const working = job !== null && (job.state === "queued" || job.state === "active");
  const checking = working && job?.kind === "dry_run";
  const running = working && job?.kind === "run";
  const started = view !== null && view.status !== "uploaded";
  const done = view?.status === "completed";
  const importId = view?.id ?? null;

  // While a job is queued or running, ask for its progress; a finished dry run shows its result.
  useEffect(() => {
    if (!importId || !working) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      const res = await requestJson<DonorImportView>(`/api/donor-imports/${encodeURIComponent(importId)}`, { cache: "no-store" });
      if (stopped) return;
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setView(res.data);
      if (res.data.job?.state === "failed") setError(res.data.job.error ?? m.jobFailed);
      else if (!res.data.job && res.data.dryRun) setDryRun(res.data.dryRun);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId, working, view]);

  function chooseFile(f: File | null) {
    setError(null);
    if (f && f.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setError(m.fileTooLarge);
      return;
    }
    setFile(f);
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    chooseFile(e.dataTransfer.files?.[0] ?? null);
  }

  async function onUpload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) {
      setError(m.fileRequired);
      return;
    }
    setUploading(true);
    setError(null);
    setDryRun(null);
    try {
      const body = new FormData();
      body.append("file", file, file.name);
      const res = await fetch(`/api/organizations/${encodeURIComponent(organizationId)}/donor-imports`, { method: "POST", body });
      const data = (await res.json().catch(() => null)) as (DonorImportView & { message?: string }) | null;
      if (!res.ok || !data) {
        setError(data?.message ?? m.uploadFailed);
        return;
      }
      setView(data);
      setMapping(Object.fromEntries(data.headers.map((h) => [h, data.mapping[h] ?? ""])));
    } catch {
      setError(m.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  function setTarget(header: string, target: ImportTarget | "") {
    setDryRun(null);
    setMapping((prev) => ({ ...prev, [header]: target }));
  }

  function applySaved(id: string) {
    const saved = savedMappings.find((s) => s.id === id);
    if (!saved || !view) return;
    setDryRun(null);
    setMapping(Object.fromEntries(view.headers.map((h) => [h, saved.mapping[h] ?? ""])));
    setMappingName(saved.name);
  }

  const mappingCheck = donorImportMappingSchema.safeParse(mapping);
  const mappingError = mappingCheck.success ? null : (mappingCheck.error.issues[0]?.message ?? m.mappingInvalid);

  async function onSaveMapping() {
    setMappingNotice(null);
    setSavingMapping(true);
    const res = await requestJson<SavedMapping>(`/api/organizations/${encodeURIComponent(organizationId)}/donor-import-mappings`, { method: "POST", body: { name: mappingName, mapping } });
    setSavingMapping(false);
    if (!res.ok) {
      setMappingNotice(res.message);
      return;
    }
    setSavedMappings((prev) => [...prev.filter((s) => s.name !== res.data.name), res.data].sort((a, b) => a.name.localeCompare(b.name)));
    setMappingNotice(m.mappingSaved);
  }

  /** Queue the dry run or the import; the answer is the import with its job queued (202). */
  async function queue(path: "dry-run" | "run") {
    if (!view) return;
    setQueueing(true);
    setError(null);
    if (path === "dry-run") setDryRun(null);
    const res = await requestJson<DonorImportView>(`/api/donor-imports/${encodeURIComponent(view.id)}/${path}`, { method: "POST", body: path === "dry-run" ? { mapping } : undefined, fallback: m.failed });
    setQueueing(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setView(res.data);
    if (!res.data.job && res.data.dryRun) setDryRun(res.data.dryRun);
  }

  function startOver() {
    setView(null);
    setFile(null);
    setDryRun(null);
    setError(null);
    setMappingNotice(null);
  }

  return (
    <div className="space-y-6">
      {error ? (
        <Alert variant="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}

      <Card as="section" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title" className="text-lg font-bold">
          1. Upload a CSV file
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {m.uploadIntro}{" "}
          {SAMPLES.map((s, i) => (
            <span key={s.href}>
              <a href={s.href} download className="font-semibold text-brand-700 underline underline-offset-2">
                {s.label}
              </a>
              {i < SAMPLES.length - 1 ? ", " : "."}
            </span>
          ))}
        </p>
        {view ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
            <p>
              <span className="font-semibold">{view.fileName}</span>: {view.rowCount.toLocaleString("en-US")} rows, {view.headers.length} columns.
            </p>
            {!running ? (
              <Button variant="ghost" size="sm" onClick={startOver}>
                Upload another file
              </Button>
            ) : null}
          </div>
        ) : (
          <form method="post" onSubmit={onUpload} className="mt-4 space-y-3" aria-busy={uploading || undefined}>
            <label
              htmlFor={fileInputId}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-control border-2 border-dashed p-6 text-center text-sm",
                dragging ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white hover:border-slate-400",
              )}
            >
              <Upload className="size-6 text-ink-muted" aria-hidden="true" />
              <span className="font-semibold">{file ? file.name : "Choose a CSV file or drop it here"}</span>
              <span className="text-ink-muted">CSV (comma-separated values)</span>
            </label>
            <input id={fileInputId} type="file" accept=".csv,text/csv" className="sr-only focus:not-sr-only" onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} />
            <Button type="submit" loading={uploading} loadingLabel="Uploading...">
              Upload
            </Button>
          </form>
        )}
      </Card>

      {view ? (
        <Card as="section" aria-labelledby="import-mapping-title">
          <h2 id="import-mapping-title" className="text-lg font-bold">
            2. Choose what each column holds
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {view.suggested ? m.mappingSuggested : m.mappingApplied} {m.mappingRules}
          </p>
          {savedMappings.length > 0 && !started ? (
            <div className="mt-4 max-w-sm">
              <Select label="Use a saved mapping" placeholder="Choose a saved mapping" defaultValue="" onChange={(e) => applySaved(e.target.value)} options={savedMappings.map((s) => ({ value: s.id, label: s.name }))} />
            </div>
          ) : null}
          <ul className="mt-4 divide-y divide-slate-200 rounded-control border border-slate-200" aria-label="Columns of the file">
            {view.headers.map((header, i) => (
              <li key={header} className="grid gap-2 p-3 sm:grid-cols-[1fr_1fr_16rem] sm:items-center">
                <span className="font-semibold break-words">{header}</span>
                <span className="text-sm break-words text-ink-muted">
                  {view.samples
                    .map((row) => row[i] ?? "")
                    .filter(Boolean)
                    .slice(0, 2)
                    .join(" · ") || "(empty)"}
                </span>
                <Select
                  label={`Import “${header}” as`}
                  hideLabel
                  disabled={started}
                  value={mapping[header] ?? ""}
                  onChange={(e) => setTarget(header, e.target.value as ImportTarget | "")}
                  placeholder="Ignore this column"
                  options={TARGET_OPTIONS}
                />
              </li>
            ))}
          </ul>
          {mappingError ? (
            <p className="mt-3 text-sm font-semibold text-red-700" role="status">
              {mappingError}
            </p>
          ) : null}
          {!started ? (
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <TextField label="Save this mapping as" value={mappingName} maxLength={80} onChange={(e) => setMappingName(e.target.value)} placeholder="e.g. Givebutter" containerClassName="w-full sm:w-64" />
              <Button variant="outline" onClick={onSaveMapping} loading={savingMapping} disabled={!mappingName.trim() || mappingError !== null}>
                Save mapping
              </Button>
              {mappingNotice ? (
                <p role="status" className="text-sm text-ink-muted">
                  {mappingNotice}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="mt-5 space-y-3">
            <Button onClick={() => queue("dry-run")} loading={checking || (queueing && !dryRun)} loadingLabel="Checking every row..." disabled={mappingError !== null || running || done}>
              Run a dry run
            </Button>
            {checking && view ? (
              <div className="space-y-1">
                <ProgressBar
                  value={view.checkedRows}
                  max={Math.max(view.rowCount, 1)}
                  label="Rows checked"
                  valueText={`${view.checkedRows.toLocaleString("en-US")} of ${view.rowCount.toLocaleString("en-US")} rows`}
                  showPercent
                />
                <p className="text-sm text-ink-muted" role="status">
                  {job?.state === "queued" ? m.dryRunQueued : m.dryRunProgress(count(view.checkedRows), count(view.rowCount))}
                </p>
              </div>
            ) : null}
          </div>
        </Card>
      ) : null}

      {dryRun && view ? <DryRunPanel result={dryRun} /> : null}

      {dryRun && view ? (
        <Card as="section" aria-labelledby="import-run-title">
          <h2 id="import-run-title" className="text-lg font-bold">
            4. Import
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {m.runIntro}
          </p>
          {running || started ? (
            <div className="mt-4 space-y-2">
              <ProgressBar
                value={view.doneRows}
                max={Math.max(view.goodRows, 1)}
                label="Rows imported"
                valueText={`${view.doneRows.toLocaleString("en-US")} of ${view.goodRows.toLocaleString("en-US")} rows`}
                showPercent
              />
              <p className="text-sm text-ink-muted" role="status">
                {job?.state === "queued" ? m.runQueued : m.runProgress(count(view.doneRows), count(view.goodRows))}
              </p>
            </div>
          ) : null}
          {done ? (
            <Alert variant="success" className="mt-4" title="Import complete">
              {m.runComplete({
                created: count(view.progress.created),
                duplicates: count(view.progress.duplicates),
                failed: count(view.progress.failed),
                matched: count(view.progress.matchedDonors),
                created_donors: count(view.progress.newDonors),
              })}{" "}
              <Link href="/manage-pay/donors" className="font-semibold underline underline-offset-2">
                See your donors
              </Link>
            </Alert>
          ) : (
            <div className="mt-4">
              <Button onClick={() => queue("run")} loading={running || (queueing && dryRun !== null)} loadingLabel="Importing...">
                {started ? "Continue the import" : `Import ${dryRun.create.toLocaleString("en-US")} gifts`}
              </Button>
            </div>
          )}
        </Card>
      ) : null}

      {done ? (
        <LinkButton href="/manage-pay/donors" variant="outline">
          Back to the Donors view
        </LinkButton>
      ) : null}
    </div>
  );
}

function DryRunPanel({ result }: { result: DryRunResult }) {
  const counts: [string, number][] = [
    ["Gifts to create", result.create],
    ["Already imported", result.duplicates],
    ["Existing donors matched", result.matchedDonors],
    ["New donors", result.newDonors],
    ["Rows with problems", result.failed],
  ];
  const skipped = (Object.keys(result.skipped) as (keyof DryRunResult["skipped"])[]).filter((status) => result.skipped[status] > 0);
  return (
    <Card as="section" aria-labelledby="import-dry-run-title">
      <h2 id="import-dry-run-title" className="text-lg font-bold">
        3. Dry run
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Nothing has been imported yet. This is what the import will do with {result.rows.toLocaleString("en-US")} rows: {result.create.toLocaleString("en-US")} gifts totalling{" "}
        {formatCents(result.createCents)} (refunds taken off).
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded-control border border-slate-200 p-3">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{n.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {skipped.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold">Rows skipped: not gifts</h3>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Rows skipped by payment status">
            {skipped.map((status) => (
              <li key={status}>
                <span className="font-semibold tabular-nums">{result.skipped[status].toLocaleString("en-US")}</span> {status} {result.skipped[status] === 1 ? "row" : "rows"}: {m.skipped[status]}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.errors.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold">Rows that will not be imported</h3>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-control border border-red-200 bg-red-50 p-3 text-sm" data-testid="import-errors" tabIndex={0} aria-label="Rows with problems">
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          {result.failed > result.errors.length ? <p className="mt-1 text-xs text-ink-muted">{m.errorsTruncated(count(result.errors.length))}</p> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm">{m.noErrors}</p>
      )}
      {result.preview.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold">First {result.preview.length} rows</h3>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Preview of the first rows">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="text-xs text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">Line</th>
                  <th scope="col" className="py-2 pr-3">Date</th>
                  <th scope="col" className="py-2 pr-3">Amount</th>
                  <th scope="col" className="py-2 pr-3">Donor</th>
                  <th scope="col" className="py-2 pr-3">Method</th>
                  <th scope="col" className="py-2 pr-3">Fundraiser</th>
                  <th scope="col" className="py-2">Outcome</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.preview.map((r) => (
                  <tr key={r.line}>
                    <td className="py-2 pr-3 tabular-nums">{r.line}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{r.receivedOn}</td>
                    <td className="py-2 pr-3 tabular-nums">{formatCents(r.amountCents)}</td>
                    <td className="py-2 pr-3 break-words">{[r.name, r.email].filter(Boolean).join(" · ") || "Anonymous"}</td>
                    <td className="py-2 pr-3">{offlineMethodLabel(r.method)}</td>
                    <td className="py-2 pr-3">{r.fundraiser ?? "Direct Donation"}</td>
                    <td className="py-2">{r.outcome === "create" ? "New gift" : "Already imported"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
