/**
 * Queries built once instead of once per call. Drizzle turns a query builder into SQL text
 * on every execution, and for a select of a wide table (a donation row has some fifty
 * columns) that costs about as much CPU as the database spends answering it. A prepared
 * query (Drizzle's `.prepare(name)`, its inputs `sql.placeholder(...)`) keeps the text and
 * only fills in the values; on PostgreSQL the name also makes it a named statement, parsed
 * and planned once per connection instead of once per execution.
 */
import type { Executor } from "./client";

/**
 * Memoize `build(db)` per executor: on the process's database (a pg pool or PGlite) the
 * query is built once per process; on a transaction, once per transaction, as its statements
 * must run on the transaction's own connection. Nothing is kept alive by the cache (a
 * WeakMap): a finished transaction or a closed database is collected as before.
 * @param build returns the `.prepare(name)` of a query whose inputs are placeholders; the
 *   name must be unique to that query text (PostgreSQL refuses one name for two texts on a
 *   connection).
 */
export function preparedPerExecutor<P>(build: (db: Executor) => P): (db: Executor) => P {
  const cache = new WeakMap<Executor, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
