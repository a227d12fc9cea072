// GET /api/events/{id}/orders — the event's ticket orders, for its organization (newest first, with what can be refunded)
// POST /api/events/{id}/orders — order tickets (signed in or as a guest); paid tickets are charged through the donations checkout and its card-testing defences
import { NextResponse, type NextRequest } from "next/server";
import { getActor } from "@/lib/http/session";
import { checkoutClientOf, withDeviceCookie } from "@/lib/http/checkout-client";
import { parseJson, route } from "@/lib/http/route";
import { listTicketOrders } from "@/lib/services/events/list-ticket-orders";
import { createTicketOrder } from "@/lib/services/events/tickets";
import { ticketOrderSchema } from "@/lib/validations/event";

export const POST = route<{ id: string }>(async (req: NextRequest, { params }) => {
  const input = await parseJson(req, ticketOrderSchema);
  const client = checkoutClientOf(req, input.altcha);
  const result = await createTicketOrder({ eventId: params.id, input, actor: await getActor(), client });
  return withDeviceCookie(NextResponse.json(result), client);
});

export const GET = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => NextResponse.json(await listTicketOrders({ actor, eventId: params.id }), { headers: { "Cache-Control": "private, no-store" } }),
  { auth: "nonprofit" },
);
