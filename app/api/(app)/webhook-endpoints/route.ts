// GET /api/webhook-endpoints — the signed-in nonprofit's webhook endpoints (never their secrets)
// POST /api/webhook-endpoints — register one ({ url, eventTypes, description? }): 201 { endpoint, secret }, the secret shown this once
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/services/webhooks/webhook-endpoints";
import { createWebhookEndpointSchema } from "@/lib/validations/webhooks";

export const dynamic = "force-dynamic";

export const GET = route(async (_req, { actor }) => {
  const endpoints = await listWebhookEndpoints({ actor });
  return NextResponse.json({ endpoints }, { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "nonprofit" });

export const POST = route(async (req, { actor }) => {
  const input = await parseJson(req, createWebhookEndpointSchema);
  const created = await createWebhookEndpoint({ actor, input });
  return NextResponse.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
}, { auth: "nonprofit" });
