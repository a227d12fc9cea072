/**
 * Queries built once instead of once per call. Drizzle turns a query builder into SQL text
 * on every execution, and for a select of a wide table (a donation row has some fifty
 * columns) that costs about as much CPU as the database spends answering it. A prepared
 * query (Drizzle's `.prepare(name)`, its inputs `sql.placeholder(...)`) keeps the text and
 * only fills in the values; on PostgreSQL the name also makes it a named statement, parsed
 * and planned once per connection instead of once per execution.
 */
import "server-only";
import * as drizzleOrm from "drizzle-orm";
import type { Query } from "drizzle-orm";
import type { PreparedQueryConfig, SelectedFieldsOrdered } from "drizzle-orm/pg-core";
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

/** What a select builder gives {@link selectBuiltOnce}: its SQL with placeholders and its fields. */
type SelectBuilder<Row> = { toSQL(): Query; _: { selectedFields: unknown; result: Row[] } };

/** drizzle's own helpers that order a select's fields and map a result row (its utils module). */
const drizzleUtils = drizzleOrm as unknown as {
  orderSelectedFields(fields: unknown): SelectedFieldsOrdered;
  mapResultRow(fields: SelectedFieldsOrdered, row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): unknown;
};

/**
 * A select built once per process that runs on any executor, a transaction included: what
 * preparedPerExecutor cannot give a statement that only makes sense inside a transaction
 * (it rebuilds once per transaction). `build` is called once, with the first executor, and
 * must take its inputs as `sql.placeholder(...)`; each call then only fills in the values,
 * runs the text as the named statement `name` on that executor's connection (parsed and
 * planned once per connection on PostgreSQL) and maps the rows as Drizzle would, nested
 * objects of left-joined tables included (null when the join found no row).
 * @param name unique to this query text (PostgreSQL refuses one name for two texts).
 * @returns run(executor, values): the rows, typed as the builder's.
 * @throws the database's errors, as the builder's own execute would.
 */
export function selectBuiltOnce<Row>(name: string, build: (db: Executor) => SelectBuilder<Row>): (db: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  let built: { query: Query; fields: SelectedFieldsOrdered; joins: Record<string, boolean> | undefined } | undefined;
  return (db, values) => {
    if (!built) {
      const builder = build(db);
      built = {
        query: builder.toSQL(),
        fields: drizzleUtils.orderSelectedFields(builder._.selectedFields),
        // Which joined tables may be missing from a row: Drizzle keeps it on the builder.
        joins: (builder as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap,
      };
    }
    const { query, fields, joins } = built;
    const mapRows = (rows: unknown[][]) => rows.map((row) => drizzleUtils.mapResultRow(fields, row, joins) as Row);
    return db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(query, fields, name, true, mapRows).execute(values);
  };
}
