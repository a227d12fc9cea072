/**
 * Next's page/data cache (`cacheHandler` in next.config.ts) on one Redis shared by every app
 * process, with @fortedigital/nextjs-cache-handler (docs/decisions/0009-shared-page-cache-on-redis.md).
 *
 * What it stores: every entry of Next's incremental cache (the ISR pages of app/(public), their
 * RSC payloads, route handler and fetch entries) under `${REDIS_KEY_PREFIX}${key}`, with their
 * tags (Next's implicit path tags `_N_T_/…` included) in one hash per prefix. An entry is
 * written once by whichever process renders it and read by all.
 *
 * Invalidation across processes: revalidatePath/revalidateTag on any process (lib/cache/public-pages.ts)
 * deletes the tagged entries from Redis and records the tag's time; every process reads
 * Redis on each request, so the next visit of that page on ANY process renders it afresh. There
 * is no per-process copy in front of Redis that could stay stale.
 *
 * Redis down (unreachable at start, or lost later): never an error for a visitor. Every read
 * and write also goes to an in-process LRU (the package's local-lru handler, the same role as
 * Next's default in-memory cache); while the Redis client is not ready, reads and invalidations
 * use that LRU alone, i.e. each process keeps its own cache as it does without REDIS_URL,
 * and pages of other processes' changes follow within their `revalidate` interval (60 s).
 * The client keeps reconnecting in the background and Redis is used again once it answers.
 * A Redis command that does not answer within COMMAND_TIMEOUT_MS fails over the same way.
 *
 * Without REDIS_URL: the in-process LRU alone, each process its own cache.
 *
 * Pages `next build` prerendered into the build folder are never read: a page not in the
 * cache is rendered on its request (next.config.ts pageCache says why).
 *
 * Next imports this file itself, outside the app bundle and before lib/env.ts could be
 * loaded ("server-only", TypeScript), so it reads its two variables here; lib/env.ts declares
 * and checks them (REDIS_URL, REDIS_KEY_PREFIX) when the server starts. next.config.ts names
 * this file for every server.
 */
import { createClient } from "@redis/client";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";

/** A Redis command slower than this (ms) counts as Redis being down for that request. */
const COMMAND_TIMEOUT_MS = 1_000;
/** Longest wait between reconnection attempts while Redis is down (ms). */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** Next evaluates the server's modules more than once per process: one client per process. */
const GLOBAL_KEY = Symbol.for("givebridge.redisCacheHandlerConfig");

/**
 * The handlers for this process: Redis first, then the in-process LRU (reads fall back to it
 * only when Redis fails; writes and invalidations go to both).
 * @returns {{ handlers: unknown[] }}
 */
function createConfig() {
  const url = process.env.REDIS_URL?.trim();
  const keyPrefix = process.env.REDIS_KEY_PREFIX?.trim() || "givebridge:";
  const lru = createLruHandler();
  if (!url) return { handlers: [lru] };

  const client = createClient({
    url,
    // Commands are refused at once while disconnected (the handler then falls back to the
    // LRU) instead of being queued until Redis comes back.
    disableOfflineQueue: true,
    pingInterval: 10_000,
    socket: {
      connectTimeout: COMMAND_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  let warned = false;
  client.on("error", (err) => {
    // One line per outage, not one per reconnection attempt; the message names no secret
    // (node-redis does not put the URL's password in its errors).
    if (warned) return;
    warned = true;
    console.warn(`Page cache: Redis is unavailable (${err?.code ?? err?.message ?? "error"}); each process uses its own cache until it is back.`);
  });
  client.on("ready", () => {
    if (warned) console.info("Page cache: Redis is available again.");
    warned = false;
  });
  client.connect().catch(() => undefined);

  const redis = createRedisHandler({ client, keyPrefix, timeoutMs: COMMAND_TIMEOUT_MS });
  return { handlers: [redis, lru] };
}

CacheHandler.onCreation(() => {
  const store = /** @type {Record<symbol, { handlers: unknown[] } | undefined>} */ (globalThis);
  store[GLOBAL_KEY] ??= createConfig();
  return store[GLOBAL_KEY];
});

export default CacheHandler;
