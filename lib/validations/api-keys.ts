/**
 * API keys of the public REST API: the scopes a key may hold and the create form's
 * payload (POST /api/api-keys), shared by the dashboard form and the service.
 *
 * Scopes (least privilege, one per kind of data an integration reads):
 * - read:donations — GET /api/v1/donations, /donations/{id} and /recurring-gifts (a recurring
 *   gift is a series of donations and tells as much about a donor);
 * - read:fundraisers — GET /api/v1/organization/fundraisers (ended ones too);
 * - read:events — GET /api/v1/organization/events (past ones too, with tickets sold);
 * - read:payouts — GET /api/v1/payouts (the money settled to the organization);
 * - read:donors — GET /api/v1/donors and /donors/{id} (each donor's totals and only the name
 *   and email they shared; never the organization's notes or tags).
 */
import "./zod-setup";
import { z } from "zod";
import { messages } from "./messages";

export const apiScopes = ["read:donations", "read:fundraisers", "read:events", "read:payouts", "read:donors"] as const;
export type ApiScope = (typeof apiScopes)[number];

/** What each scope lets a key read, as the dashboard and /developers say it. */
export const apiScopeDescriptions: Record<ApiScope, string> = {
  "read:donations": "Donations (only what each donor shared) and recurring gifts",
  "read:fundraisers": "All your fundraisers, ended ones too",
  "read:events": "All your events, past ones too, with tickets sold",
  "read:payouts": "Payouts: the money settled to you each day",
  "read:donors": "Donors: each one's totals and the name and email they shared",
};

/** The longest key name. */
export const API_KEY_NAME_MAX = 60;

/** POST /api/api-keys body: a name and at least one scope (duplicates ignored). */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: messages.apiKeys.nameRequired })
    .trim()
    .min(1, { error: messages.apiKeys.nameRequired })
    .max(API_KEY_NAME_MAX, { error: messages.apiKeys.nameTooLong }),
  scopes: z
    .array(z.enum(apiScopes, { error: messages.apiKeys.scopeInvalid }), { error: messages.apiKeys.scopesRequired })
    .min(1, { error: messages.apiKeys.scopesRequired })
    .max(apiScopes.length * 2, { error: messages.apiKeys.scopeInvalid })
    .transform((s) => apiScopes.filter((scope) => s.includes(scope))),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
