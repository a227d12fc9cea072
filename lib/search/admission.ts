/**
 * Admission of directory searches to the database, so search holds up under load.
 *
 * A search that the results cache (./cache.ts) cannot answer runs several statements on the
 * database. Under a burst of different searches, letting all of them in at once queued them on
 * the PostgreSQL pool until its connection timeout (SERVER_POOL.connectionTimeoutMillis, 10 s)
 * answered them with a 500, and meanwhile every checkout waited behind them for a connection.
 * So, per process:
 *   - at most SEARCH_CONCURRENCY searches run at once (p-limit): the rest of the pool
 *     (DATABASE_POOL_MAX, default 10) stays free for checkouts, sign-ins and pages;
 *   - at most SEARCH_QUEUE more wait their turn, first come first served;
 *   - a search that arrives when that many are already waiting, or that waited longer than
 *     SEARCH_QUEUE_WAIT_MS for its turn, is answered at once with 503 and Retry-After
 *     (AppError unavailable, messages.search.busy) instead of running late for a visitor who
 *     has likely given up;
 *   - a search whose asker has gone (its `signal` aborted: the visitor closed the page or the
 *     connection) leaves the queue at once and never runs, so it takes no place from the
 *     visitors still waiting.
 * On the embedded database (one connection, in a worker thread) the same bounds keep a burst
 * from building a queue of seconds.
 */
import pLimit from "p-limit";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { metrics } from "@/lib/metrics";

/** Searches running on the database at once, per process. */
export const SEARCH_CONCURRENCY = 4;
/** Searches waiting for a turn, per process; one more is answered busy. */
export const SEARCH_QUEUE = 48;
/** A search that waited this long for its turn is answered busy, in milliseconds. */
export const SEARCH_QUEUE_WAIT_MS = 3_000;
/** Retry-After of a busy answer, in seconds. */
export const SEARCH_RETRY_AFTER_SECONDS = 2;

const limit = pLimit(SEARCH_CONCURRENCY);
/** Searches in p-limit's queue whose asker has gone: they stay there until their turn, then end at once. */
let abandoned = 0;

/** Searches waiting for their turn whose asker is still there. */
const waitingNow = () => Math.max(0, limit.pendingCount - abandoned);

/** Searches running and waiting now (for tests and operations). */
export function searchAdmissionStats(): { running: number; waiting: number } {
  return { running: limit.activeCount, waiting: waitingNow() };
}

const busy = () => new AppError("unavailable", messages.search.busy, undefined, SEARCH_RETRY_AFTER_SECONDS);

/**
 * Run `search` when one of the SEARCH_CONCURRENCY places is free.
 * @param waitMs how long it may wait for its turn (default SEARCH_QUEUE_WAIT_MS)
 * @param signal aborted when nobody waits for the answer any more: the search leaves the queue
 *   and never runs (a search that has started runs to its end)
 * @returns what `search` returns (its errors pass through)
 * @throws AppError(unavailable, Retry-After SEARCH_RETRY_AFTER_SECONDS) when SEARCH_QUEUE
 *   searches already wait, when it waited longer than `waitMs`, or when `signal` aborted
 *   before its turn
 */
export function admitSearch<T>(search: () => Promise<T>, waitMs: number = SEARCH_QUEUE_WAIT_MS, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject((metrics.searchRefused("abandoned"), busy()));
  if (waitingNow() >= SEARCH_QUEUE) return Promise.reject((metrics.searchRefused("queue_full"), busy()));
  const queuedAt = performance.now();
  let left = false;
  const leaveQueue = () => {
    left = true;
    abandoned++;
  };
  signal?.addEventListener("abort", leaveQueue, { once: true });
  return limit(() => {
    signal?.removeEventListener("abort", leaveQueue);
    if (left) abandoned--;
    if (left || signal?.aborted) throw (metrics.searchRefused("abandoned"), busy());
    if (performance.now() - queuedAt > waitMs) throw (metrics.searchRefused("waited_too_long"), busy());
    metrics.searchAdmitted(performance.now() - queuedAt);
    return search();
  });
}
