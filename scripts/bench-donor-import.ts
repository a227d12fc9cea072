/**
 * `npm run bench:import-donors [-- --pg] [--rows 10000] [--batch 500]`
 *
 * Importing a donor history at scale: creates a fresh database — PGlite in a temporary folder by
 * default, or with --pg a scratch database on the PostgreSQL server of DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test), dropped at the end — migrates it, and generates a
 * Givebutter-style CSV of --rows gifts (default 10,000) from 2,000 donors over five years, with
 * one bad row in every 500. Then, through the same services as the import page, uploads it, runs
 * the dry run and the import (batches of --batch rows, one transaction each), and runs the import
 * again (it must create nothing). Prints rows/s, seconds and the process's peak RSS.
 * Target: 10,000 rows imported in under 30 s on either database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Actor } from "@/lib/auth/actor";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { dryRunDonorImport, runDonorImport, uploadDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { campaigns, organizations, users } from "@/models";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const ROWS = Number(arg("rows", "10000").replace(/[_,]/g, ""));
const BATCH = Number(arg("batch", "500"));
const PG = process.argv.includes("--pg");

const seconds = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e9;
/** Peak resident set size of this process so far, in MB. */
const peakMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function openFresh(): Promise<{ handle: DatabaseHandle; label: string; cleanup: () => Promise<void> }> {
  if (PG) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test", "gb_bench_donor_import");
    const handle = await openPostgres(scratch.url);
    return {
      handle,
      label: `PostgreSQL (${scratch.name})`,
      cleanup: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-donor-import-"));
  const handle = await openPglite(dir);
  return {
    handle,
    label: `PGlite (${dir})`,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Givebutter "Transactions" export of `rows` gifts; every 500th row has a bad amount. */
function givebutterCsv(rows: number): string {
  const first = ["Ada", "Grace", "Alan", "Katherine", "Dorothy", "Mary", "Edsger", "Barbara", "Radia", "Hedy"];
  const last = ["Lovelace", "Hopper", "Turing", "Johnson", "Vaughan", "Jackson", "Dijkstra", "Liskov", "Perlman", "Lamarr"];
  const methods = ["Card", "Card", "Card", "PayPal", "Check", "Cash", "ACH", "Venmo"];
  const lines = ['"Transaction ID","First Name","Last Name","Email","Amount","Transaction Date","Campaign Title","Payment Method"'];
  for (let i = 1; i <= rows; i++) {
    const d = i % 2000;
    const day = new Date(Date.UTC(2021, 0, 1) + ((i * 7919) % (5 * 365)) * 86_400_000).toISOString().slice(0, 10);
    const amount = i % 500 === 0 ? "n/a" : `"${(((i * 37) % 500) + 5).toLocaleString("en-US")}.${String(i % 100).padStart(2, "0")}"`;
    lines.push(`GB-${i},${first[d % 10]},${last[(d >> 3) % 10]},donor${d}@example.org,${amount},${day} 10:00:00,${i % 3 === 0 ? "Spring Appeal" : ""},${methods[i % methods.length]}`);
  }
  return lines.join("\n") + "\n";
}

async function main() {
  const { handle, label, cleanup } = await openFresh();
  try {
    console.log(`database: ${label}; ${ROWS.toLocaleString("en-US")} rows, batches of ${BATCH}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
    await runMigrations(handle);
    setHandle(handle);
    const db = handle.db;
    const [org] = await db.insert(organizations).values({ name: "Bench Import Food Bank", ein: "999000222", claimed: true, state: "NY" }).returning({ id: organizations.id });
    const organizationId = org!.id;
    await db.insert(campaigns).values({ organizationId, name: "Spring Appeal", goalCents: 1_000_000 });
    const [user] = await db
      .insert(users)
      .values({ type: "nonprofit", email: "bench-import@example.org", passwordHash: "x", firstName: "Bench", lastName: "User", organizationId })
      .returning({ id: users.id });
    const actor: Actor = { id: user!.id, role: "nonprofit", organizationId, email: "bench-import@example.org", firstName: "Bench", lastName: "User", organizationName: "", telephone: null };
    const csv = Buffer.from(givebutterCsv(ROWS));
    console.log(`CSV: ${(csv.byteLength / 1024 / 1024).toFixed(2)} MB`);

    const t0 = process.hrtime.bigint();
    const upload = await uploadDonorImport({ actor, organizationId, fileName: "bench.csv", bytes: csv });
    const tUpload = seconds(t0);
    const t1 = process.hrtime.bigint();
    const dry = await dryRunDonorImport({ actor, importId: upload.id, mapping: upload.mapping });
    const tDry = seconds(t1);
    const t2 = process.hrtime.bigint();
    const run = await runDonorImport({ actor, importId: upload.id, batchSize: BATCH });
    const tRun = seconds(t2);
    const t3 = process.hrtime.bigint();
    const again = await runDonorImport({ actor, importId: (await reupload(actor, organizationId, csv)).id, batchSize: BATCH });
    const tAgain = seconds(t3);
    const total = tUpload + tDry + tRun;

    console.log(`upload   ${tUpload.toFixed(2)} s`);
    console.log(`dry run  ${tDry.toFixed(2)} s  (would create ${dry.create}, ${dry.failed} bad rows, ${dry.newDonors} new donors)`);
    console.log(`import   ${tRun.toFixed(2)} s  created ${run.created}, failed ${run.failed}, status ${run.status}: ${(ROWS / tRun).toFixed(0)} rows/s`);
    console.log(`again    ${tAgain.toFixed(2)} s  created ${again.created}, duplicates ${again.duplicates} (a second import creates nothing)`);
    console.log(`total    ${total.toFixed(2)} s for upload + dry run + import of ${ROWS.toLocaleString("en-US")} rows: ${(ROWS / total).toFixed(0)} rows/s; peak RSS ${peakMb()} MB`);
    const ok = run.status === "completed" && again.created === 0 && total < 30;
    console.log(ok ? "PASS: under 30 s, idempotent" : "FAIL: over 30 s or not idempotent");
    if (!ok) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

/** A second upload of the same file, dry-run with its suggested mapping. */
async function reupload(actor: Actor, organizationId: string, csv: Buffer) {
  const upload = await uploadDonorImport({ actor, organizationId, fileName: "bench-again.csv", bytes: csv });
  await dryRunDonorImport({ actor, importId: upload.id, mapping: upload.mapping });
  return upload;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
