// GET /api/find/nonprofit/events/{id} — one public organization's events, upcoming then past
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listOrganizationEvents } from "@/lib/services/events/list-events";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  return NextResponse.json(await listOrganizationEvents({ organizationId: params.id }));
});
