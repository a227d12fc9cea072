/**
 * The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: a
 * statement runs synchronously on the thread that calls it, so on the server's main thread a
 * 200 ms search would hold every other request of the process (even a static file) for
 * 200 ms. Here PGlite runs in a worker_threads Worker started by lib/db/pglite-thread.ts, and
 * answers the requests of lib/db/pglite-setup.ts PgliteRequest one by one.
 *
 * Transactions keep PGlite's own rules: "begin" opens PGlite.transaction and holds it until
 * "end" (commit or rollback); statements with that transaction's id run inside it, and every
 * other statement waits on PGlite's lock until it ends, exactly as in one process. The app
 * names the transaction in "begin" and sends its statements without waiting for the answer:
 * they run once it has begun (or fail with its error).
 *
 * Loaded by tsx's CommonJS loader (no "@/" paths): imports only node and PGlite.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { pgliteCreateOptions, toWireError, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from "./pglite-setup";

/** Thrown inside PGlite.transaction to make it roll back when the app asks for it. */
class RollbackRequested extends Error {}

type OpenTransaction = { tx: Transaction; decide: (commit: boolean) => void; settled: Promise<void> };

const keepText = (value: string) => value;

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("lib/db/pglite-worker.ts runs only as a worker thread");
  const data = workerData as PgliteWorkerData;
  const post = (reply: PgliteReply) => port.postMessage(reply);
  let db: PGlite;
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    db = await PGlite.create(data.target, await pgliteCreateOptions(data.sharedBuffers, data.loadDataDir));
  } catch (err) {
    post({ id: 0, ready: false, error: toWireError(err) });
    return;
  }

  // Open transactions by the app's id, each as the promise of its start: the app sends a
  // transaction's first statements right behind its "begin", without waiting for it.
  const open = new Map<number, Promise<OpenTransaction>>();
  const inTransaction = async (tx: number): Promise<OpenTransaction> => {
    const entry = open.get(tx);
    if (!entry) throw new Error("Transaction is closed");
    return entry;
  };
  const target = async (tx: number | undefined): Promise<PGlite | Transaction> => (tx === undefined ? db : (await inTransaction(tx)).tx);

  async function start(): Promise<OpenTransaction> {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    let opened!: (tx: Transaction) => void;
    const started = new Promise<Transaction>((resolve) => (opened = resolve));
    const settled = db
      .transaction(async (tx) => {
        opened(tx);
        if (!(await decided)) throw new RollbackRequested();
      })
      .then(
        () => undefined,
        (err: unknown) => {
          if (!(err instanceof RollbackRequested)) throw err;
        },
      );
    settled.catch(() => undefined); // awaited by "end"; never an unhandled rejection meanwhile
    // BEGIN itself can fail: then the transaction settles without ever starting.
    const tx = await Promise.race([started, settled.then(() => Promise.reject(new Error("The transaction could not begin")))]);
    return { tx, decide, settled };
  }

  /** Registered at once (before the next message is read), started when PGlite's lock is free. */
  async function begin(id: number): Promise<null> {
    const opening = start();
    open.set(id, opening);
    await opening;
    return null;
  }

  async function end(id: number, commit: boolean): Promise<null> {
    const entry = open.get(id);
    if (!entry) throw new Error("Transaction is closed");
    open.delete(id);
    const opened = await entry.catch(() => undefined);
    if (!opened) return null; // it never began: nothing to end
    opened.decide(commit);
    await opened.settled;
    return null;
  }

  async function run(req: PgliteRequest): Promise<unknown> {
    switch (req.op) {
      case "query": {
        const options: QueryOptions = { rowMode: req.rowMode, paramTypes: req.paramTypes };
        if (req.rawTypes) options.parsers = Object.fromEntries(req.rawTypes.map((oid) => [oid, keepText]));
        return (await target(req.tx)).query(req.text, req.params, options);
      }
      case "exec":
        return (await target(req.tx)).exec(req.text);
      case "begin":
        return begin(req.tx);
      case "rollback": {
        await (await inTransaction(req.tx)).tx.rollback();
        return null;
      }
      case "end":
        return end(req.tx, req.commit);
      case "close":
        await db.close();
        return null;
    }
  }

  port.on("message", (req: PgliteRequest) => {
    run(req).then(
      (value) => {
        try {
          post({ id: req.id, ok: true, value });
        } catch (err) {
          post({ id: req.id, ok: false, error: toWireError(err) });
        }
      },
      (err: unknown) => post({ id: req.id, ok: false, error: toWireError(err) }),
    );
  });
  post({ id: 0, ready: true });
}

void main();
