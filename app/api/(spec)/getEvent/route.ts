// GET /api/getEvent?eventId=...&userId=... — one public event and whether the signed-in user likes it
import { NextResponse, type NextRequest } from "next/server";
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { getPublicEvent } from "@/lib/services/events/get-event";
import { getTicketPage } from "@/lib/services/events/tickets";

/**
 * userId defaults to 0 (nobody). likedByMe is only ever about the signed-in user: a userId of
 * someone else is treated as 0, so nobody can read another user's likes.
 */
export const GET = route(async (req: NextRequest) => {
  const eventId = req.nextUrl.searchParams.get("eventId") ?? "";
  const userId = req.nextUrl.searchParams.get("userId") ?? "0";
  const user = await getActor();
  const actor = user && can(user, "event.like", { userId }) ? user : null;
  const event = await getPublicEvent({ actor, eventId });
  const { ticketTypes } = await getTicketPage({ eventId: event._id });
  return NextResponse.json({ event: { ...event, ticketTypes }, likedByMe: event.likedByMe });
});
