// DELETE /api/events/{id} — the organization's nonprofit user deletes an event without ticket orders
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { deleteEvent } from "@/lib/services/events/manage-events";

export const DELETE = route<{ id: string }>(async (_req, { params, actor }) => {
  return NextResponse.json(await deleteEvent({ actor, eventId: params.id }));
}, { auth: "user" });
