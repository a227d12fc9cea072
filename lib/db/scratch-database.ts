/**
 * Throw-away databases on a PostgreSQL server, for tests and benchmarks.
 */
import { randomBytes } from "node:crypto";

/** A database made by createScratchDatabase: its name, its connection URL and its drop. */
export type ScratchDatabase = {
  name: string;
  /** The server URL with this database as its path. */
  url: string;
  /** Drop the database, ending any connection still open to it (PostgreSQL 13+ `with (force)`). */
  drop: () => Promise<void>;
};

/**
 * Create a database `<prefix>_<12 random hex digits>` on the server of `serverUrl`, connecting
 * through the database that URL names: empty, or a copy of the database `options.template`
 * (PostgreSQL `CREATE DATABASE … TEMPLATE`; no session may be connected to that database).
 * @throws the driver's error when the server is unreachable or refuses `create database`.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, options: { template?: string } = {}): Promise<ScratchDatabase> {
  const { Client } = await import("pg");
  const run = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await run(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
