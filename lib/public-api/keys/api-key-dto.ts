/**
 * An API key as its organization's dashboard lists it: never the key or its hash, only the
 * visible prefix. Timestamps are UTC ISO 8601 strings.
 */
import type { ApiScope } from "@/lib/validations/api-keys";
import { apiKeys } from "@/models";

export type ApiKeySummary = {
  id: string;
  name: string;
  /** The key's first characters, e.g. "gb_live_AbC12xYz"; shown followed by "…". */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  /** Last successful call, to the minute; null when never used. */
  lastUsedAt: string | null;
  /** Null while the key works. */
  revokedAt: string | null;
};

/** The columns an ApiKeySummary is made from (select exactly these). */
export const apiKeySummaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type Row = { id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export function toApiKeySummary(r: Row): ApiKeySummary {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as ApiScope[],
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
    revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
  };
}
