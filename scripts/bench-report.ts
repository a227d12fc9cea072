/**
 * `npm run bench:report [-- --rows 100000] [--runs 5] [--batch 1000]`
 *
 * Manage Donations at scale: creates a fresh database — PGlite in a temporary folder by
 * default, or a new database gb_bench_report_<random> on the PostgreSQL server of
 * DATABASE_URL (dropped at the end) — migrates it, and inserts --rows donations (default
 * 100,000) for one organization with 30 fundraisers over the past 365 days, in set-based
 * multi-row batches (--batch rows per INSERT ... SELECT, default 10,000). About 90 % succeeded, the rest failed, pending,
 * requires_action or refunded; about 40 % of the donors shared their email.
 *
 * Then, --runs times each, measures through the same services as /manage-pay and
 * /api/reports/donations.csv:
 *  (a) the report's first page (50 rows, newest first) plus its totals, for a custom range
 *      covering every row and for one fundraiser;
 *  (b) streaming the whole CSV (completed gifts) — time to first byte, total time, rows, bytes.
 * Prints the figures in milliseconds, with the query plan of the first page and peak RSS.
 * Target: under 1 s for each.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { rowsOf } from "@/lib/db/rows";
import { openDonationReportCsv } from "@/lib/services/reports/donation-csv";
import { getDonationReportPage, getDonationReportTotals } from "@/lib/services/reports/donation-report";
import type { ReportQuery } from "@/lib/validations/report";
import { fundraisers, organizations, users } from "@/models";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const ROWS = Number(arg("rows", "100000").replace(/[_,]/g, ""));
const RUNS = Number(arg("runs", "5"));
const BATCH = Number(arg("batch", "10000"));

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => n.toFixed(1).padStart(8);
/** CPU time of this process (user + system) since `c0`, ms: unlike wall time, not inflated by other processes. */
const cpuMs = (c0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function openFresh(): Promise<{ handle: DatabaseHandle; label: string; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url, "gb_bench_report");
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-report-"));
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

async function main() {
  const { handle, label, cleanup } = await openFresh();
  try {
    console.log(`database: ${label}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
    await runMigrations(handle);
    setHandle(handle);
    const db = handle.db;
    const [org] = await db.insert(organizations).values({ name: "Bench Food Bank", ein: "999000111", claimed: true }).returning({ id: organizations.id });
    const organizationId = org!.id;
    const [user] = await db
      .insert(users)
      .values({ type: "nonprofit", email: "bench@example.org", passwordHash: "x", firstName: "Bench", lastName: "User", organizationId })
      .returning({ id: users.id });
    const actor: Actor = { id: user!.id, role: "nonprofit", organizationId, email: "bench@example.org", firstName: "Bench", lastName: "User", organizationName: "", telephone: null };
    const fundraiserIds = (
      await db
        .insert(fundraisers)
        .values(Array.from({ length: 30 }, (_, i) => ({ organizationId, name: `Fundraiser ${i + 1}`, goalCents: 1_000_000 })))
        .returning({ id: fundraisers.id })
    ).map((c) => c.id);

    // Multi-row, set-based inserts: BATCH rows per INSERT ... SELECT, with deterministic
    // pseudo-random values from hashes of the row number (same data on every run).
    const now = Date.now();
    const t0 = process.hrtime.bigint();
    const fundraiserArray = sql`array[${sql.join(fundraiserIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;
    for (let done = 0; done < ROWS; ) {
      const n = Math.min(BATCH, ROWS - done);
      await db.execute(sql`insert into donations (id, organization_id, campaign_id, amount_cents, status, failure_reason, donor_email, share_email, anonymous, created_at)
        select gen_random_uuid()::text, ${organizationId},
               case when h.f % 10 < 3 then null else (${fundraiserArray})[1 + h.c % 30] end,
               500 + h.a % 50000,
               (case when h.s % 100 < 90 then 'succeeded' when h.s % 4 = 0 then 'failed' when h.s % 4 = 1 then 'pending' when h.s % 4 = 2 then 'requires_action' else 'refunded' end)::donation_status,
               case when h.s % 100 >= 90 and h.s % 4 = 0 then 'Your card was declined.' end,
               'donor' || (h.g % 20000) || '@example.org',
               h.e % 10 < 4, h.e % 10 = 9,
               ${new Date(now).toISOString()}::timestamptz - (h.t % (365::bigint * 86400000)) * interval '1 millisecond'
          from (select g, (hashtext('c' || g) & 2147483647) as c, (hashtext('f' || g) & 2147483647) as f, (hashtext('a' || g) & 2147483647) as a, (hashtext('s' || g) & 2147483647) as s, (hashtext('e' || g) & 2147483647) as e,
                       (hashtextextended('t' || g, 0) & 9223372036854775807) as t
                  from generate_series(${done + 1}::int, ${done + n}::int) g) h`);
      done += n;
      process.stdout.write(`\rinserted ${done.toLocaleString("en-US")} donations`);
    }
    console.log(` in ${(ms(t0) / 1000).toFixed(1)} s`);
    await handle.exec("analyze donations; analyze campaigns;");

    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(now - 366 * 86_400_000).toISOString().slice(0, 10);
    const everything: ReportQuery = { duration: "customRange", fundraiser: "all", startDate: yearAgo, endDate: today };
    const oneFundraiser: ReportQuery = { duration: "customRange", fundraiser: fundraiserIds[0]!, startDate: yearAgo, endDate: today };

    const plan = rowsOf(
      await db.execute(sql`explain select d.id from donations d left join campaigns c on c.id = d.campaign_id
        where d.organization_id = ${organizationId} and d.created_at >= ${yearAgo}::timestamptz and d.created_at < now()
        order by d.created_at desc, d.id desc limit 51`),
    ) as { "QUERY PLAN": string }[];
    console.log("\nplan of the first page:");
    for (const p of plan) console.log(`  ${p["QUERY PLAN"]}`);

    for (const [name, q] of [["all donations, 366-day range", everything], ["one fundraiser, 366-day range", oneFundraiser]] as const) {
      const pageTimes: number[] = [];
      const pageCpu: number[] = [];
      let shownRows = 0;
      let total = { count: 0, completedCount: 0, completedCents: 0 };
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        const c0 = process.cpuUsage();
        const [page, totals] = await Promise.all([getDonationReportPage({ actor, organizationId, query: q }), getDonationReportTotals({ actor, organizationId, query: q })]);
        pageTimes.push(ms(t));
        pageCpu.push(cpuMs(c0));
        shownRows = page.donations.length;
        total = totals;
      }
      console.log(`\n(a) first page + totals — ${name}: ${shownRows} rows shown of ${total.count.toLocaleString("en-US")} (completed ${total.completedCount.toLocaleString("en-US")}, $${(total.completedCents / 100).toLocaleString("en-US")})`);
      console.log(`    wall ms: ${pageTimes.map(fmt).join(" ")}   median ${median(pageTimes).toFixed(1)} ms`);
      console.log(`    CPU ms:  ${pageCpu.map(fmt).join(" ")}   median ${median(pageCpu).toFixed(1)} ms`);

      const firstByte: number[] = [];
      const totalTimes: number[] = [];
      const csvCpu: number[] = [];
      let bytes = 0;
      let lines = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        const c0 = process.cpuUsage();
        const { stream } = await openDonationReportCsv({ actor, organizationId, query: q });
        let first = -1;
        bytes = 0;
        lines = 0;
        for await (const chunk of stream) {
          if (first < 0) first = ms(t);
          const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
          bytes += buf.length;
          for (let j = 0; j < buf.length; j++) if (buf[j] === 10) lines++;
        }
        firstByte.push(first);
        totalTimes.push(ms(t));
        csvCpu.push(cpuMs(c0));
      }
      console.log(`(b) CSV stream — ${name}: ${(lines - 1).toLocaleString("en-US")} rows + header, ${(bytes / 1024).toFixed(0)} KiB`);
      console.log(`    first byte ms: ${firstByte.map(fmt).join(" ")}   median ${median(firstByte).toFixed(1)} ms`);
      console.log(`    total ms:      ${totalTimes.map(fmt).join(" ")}   median ${median(totalTimes).toFixed(1)} ms`);
      console.log(`    CPU ms:        ${csvCpu.map(fmt).join(" ")}   median ${median(csvCpu).toFixed(1)} ms`);
    }
    console.log(`\npeak RSS ${mb()} MiB; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  } finally {
    setHandle(undefined);
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
