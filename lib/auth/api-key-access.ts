/**
 * Who an API key acts for, and what it may read (the public REST API). A key
 * belongs to one organization and holds read scopes (lib/validations/api-keys.ts); every
 * organization-scoped read names the scope it needs and reads only the key's organization,
 * so a key of organization X can never read Y. Deny unless the key holds the scope.
 */
import { AppError } from "@/lib/errors";
import type { ApiScope } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { can } from "./can";

/** A caller authenticated by an API key (lib/public-api/keys/authenticate-api-key.ts). */
export type ApiKeyActor = {
  kind: "api_key";
  keyId: string;
  organizationId: string;
  scopes: readonly ApiScope[];
};

/**
 * The organization `actor` may read with `scope`.
 * @returns the key's organization id.
 * @throws AppError(unauthenticated) without a key; AppError(forbidden) when the key lacks the
 *   scope (RFC 6750 section 3.1, insufficient_scope).
 */
export function requireApiScope(actor: ApiKeyActor | null | undefined, scope: ApiScope): string {
  if (!actor || actor.kind !== "api_key") throw new AppError("unauthenticated", messages.publicApi.keyMissing);
  // The key reads only its own organization; the rule (lib/auth/can.ts) decides the scope.
  if (!can(actor, "publicApi.read", { organizationId: actor.organizationId, scope })) throw new AppError("forbidden", messages.publicApi.scopeMissing(scope));
  return actor.organizationId;
}
