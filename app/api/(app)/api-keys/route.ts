/**
 * GET /api/api-keys — the signed-in nonprofit's API keys (prefix, scopes, last use; never the key).
 * POST /api/api-keys — create a key { name, scopes }: 201 { key, secret }, the secret shown this once.
 */
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { listApiKeys } from "@/lib/public-api/keys/list-api-keys";
import { createApiKeySchema } from "@/lib/validations/api-keys";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = route(async (_req, { actor }) => {
  return NextResponse.json({ keys: await listApiKeys({ actor }) }, { headers: NO_STORE });
}, { auth: "nonprofit" });

export const POST = route(async (req: NextRequest, { actor }) => {
  const input = await parseJson(req, createApiKeySchema);
  return NextResponse.json(await createApiKey({ actor, input }), { status: 201, headers: NO_STORE });
}, { auth: "nonprofit" });
