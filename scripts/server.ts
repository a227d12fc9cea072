/**
 * The app's HTTP server on an existing build (`npm run serve`; `npm start` builds first, then
 * runs this). It is Next's documented custom server (`next({ dev: false })` and its request
 * handler) behind a plain node:http server, for one reason: only the server sees the TCP
 * socket, so it records the client's address from the socket before Next sees the request,
 * dropping any X-Forwarded-For / X-Real-IP a client made up unless the peer is one of
 * TRUSTED_PROXIES (lib/http/client-ip.ts). Everything else is what
 * `next start` does: same request handlers, PORT (default 3000), graceful stop on SIGINT or
 * SIGTERM (below). Idle keep-alive connections are kept longer than clients keep them, so a busy
 * server does not close a connection just as a client reuses it (ECONNRESET under load).
 *
 * What `next start` does not do:
 * - an address of the public API with repeated or trailing slashes reaches the API at its
 *   canonical address, which answers the 308 with the API's headers and body
 *   (lib/http/v1-canonical-path.ts), where Next alone answers a bare 308;
 * - responses are compressed here (the `compression` middleware, the one Next itself uses);
 *   Next's own compression is off (next.config.ts, `compress: false`) so nothing is compressed
 *   twice. Next's output is otherwise sent as Next wrote it;
 * - every request gets an id, returned in `x-request-id` and carried by its log lines
 *   (lib/http/request-id.ts), and its duration is counted by route pattern and status for
 *   GET /api/metrics (lib/metrics);
 * - a graceful stop: on SIGTERM or SIGINT the server takes no new connection, answers the
 *   requests in flight, closes Next, then lets the queue workers finish the batch they hold
 *   (lib/server/shutdown.ts); jobs not yet taken stay queued for the other processes. After
 *   STOP_GRACE_MS it exits anyway: a load balancer or an orchestrator waits no longer.
 */
import http from "node:http";
import compression from "compression";
import { assertPublicUrl, serverEnv } from "../lib/env";
import { withPeerAddress } from "../lib/http/client-ip";
import { withRequestId } from "../lib/http/request-id";
import { withCanonicalV1Path } from "../lib/http/v1-canonical-path";
import { metrics } from "../lib/metrics";
import { runShutdownHooks } from "../lib/server/shutdown";
import { routePatternsOfBuild } from "../lib/metrics/route-patterns";

/** How long a stop may take in all (ms): in-flight requests, then the queue workers' batches. */
const STOP_GRACE_MS = 25_000;

async function main(): Promise<void> {
  // What `next start` sets: the production build of React and of the app's own settings.
  (process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  // Production needs the site's public address (lib/env.ts, assertPublicUrl): say which variable and stop.
  try {
    assertPublicUrl();
  } catch (err) {
    console.error(`\n${(err as Error).message}\n`);
    process.exit(1);
  }
  const { default: next } = await import("next");
  const port = serverEnv().PORT;
  const app = next({ dev: false, dir: process.cwd(), port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const routePatternOf = routePatternsOfBuild(process.cwd());
  const server = http.createServer(
    withRequestId(
      withPeerAddress(
        withCanonicalV1Path((req, res) => {
          timeRequest(req, res, routePatternOf);
          compress(req, res, () => void handle(req, res));
        }),
      ),
    ),
  );
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const code = signal === "SIGINT" ? 130 : 143;
    const started = Date.now();
    setTimeout(() => {
      console.error(`Stopped after ${STOP_GRACE_MS / 1000} s with work unfinished.`);
      process.exit(code);
    }, STOP_GRACE_MS).unref();
    server.close(() => {
      void (async () => {
        await app.close().catch(() => undefined);
        const unfinished = await runShutdownHooks(Math.max(1_000, STOP_GRACE_MS - (Date.now() - started)));
        if (unfinished.length) console.error(`Stopped with unfinished work: ${unfinished.join(", ")}.`);
        process.exit(code);
      })();
    });
    // Idle keep-alive connections close now, and each busy one as soon as its response is sent
    // (server.close() alone would wait for the clients' keep-alive to end).
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  console.log(`Givebridge is serving on port ${port}.`);
}

/** Observe the request's duration, by its app/ route pattern, method and status, once its response is sent. */
function timeRequest(req: http.IncomingMessage, res: http.ServerResponse, routePatternOf: (pathname: string) => string): void {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    metrics.request(routePatternOf(pathname), req.method ?? "GET", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
