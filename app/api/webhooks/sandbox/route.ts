// POST /api/webhooks/sandbox — sandbox payment events: signature verified on the raw body, recorded once, applied exactly once
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { handleWebhook } from "@/lib/services/donations/apply-payment-event";

export const POST = route(async (req: NextRequest) => {
  const raw = await req.text();
  const outcome = await handleWebhook("sandbox", raw, req.headers);
  return NextResponse.json({ received: true, duplicate: !outcome.recorded });
}, { webhook: true });
