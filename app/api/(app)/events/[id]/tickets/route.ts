// GET /api/events/{id}/tickets — a public event's ticket types with remaining seats and sold-out state
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getTicketPage } from "@/lib/services/events/tickets";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  return NextResponse.json(await getTicketPage({ eventId: params.id }), { headers: { "Cache-Control": "no-store" } });
});
