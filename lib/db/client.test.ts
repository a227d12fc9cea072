import { testDatabaseServer } from "@/lib/db/testing";
import { childProcessEnv } from "@/lib/env";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DatabaseLockedError, initPgliteFolder, openPglite, openPostgres } from "./client";

/** The PGlite folder lock: a second opener, in this process or another, is refused and nothing is lost. */
describe("embedded database folder lock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-lock-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a second process gets a clear message and exit code 1; the data survives", async () => {
    // The lock is the folder's, whatever its schema: the test needs no migrated database.
    const first = await openPglite(dir);
    await first.exec("create table lock_probe (n int); insert into lock_probe values (42);");

    await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseLockedError);

    // As `npm run db:migrate` runs it: the server-only modules resolve as on the server.
    const second = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/migrate.ts"], {
      env: childProcessEnv({ DATA_DIR: dir, DATABASE_URL: "", NODE_OPTIONS: "" }),
      encoding: "utf8",
      timeout: 150_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("is in use by another Givebridge process");

    const rows = await first.db.execute(sql`select n from lock_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 42 }]);
    await first.close();

    // Once released, the folder opens again with its data.
    const reopened = await openPglite(dir);
    const again = await reopened.db.execute(sql`select n from lock_probe`);
    expect((again as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 42 }]);
    await reopened.close();
    // Two child processes (the folder's initdb, then tsx compiling the migrate script), each a
    // minute on a loaded 2-core machine at the suite's niceness.
  }, 180_000);
});

/** A new folder's initdb runs in a child process, so the app's own process does not keep its memory. */
describe("creating an embedded database", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-initdb-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a new folder gets its cluster from a child process, once; it then opens and keeps data", async () => {
    const target = path.join(dir, "fresh", "pgdata");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    expect(await initPgliteFolder(target)).toBe("child");
    expect(fs.existsSync(path.join(target, "PG_VERSION"))).toBe(true);
    expect(await initPgliteFolder(target)).toBe("none");

    const opened = await openPglite(path.dirname(target));
    await opened.exec("create table init_probe (n int); insert into init_probe values (7);");
    const rows = await opened.db.execute(sql`select n from init_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 7 }]);
    await opened.close();
  });

  test("a folder that cannot be created gives an error naming it, and the folder lock is released", async () => {
    const blocker = path.join(dir, "not-a-folder");
    fs.writeFileSync(blocker, "a file where the data folder should be");
    const dataDir = path.join(dir, "blocked");
    fs.mkdirSync(dataDir);
    // pgdata exists as a file: initdb cannot make its folder there.
    fs.copyFileSync(blocker, path.join(dataDir, "pgdata"));
    await expect(openPglite(dataDir)).rejects.toThrow(`Could not create the embedded database in ${path.join(dataDir, "pgdata")}`);
    expect(fs.existsSync(path.join(dataDir, "givebridge.lock"))).toBe(false);
  });
});

/**
 * A PostgreSQL pool's sessions start a capped sequential scan at the table's first page: with
 * synchronize_seqscans on, a LIMIT over a large table began where the previous scan stopped,
 * and the same broad search gave other results each time. The embedded database has no server.
 */
if (testDatabaseServer())
  describe("PostgreSQL sessions", () => {
    test("do not synchronize sequential scans", async () => {
      const handle = await openPostgres(testDatabaseServer()!, { max: 1 });
      try {
        const result = await handle.db.execute(sql`show synchronize_seqscans`);
        expect((result as unknown as { rows: { synchronize_seqscans: string }[] }).rows[0]?.synchronize_seqscans).toBe("off");
      } finally {
        await handle.close();
      }
    });
  });
