// DELETE /api/campaign/delete/{organizationId}/{campaignId} — the organization's own nonprofit
// user deletes a fundraiser. Its donations stay and count as direct donations afterwards.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { deleteFundraiser } from "@/lib/services/fundraisers/manage-fundraisers";
import { idParam } from "@/lib/validations/fields";

export const DELETE = route<{ organizationId: string; campaignId: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.organizationId);
  const fundraiserId = idParam.parse(params.campaignId);
  return NextResponse.json(await deleteFundraiser({ actor, organizationId, fundraiserId }));
}, { auth: "user" });
