// GET /api/webhook-endpoints/{id}/deliveries — the endpoint's newest 25 deliveries with their attempts (status code, duration, error, next retry).
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listWebhookDeliveries } from "@/lib/services/webhooks/webhook-deliveries";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  const deliveries = await listWebhookDeliveries({ actor, endpointId });
  return NextResponse.json({ deliveries }, { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "nonprofit" });
