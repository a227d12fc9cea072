// PUT /api/webhook-endpoints/{id} — edit an endpoint (any of url, eventTypes, description, enabled)
// DELETE /api/webhook-endpoints/{id} — delete an endpoint and its delivery log
import { NextResponse } from "next/server";
import { getActor } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/services/webhooks/webhook-endpoints";
import { idParam } from "@/lib/validations/fields";
import { updateWebhookEndpointSchema } from "@/lib/validations/webhooks";

export const PUT = route<{ id: string }>(async (req, { params }) => {
  const endpointId = idParam.parse(params.id);
  const input = await parseJson(req, updateWebhookEndpointSchema);
  return NextResponse.json({ endpoint: await updateWebhookEndpoint({ actor: await getActor(), endpointId, input }) });
}, { auth: "nonprofit" });

export const DELETE = route<{ id: string }>(async (_req, { params }) => {
  const endpointId = idParam.parse(params.id);
  return NextResponse.json(await deleteWebhookEndpoint({ actor: await getActor(), endpointId }));
}, { auth: "nonprofit" });
