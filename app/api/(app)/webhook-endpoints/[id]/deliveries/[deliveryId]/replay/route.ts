// POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay — send a delivery again now (same webhook-id): 202 with { delivery }.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { replayWebhookDelivery } from "@/lib/services/webhooks/webhook-deliveries";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string; deliveryId: string }>(async (_req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  const deliveryId = idParam.parse(params.deliveryId);
  return NextResponse.json({ delivery: await replayWebhookDelivery({ actor, endpointId, deliveryId }) }, { status: 202 });
}, { auth: "nonprofit", body: "none" });
