// POST /api/events/{id}/orders — order tickets (signed in or as a guest); paid tickets are charged through the donations checkout
import { NextResponse, type NextRequest } from "next/server";
import { getSessionUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { createTicketOrder } from "@/lib/services/events/tickets";
import { ticketOrderSchema } from "@/lib/validations/event";

export const POST = route<{ id: string }>(async (req: NextRequest, { params }) => {
  const input = await parseJson(req, ticketOrderSchema);
  const result = await createTicketOrder(params.id, input, await getSessionUser());
  return NextResponse.json(result);
});
