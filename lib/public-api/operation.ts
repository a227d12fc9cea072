/**
 * One call of the public REST API, declared once: its path, who may call it, and the zod
 * schemas of its parameters and answer. The handler (lib/public-api/handler.ts) parses with
 * these schemas and the OpenAPI document (lib/public-api/openapi.ts) is generated from them.
 */
import { z } from "zod";
import type { ApiScope } from "@/lib/validations/api-keys";

/** Anyone (rate-limited per IP address, or per key when one is sent), or a key with this scope. */
export type ApiAccess = "public" | ApiScope;

export type Operation<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType> = {
  operationId: string;
  method: "get";
  /** OpenAPI path under /api/v1, e.g. "/donations/{id}" (app/api/v1/donations/[id]/route.ts). */
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: ApiAccess;
  query: Q;
  params: P;
  response: R;
  /** The call answers 404 for an unknown id. */
  notFound?: boolean;
  /** The call may answer 503 with Retry-After when too many searches wait (lib/search/admission.ts). */
  busy?: boolean;
};

/** Any operation, whatever its schemas. */
export type AnyOperation = Operation<z.ZodObject, z.ZodObject, z.ZodType>;

/** Parameters of a call that takes none. */
export const noParams = z.object({});

/** Declare an operation (only fills in the defaults and keeps the schema types). */
export function defineOperation<R extends z.ZodType, Q extends z.ZodObject = typeof noParams, P extends z.ZodObject = typeof noParams>(
  op: Omit<Operation<Q, P, R>, "query" | "params" | "method"> & { query?: Q; params?: P },
): Operation<Q, P, R> {
  return { ...op, method: "get", query: (op.query ?? noParams) as Q, params: (op.params ?? noParams) as P };
}
