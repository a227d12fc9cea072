/**
 * The app's side of the embedded database's thread (lib/db/pglite-worker.ts): a client with
 * the part of PGlite's interface the app uses (query, exec, transaction, close), so Drizzle's
 * PGlite driver, the migrator, pg-boss's adapter and the rate limiters work on it unchanged,
 * while PostgreSQL's work runs on another thread and the server's event loop stays free.
 *
 * Messages are structured clones: parameters and rows (strings, numbers, bigint, Date,
 * Uint8Array, JSON) cross as they are. Parsers cannot cross, so `parsers` must keep
 * PostgreSQL's text (what Drizzle asks for dates and intervals); anything else is refused.
 */
import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { fromWireError, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from "./pglite-setup";

/** What the app uses of a PGlite client; both PGlite and WorkerPglite have it. */
export type PgliteClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

const TEXT_PROBE = "2000-01-01 00:00:00+00";

/** The wire form of query options: rowMode, paramTypes and the type OIDs kept as text. */
function wireOptions(options: QueryOptions | undefined): { rowMode?: "array" | "object"; rawTypes?: number[]; paramTypes?: number[] } {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) throw new Error("The embedded database thread does not take serializers, blob or onNotice");
  let rawTypes: number[] | undefined;
  if (options.parsers) {
    rawTypes = Object.entries(options.parsers).map(([oid, parse]) => {
      if (parse(TEXT_PROBE, Number(oid)) !== TEXT_PROBE) throw new Error(`The embedded database thread only keeps values as text (type ${oid})`);
      return Number(oid);
    });
  }
  return { rowMode: options.rowMode, rawTypes, paramTypes: options.paramTypes };
}

/** A transaction of WorkerPglite: its statements carry its id to the thread. */
function workerTransaction(client: WorkerPglite, id: number): Transaction & { end: () => void } {
  let closed = false;
  const check = () => {
    if (closed) throw new Error("Transaction is closed");
  };
  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      check();
      return client.request<Results<T>>({ op: "query", tx: id, text, params, ...wireOptions(options) });
    },
    exec: async (text: string) => {
      check();
      return client.request<Results[]>({ op: "exec", tx: id, text });
    },
    sql: async () => {
      throw new Error("tx.sql is not available on the embedded database thread; use tx.query");
    },
    listen: async () => {
      throw new Error("LISTEN is not available on the embedded database thread");
    },
    rollback: async () => {
      check();
      await client.request({ op: "rollback", tx: id });
      closed = true;
    },
    get closed() {
      return closed;
    },
    end: () => {
      closed = true;
    },
  };
}

/**
 * PGlite in a worker thread, seen from the app. Statements queue on the thread in the order
 * sent; a transaction holds PGlite's lock until it ends, as in one process.
 */
export class WorkerPglite implements PgliteClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransaction = 1;
  private failure: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly onCrash?: (err: Error) => void,
  ) {}

  /**
   * Start the thread and open PGlite on `data.target` (a folder already initialised and
   * locked by the caller, or "memory://"). `onCrash` is called once if the thread dies
   * while open; every pending and later statement then fails with that error.
   * @throws Error with PGlite's message when the database does not open.
   */
  static async start(data: PgliteWorkerData, options: { onCrash?: (err: Error) => void } = {}): Promise<WorkerPglite> {
    const fromProject = createRequire(path.join(process.cwd(), "package.json"));
    const tsx = fromProject.resolve("tsx/cjs/api");
    const entry = path.join(process.cwd(), "lib", "db", "pglite-worker.ts");
    // The worker is plain Node: tsx's CommonJS loader reads the TypeScript entry. No execArgv
    // of the server (its --import hooks, --conditions) applies there.
    const bootstrap = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, __filename);`;
    const worker = new Worker(bootstrap, { eval: true, workerData: data, execArgv: [], name: "pglite" });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database thread stopped while opening (exit code ${code})`));
      worker.once("error", reject);
      worker.once("exit", onExit);
      worker.once("message", (reply: PgliteReply) => {
        worker.off("error", reject);
        worker.off("exit", onExit);
        if ("ready" in reply && reply.ready) resolve();
        else if ("error" in reply) reject(fromWireError(reply.error));
        else reject(new Error("The embedded database thread answered before it was ready"));
      });
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    const client = new WorkerPglite(worker, options.onCrash);
    client.listen();
    return client;
  }

  private listen(): void {
    this.worker.on("message", (reply: PgliteReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ("ok" in reply && reply.ok) waiting.resolve(reply.value);
      else if ("error" in reply) waiting.reject(fromWireError(reply.error));
    });
    const stop = (err: Error) => {
      if (this.failure) return;
      this.failure = err;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
      this.onCrash?.(err);
    };
    this.worker.on("error", (err) => stop(new Error(`The embedded database thread failed: ${err.message}`)));
    this.worker.on("exit", (code) => stop(new Error(`The embedded database thread stopped (exit code ${code})`)));
    // An idle thread does not keep the process alive; a statement in flight does.
    this.worker.unref();
  }

  /** Send one request to the thread; resolves with its value, rejects with its error. @internal */
  request<T>(req: WithoutId<PgliteRequest>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...req, id } as PgliteRequest);
    });
  }

  /** PGlite.query on the thread (only text-keeping `parsers`). */
  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.request<Results<T>>({ op: "query", text, params, ...wireOptions(options) });
  }

  /** PGlite.exec on the thread: several statements, one result each. */
  async exec(text: string): Promise<Results[]> {
    return this.request<Results[]>({ op: "exec", text });
  }

  /**
   * PGlite.transaction: BEGIN on the thread, `fn` here, then COMMIT, or ROLLBACK when `fn`
   * throws (its error is rethrown). Other statements wait until it ends.
   * @throws what `fn` throws; PGlite's TransactionAbortedError-like error when COMMIT rolled back.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextTransaction++;
    // BEGIN travels with the first statements instead of a round trip ahead of them: once
    // begun, the transaction holds the database's lock, and every round trip inside it
    // delays every other statement of the process.
    const begun = this.request<null>({ op: "begin", tx: id });
    begun.catch(() => undefined); // awaited below
    const tx = workerTransaction(this, id);
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      tx.end();
      await this.request({ op: "end", tx: id, commit: false });
      await begun; // a BEGIN that failed is the error to report
      throw err;
    }
    tx.end();
    try {
      await begun;
    } catch (err) {
      await this.request({ op: "end", tx: id, commit: false });
      throw err;
    }
    await this.request({ op: "end", tx: id, commit: true });
    return result;
  }

  /** Close PGlite (its files are flushed) and stop the thread. */
  async close(): Promise<void> {
    if (!this.failure) await this.request({ op: "close" });
    this.failure ??= new Error("The embedded database is closed");
    await this.worker.terminate();
  }
}
