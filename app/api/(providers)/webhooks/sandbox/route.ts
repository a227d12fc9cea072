// POST /api/webhooks/sandbox — sandbox payment events: signature verified on the raw body, recorded once, applied exactly once
import { webhookRoute } from "@/lib/http/payment-routes";

export const POST = webhookRoute("sandbox");
