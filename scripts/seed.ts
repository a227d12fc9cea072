/**
 * `npm run db:seed`: on an empty configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR, refused while the app holds its folder), migrate and load the Vermont directory
 * and the demo seed (lib/server/demo-data.ts). Does nothing on a database that has organizations.
 * Exit code 0 on success (loaded or not needed), 1 on a locked folder or a database error.
 */
import { DatabaseLockedError, getHandle, type DatabaseHandle } from "../lib/db/client";
import { loadDemoDataIfEmpty } from "../lib/server/demo-data";
import { runMigrations } from "../lib/db/migrate";

async function main(): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    handle = await getHandle({ batch: true });
    await runMigrations(handle);
    const started = Date.now();
    const result = await loadDemoDataIfEmpty(handle.db);
    if (result.loaded) {
      console.log(
        `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.organizations.toLocaleString("en-US")} ` +
          `Vermont organizations, ${result.campaigns} demo fundraisers, ${result.donations} demo donations, ` +
          `demo events and notices.`,
      );
    } else {
      console.log("The database already has organizations: nothing seeded.");
    }
    return 0;
  } catch (err) {
    if (err instanceof DatabaseLockedError) console.error(err.message);
    else {
      // Drizzle's error text holds the statement and its values: show the driver's cause.
      const outer = err as Error & { cause?: unknown };
      const e = (outer.cause instanceof Error ? outer.cause : outer) as Error & { code?: string };
      console.error(`Seeding failed: ${e.code ? `[${e.code}] ` : ""}${e.message.split("\n")[0]!.slice(0, 300)}`);
    }
    return 1;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
