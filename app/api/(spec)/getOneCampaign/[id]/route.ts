// GET /api/getOneCampaign/{id} — one fundraiser (404 unless active and public, or the viewer's own)
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { getCampaign } from "@/lib/services/campaigns/manage-campaigns";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const campaignId = idParam.parse(params.id);
  const campaign = await getCampaign({ actor: await getActor(), campaignId });
  return NextResponse.json({ campaign }, { headers: { "Cache-Control": "private, no-store" } });
});
