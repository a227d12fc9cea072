/**
 * `npm run db:backup -- FILE`: write the embedded database (DATA_DIR) and its uploaded files
 * to FILE, one tar archive (lib/db/backup.ts). Stop the app first: the embedded database is
 * locked by the process that has it open. With DATABASE_URL set, use pg_dump instead (README,
 * "Production").
 */
import { backupEmbedded } from "../lib/db/backup";
import { DatabaseLockedError } from "../lib/db/client";
import { serverEnv } from "../lib/env";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run db:backup -- FILE");
  const env = serverEnv();
  if (env.DATABASE_URL) {
    throw new Error("DATABASE_URL is set: back up a PostgreSQL server with pg_dump and its uploaded files as the README's Production section shows.");
  }
  const summary = await backupEmbedded({ dataDir: env.DATA_DIR, file });
  console.log(`Backup written to ${summary.file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB, ${summary.uploads} uploaded files).`);
}

main().catch((err: unknown) => {
  const e = err as Error;
  console.error(err instanceof DatabaseLockedError ? `${e.message} A backup needs the folder to itself.` : `Backup failed: ${e.message}`);
  process.exit(1);
});
