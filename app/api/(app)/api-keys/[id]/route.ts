// DELETE /api/api-keys/{id} — the signed-in nonprofit revokes one of its API keys (idempotent)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { revokeApiKey } from "@/lib/public-api/keys/revoke-api-key";

export const DELETE = route<{ id: string }>(async (_req, { params, actor }) => {
  return NextResponse.json({ key: await revokeApiKey({ actor, keyId: params.id }) });
}, { auth: "nonprofit" });
