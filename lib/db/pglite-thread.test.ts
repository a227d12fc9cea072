import { sql } from "drizzle-orm";
import { openPglite, type DatabaseHandle } from "./client";
import { rowsOf } from "./rows";

/**
 * The embedded database in its own thread (what the served app opens): a slow statement no
 * longer holds the event loop, and results and transactions behave as with PGlite in process.
 */

/** Rows of a raw result, typed for the test. */
const rowsAs = <T>(result: unknown) => rowsOf(result) as T[];

/** A statement that keeps PostgreSQL busy (not sleeping) for a few hundred milliseconds. */
const SLOW = sql`select count(*)::int as n from generate_series(1, 2000000) g where g % 7 = 0`;

/**
 * Run `work` while a 5 ms timer ticks here; returns how long it took and the longest gap
 * between two ticks (ms): a thread held by `work` shows a gap as long as the statement.
 */
async function longestStall(work: () => Promise<unknown>): Promise<{ tookMs: number; gapMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const now = performance.now();
  return { tookMs: now - started, gapMs: Math.max(gapMs, now - last) };
}

describe("the embedded database on its own thread", () => {
  let worker: DatabaseHandle;
  let inProcess: DatabaseHandle;

  beforeAll(async () => {
    [worker, inProcess] = await Promise.all([openPglite("memory://", { thread: "worker" }), openPglite("memory://", { thread: "main" })]);
    for (const h of [worker, inProcess]) await h.exec("create table probe (id int primary key, label text not null, at timestamptz default now())");
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await inProcess?.close();
  });

  test("a slow statement does not hold this thread; on the same thread it does", async () => {
    let answer: unknown;
    const off = await longestStall(async () => {
      answer = rowsAs<{ n: number }>(await worker.db.execute(SLOW))[0]!.n;
    });
    expect(answer).toBe(285714);
    const on = await longestStall(() => inProcess.db.execute(SLOW));
    // The statement is slow, and in process the timer cannot fire during it...
    expect(on.tookMs).toBeGreaterThan(150);
    expect(on.gapMs).toBeGreaterThan(on.tookMs * 0.6);
    // ...while on the worker it keeps firing, however loaded the machine.
    expect(off.tookMs).toBeGreaterThan(150);
    expect(off.gapMs).toBeLessThan(Math.max(60, off.tookMs * 0.3));
  });

  test("rows, parameters and types cross the thread as PGlite returns them", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const rows = rowsAs<Record<string, unknown>>(
      await worker.db.execute(
        sql`select ${7}::int as i, ${"é ✓"}::text as t, ${at}::timestamptz as ts, '{"a":[1,2]}'::jsonb as j, 9007199254740993::int8 as big, '\\x0102'::bytea as b, null as z`,
      ),
    );
    const expected = rowsAs<Record<string, unknown>>(
      await inProcess.db.execute(
        sql`select ${7}::int as i, ${"é ✓"}::text as t, ${at}::timestamptz as ts, '{"a":[1,2]}'::jsonb as j, 9007199254740993::int8 as big, '\\x0102'::bytea as b, null as z`,
      ),
    );
    expect(rows).toEqual(expected);
    expect(rows[0]!.j).toEqual({ a: [1, 2] });
  });

  test("a transaction commits; one that throws rolls back; others wait for it", async () => {
    const probe = sql.raw("probe");
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${probe} (id, label) values (1, 'kept')`);
    });
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${probe} (id, label) values (2, 'dropped')`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");

    // While a transaction is open, a statement outside it waits and then sees the commit.
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const tx = worker.db.transaction(async (t) => {
      await t.execute(sql`insert into ${probe} (id, label) values (3, 'late')`);
      await hold;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = worker.db.execute(sql`select id from ${probe} order by id`);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await tx;
    expect(rowsAs<{ id: number }>(await outside).map((r) => r.id)).toEqual([1, 3]);
  });

  test("a failing statement inside a transaction rolls it all back, with PostgreSQL's error code", async () => {
    const probe = sql.raw("probe");
    const failure = await worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into ${probe} (id, label) values (10, 'first')`);
        await tx.execute(sql`insert into ${probe} (id, label) values (1, 'duplicate')`);
      })
      .catch((err: unknown) => err as Error & { cause?: { code?: string; constraint?: string } });
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.cause?.code).toBe("23505");
    expect(failure!.cause?.constraint).toBe("probe_pkey");
    const ids = rowsAs<{ id: number }>(await worker.db.execute(sql`select id from ${probe} where id = 10`));
    expect(ids).toEqual([]);

    // Nested transactions are savepoints: the inner failure is undone, the outer work kept.
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${probe} (id, label) values (11, 'outer')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into ${probe} (id, label) values (12, 'inner')`);
        throw new Error("inner fails");
      }).catch(() => undefined);
    });
    const kept = rowsAs<{ id: number }>(await worker.db.execute(sql`select id from ${probe} where id >= 10 order by id`));
    expect(kept.map((r) => r.id)).toEqual([11]);
  });

  test("several statements run in one exec; a closed thread refuses further work", async () => {
    const other = await openPglite("memory://", { thread: "worker" });
    await other.exec("create table t (n int); insert into t values (1), (2);");
    const rows = rowsAs<{ s: number }>(await other.db.execute(sql`select sum(n)::int as s from t`));
    expect(rows).toEqual([{ s: 3 }]);
    await other.close();
    const refused = await other.db.execute(sql`select 1`).catch((err: Error) => err);
    expect((refused as Error & { cause?: Error }).cause?.message).toMatch(/closed/);
  }, 60_000);
});
