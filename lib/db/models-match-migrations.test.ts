import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as models from "@/models";
import type { DatabaseHandle } from "./client";
import { createTestDatabase } from "./testing";

/**
 * The models (models/, what Drizzle builds queries and drizzle-kit's snapshot from) and the
 * hand-written migrations (drizzle/*.sql, what the database is made of) describe the same tables:
 * every model table and column exists in a migrated database with the model's SQL type and
 * nullability, and no column of a model table exists only in the migrations.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

type DatabaseColumn = { table_name: string; column_name: string; type: string; is_nullable: "YES" | "NO" };

/** A type as information_schema spells it, from the model's SQL type (`timestamp (3) with time zone` → `timestamp with time zone`). */
function informationSchemaType(modelType: string): string {
  return modelType
    .replace(/^timestamp(?: ?\(\d\))?( with time zone)?$/, (_, tz) => `timestamp${tz ? " with time zone" : " without time zone"}`)
    .replace(/^varchar(\(\d+\))?$/, "character varying")
    .replace(/^serial$/, "integer")
    .replace(/^"?public"?\.|"/g, "");
}

test("every model table and column is in the migrated database, with its type and nullability", async () => {
  const result = await h.db.execute(sql`
    select table_name, column_name, is_nullable,
      case when data_type = 'USER-DEFINED' then udt_name
           when data_type = 'ARRAY' then substr(udt_name, 2) || '[]'
           else data_type end as type
    from information_schema.columns where table_schema = 'public'`);
  const columns = new Map((result as unknown as { rows: DatabaseColumn[] }).rows.map((c) => [`${c.table_name}.${c.column_name}`, c]));

  const tables = Object.values(models).filter((value) => is(value, PgTable)).map((table) => getTableConfig(table as PgTable));
  expect(tables.length).toBeGreaterThan(40);
  const differences: string[] = [];
  for (const table of tables) {
    const modelColumns = new Set(table.columns.map((c) => `${table.name}.${c.name}`));
    for (const column of table.columns) {
      const key = `${table.name}.${column.name}`;
      const found = columns.get(key);
      if (!found) {
        differences.push(`${key}: in the model, not in the migrations`);
        continue;
      }
      if (informationSchemaType(column.getSQLType()) !== found.type) differences.push(`${key}: ${column.getSQLType()} in the model, ${found.type} in the migrations`);
      if ((found.is_nullable === "NO") !== column.notNull) differences.push(`${key}: ${column.notNull ? "not null" : "nullable"} in the model, not so in the migrations`);
    }
    for (const key of columns.keys()) if (key.startsWith(`${table.name}.`) && !modelColumns.has(key)) differences.push(`${key}: in the migrations, not in the model`);
  }
  expect(differences).toEqual([]);
});

test("an embedded test database holds the migrated postgres database alone, without initdb's templates", async () => {
  const result = await h.db.execute(sql`select datname from pg_database order by datname`);
  const names = (result as unknown as { rows: { datname: string }[] }).rows.map((r) => r.datname);
  if (h.kind === "pglite") expect(names).toEqual(["postgres"]);
  else expect(names).toEqual(expect.arrayContaining(["template0", "template1"]));
});
