// DELETE /api/campaign/delete/{organizationId}/{campaignId} — the organization's own nonprofit
// user deletes a fundraiser. Its donations stay and count as direct donations afterwards.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { deleteCampaign } from "@/lib/services/campaigns/manage-campaigns";
import { idParam } from "@/lib/validations/fields";

export const DELETE = route<{ organizationId: string; campaignId: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.organizationId);
  const campaignId = idParam.parse(params.campaignId);
  return NextResponse.json(await deleteCampaign({ actor, organizationId, campaignId }));
}, { auth: "user" });
