/**
 * The readiness checks of GET /api/ready: one `select 1`, the cached migrations check
 * (./database.ts) and whether this process's mail worker is running (lib/mail/queue.ts).
 */
import { mailWorkerRunning } from "@/lib/mail/queue";
import { getHandle } from "@/lib/db/client";
import { databaseCheck, migrationsCheck } from "./database";

/** What each check found; every value "ok" means ready. */
export type ReadinessChecks = {
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "unknown";
  queue: "ok" | "stopped";
};

/** Run the readiness checks; never throws. Migrations are "unknown" while the database is unreachable. */
export async function readiness(): Promise<ReadinessChecks> {
  const database = await databaseCheck();
  const migrations = database === "ok" ? await migrationsCheck((await getHandle()).db) : "unknown";
  const queue = (await mailWorkerRunning().catch(() => false)) ? "ok" : "stopped";
  return { database, migrations, queue };
}
