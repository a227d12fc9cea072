/**
 * `npm run db:restore -- FILE [--force]`: restore a backup written by db:backup into DATA_DIR
 * (lib/db/backup.ts). Refuses while a Givebridge process has DATA_DIR open, and refuses a
 * DATA_DIR that already holds a database or uploaded files unless --force (which replaces them).
 */
import { restoreEmbedded } from "../lib/db/backup";
import { DatabaseLockedError } from "../lib/db/client";
import { serverEnv } from "../lib/env";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const file = args.find((a) => a !== "--force");
  if (!file) throw new Error("Usage: npm run db:restore -- FILE [--force]");
  const env = serverEnv();
  if (env.DATABASE_URL) {
    throw new Error("DATABASE_URL is set: restore a PostgreSQL server with pg_restore as the README's Production section shows.");
  }
  const summary = await restoreEmbedded({ dataDir: env.DATA_DIR, file, force });
  console.log(`Restored ${file} into ${summary.dataDir} (${summary.uploads} uploaded files).`);
}

main().catch((err: unknown) => {
  const e = err as Error;
  console.error(err instanceof DatabaseLockedError ? `${e.message} Nothing was restored.` : `Restore failed: ${e.message}`);
  process.exit(1);
});
