/**
 * The request a route handler is serving, kept for the code it calls (the session guards
 * read the session cookie from it, once per request). Set by `route()` in lib/http/route.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextRequest } from "next/server";

export type RequestScope = {
  req: NextRequest;
  /** The next-auth session of this request, read on first use. */
  session?: Promise<unknown>;
};

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The request being handled by `route()`, or undefined outside one (pages, scripts). */
export function currentRequestScope(): RequestScope | undefined {
  return requestScope.getStore();
}
