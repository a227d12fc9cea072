/**
 * Request ids: every request the app's server (scripts/server.ts) answers gets one, returned
 * in the `x-request-id` response header and carried by every log line written while it is
 * served (lib/logger.ts). An incoming `x-request-id` is kept only when the socket peer is one
 * of TRUSTED_PROXIES (a load balancer that already assigned one) and it is well formed;
 * anything a client made up is replaced, so ids in the logs cannot be forged or used to
 * inject text (OWASP ASVS 5.0 16.4.1, log injection).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestIds } from "@/lib/logger";
import { isTrustedPeer } from "./client-ip";

/** A request id we accept from a trusted proxy: 8 to 128 letters, digits, `-`, `_`, `.` or `:`. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of a request from socket peer `peer` carrying `incoming` (its x-request-id header): kept if trusted and well formed, else a new UUID. */
export function requestIdFor(peer: string | undefined, incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? undefined : incoming?.trim();
  if (value && REQUEST_ID_PATTERN.test(value) && isTrustedPeer(peer)) return value;
  return randomUUID();
}

/**
 * Wrap a node:http handler: the request gets its id (also written into its own
 * `x-request-id` header, for the app's code), the response says it, and the handler runs
 * inside the logger's request-id scope.
 */
export function withRequestId(handle: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    const id = requestIdFor(req.socket.remoteAddress, req.headers["x-request-id"]);
    req.headers["x-request-id"] = id;
    res.setHeader("x-request-id", id);
    return requestIds.run(id, () => handle(req, res));
  };
}
