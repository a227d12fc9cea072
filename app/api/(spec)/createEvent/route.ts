// POST /api/createEvent — a nonprofit user creates an event of its organization, with ticket types
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createEvent } from "@/lib/services/events/manage-events";
import { createEventSchema } from "@/lib/validations/event";

export const POST = route(async (req: NextRequest, { actor }) => {
  const input = await parseJson(req, createEventSchema);
  return NextResponse.json(await createEvent({ actor, input }), { status: 201 });
}, { auth: "user" });
