// GET /api/getOneCampaign/{id} — one fundraiser (404 unless active and public, or the viewer's own)
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { getFundraiser } from "@/lib/services/fundraisers/manage-fundraisers";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const fundraiserId = idParam.parse(params.id);
  const fundraiser = await getFundraiser({ actor: await getActor(), fundraiserId });
  return NextResponse.json({ campaign: fundraiser }, { headers: { "Cache-Control": "private, no-store" } });
});
