// GET /api/getNpCampaigns/{organizationId} — an organization's fundraisers, newest first: all of them
// (active and ended) for its own nonprofit user, the active ones of a live organization for
// anyone else. Goal and progress are cents.
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { listFundraisersForViewer } from "@/lib/services/fundraisers/manage-fundraisers";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const organizationId = idParam.parse(params.id);
  const fundraisers = await listFundraisersForViewer({ actor: await getActor(), organizationId });
  return NextResponse.json({ campaigns: fundraisers }, { headers: { "Cache-Control": "private, no-store" } });
});
