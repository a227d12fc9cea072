/**
 * Addresses of the public API (/api/v1) written with repeated slashes, backslashes or a trailing
 * slash ("/api/v1//organizations", "/api/v1/organizations/"). Next answers those itself with a
 * bare 308 before the proxy or any route runs (its router normalizes repeated slashes, and the
 * trailing-slash redirect is its own), so the answer would carry neither the API's RateLimit
 * header fields nor a body. The app's server (scripts/server.ts) therefore hands such a request
 * to Next at its canonical address, naming the address asked for in V1_REQUESTED_PATH_HEADER, and
 * the API's request layer (lib/public-api/handler.ts) answers it with the 308 and the API's
 * headers and body. Any V1_REQUESTED_PATH_HEADER a client sends is dropped here first.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Set by the server only: the path the client asked for, when it was not the canonical one. */
export const V1_REQUESTED_PATH_HEADER = "x-givebridge-v1-requested-path";

const V1_PREFIX = "/api/v1/";
const V1_ROOT = "/api/v1";

/**
 * The canonical form of `url` (a request target: path and query) when its path is a non-canonical
 * address of /api/v1 itself or under it ("/api/v1/", "/api/v1//donations"); null otherwise (another path, or already
 * canonical). Repeated slashes and backslashes collapse to one slash, as Next's router
 * normalizes them, and a trailing slash is dropped; the query is kept as sent.
 */
export function canonicalV1Url(url: string): string | null {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  const canonical = path.replace(/[\\/]+/g, "/").replace(/\/+$/, "");
  if (canonical === path || !(canonical.startsWith(V1_PREFIX) || canonical === V1_ROOT)) return null;
  return `${canonical}${query}`;
}

/** Wrap a node:http handler: a non-canonical /api/v1 address reaches it at its canonical one, with V1_REQUESTED_PATH_HEADER. */
export function withCanonicalV1Path(handle: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    delete req.headers[V1_REQUESTED_PATH_HEADER];
    const url = req.url ?? "/";
    const canonical = canonicalV1Url(url);
    if (canonical !== null) {
      req.headers[V1_REQUESTED_PATH_HEADER] = url.split("?", 1)[0]!;
      req.url = canonical;
    }
    return handle(req, res);
  };
}
