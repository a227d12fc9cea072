/**
 * `npm run db:migrate`: apply migrations to the configured database. The server also does
 * this at start; with the embedded database this command refuses while the server runs.
 */
import { DatabaseLockedError, getHandle } from "../lib/db/client";
import { runMigrations } from "../lib/db/migrate";

async function main() {
  const handle = await getHandle({ batch: true });
  await runMigrations(handle);
  await handle.close();
  console.log(`Migrations applied (${handle.kind}).`);
}

main().catch((err) => {
  console.error(err instanceof DatabaseLockedError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
});
