// POST /api/webhook-endpoints/{id}/test — queue a webhook.test event to this endpoint only: 202 with { delivery }.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { sendWebhookTestEvent } from "@/lib/services/webhooks/webhook-deliveries";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(async (_req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  return NextResponse.json({ delivery: await sendWebhookTestEvent({ actor, endpointId }) }, { status: 202 });
}, { auth: "nonprofit", body: "none" });
