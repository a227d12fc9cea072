// POST /api/webhook-endpoints/{id}/secret — rotate the endpoint's signing secret: { endpoint, secret } (shown once; the old one signs 24 more hours).
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { rotateWebhookSecret } from "@/lib/services/webhooks/webhook-endpoints";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(async (_req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  return NextResponse.json(await rotateWebhookSecret({ actor, endpointId }), { headers: { "Cache-Control": "no-store" } });
}, { auth: "nonprofit", body: "none" });
