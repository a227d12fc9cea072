// GET /api/getUserEvents/{id} — an organization's events: all of them for its owner, upcoming ones for anyone else
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { listEventsForViewer } from "@/lib/services/events/manage-events";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  return NextResponse.json(await listEventsForViewer({ actor: await getActor(), organizationId: params.id }));
});
