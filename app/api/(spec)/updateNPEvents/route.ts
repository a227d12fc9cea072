// PUT /api/updateNPEvents — the organization's nonprofit user changes one of its events and ticket types
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateEvent } from "@/lib/services/events/manage-events";
import { updateEventSchema } from "@/lib/validations/event";

export const PUT = route(async (req: NextRequest, { actor }) => {
  const input = await parseJson(req, updateEventSchema);
  return NextResponse.json(await updateEvent({ actor, input }));
}, { auth: "user" });
