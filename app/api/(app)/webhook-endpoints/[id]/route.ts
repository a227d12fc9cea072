// PUT /api/webhook-endpoints/{id} — edit an endpoint (any of url, eventTypes, description, enabled)
// DELETE /api/webhook-endpoints/{id} — delete an endpoint and its delivery log
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/services/webhooks/webhook-endpoints";
import { idParam } from "@/lib/validations/fields";
import { updateWebhookEndpointSchema } from "@/lib/validations/webhooks";

export const PUT = route<{ id: string }>(async (req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  const input = await parseJson(req, updateWebhookEndpointSchema);
  return NextResponse.json({ endpoint: await updateWebhookEndpoint({ actor, endpointId, input }) });
}, { auth: "nonprofit" });

export const DELETE = route<{ id: string }>(async (_req, { params, actor }) => {
  const endpointId = idParam.parse(params.id);
  return NextResponse.json(await deleteWebhookEndpoint({ actor, endpointId }));
}, { auth: "nonprofit" });
