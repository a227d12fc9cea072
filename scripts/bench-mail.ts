/**
 * `npm run bench:mail [-- --messages 1000] [--pglite-only]`
 *
 * How fast queued mail drains to an SMTP server: a burst of --messages receipts (default
 * 1,000) is queued, one transaction each as donations queue them, then the mail worker of
 * lib/mail/queue.ts delivers them to a local SMTP server (smtp-server on 127.0.0.1) over its
 * pooled connections. Runs on a fresh embedded PGlite database in a temporary folder, then on
 * a scratch database of the PostgreSQL server at DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test, dropped at the end) unless --pglite-only.
 * Prints per database: queueing time, drain time (first job queued -> last message received),
 * messages/s, and whether every message arrived exactly once. Target: >= 50 messages/s.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { enqueueMail, ensureMailQueue, startMailWorker, stopMailQueue } from "@/lib/mail/queue";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const MESSAGES = Number(arg("messages", "1000"));
const pgUrl = process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test";

async function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Map<string, number> }> {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as { port: number }).port, received };
}

async function run(label: string, handle: DatabaseHandle) {
  await runMigrations(handle);
  setHandle(handle);
  const smtp = await startSmtp();
  setEnvForTests({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  resetServerEnv();
  await ensureMailQueue();
  const body = "Thank you for your gift of $25.00 to Bench Food Bank (EIN 99-9000111).\n".repeat(20);
  const t0 = Date.now();
  for (let i = 0; i < MESSAGES; i++) {
    await handle.db.transaction(async (tx) => {
      await enqueueMail({ to: `donor${i}@example.org`, subject: "Your donation receipt", text: body }, { tx });
    });
  }
  const queued = Date.now() - t0;
  const t1 = Date.now();
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  const deadline = Date.now() + 300_000;
  while (smtp.received.size < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const drained = Date.now() - t1;
  const duplicates = [...smtp.received.values()].filter((n) => n > 1).length;
  console.log(
    `${label.padEnd(12)} queue ${MESSAGES} in ${(queued / 1000).toFixed(1)} s | drain ${(drained / 1000).toFixed(2)} s = ` +
      `${((smtp.received.size / drained) * 1000).toFixed(0)} messages/s | received ${smtp.received.size}/${MESSAGES}, duplicates ${duplicates}`,
  );
  await stopMailQueue();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
}

async function main() {
  console.log(`bench:mail — ${MESSAGES} messages; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-mail-"));
  const lite = await openPglite(dir);
  try {
    await run("PGlite", lite);
  } finally {
    await lite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes("--pglite-only")) return;
  const scratch = await createScratchDatabase(pgUrl, "gb_bench_mail");
  const pg = await openPostgres(scratch.url);
  try {
    await run("PostgreSQL", pg);
  } finally {
    await pg.close();
    await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
