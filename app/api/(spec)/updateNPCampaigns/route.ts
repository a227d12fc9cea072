// PUT /api/updateNPCampaigns — the signed-in nonprofit creates (no _id), updates (_id) or ends
// ({ _id, action: "end" }) one of its fundraisers; POST does the same. Body: npID (optional,
// must be the user's own organization), name, goal in dollars (stored as cents), startDate,
// endDate, description, topic. Progress is never taken from the body.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route, type AuthedRouteHandlerContext } from "@/lib/http/route";
import { authorize } from "@/lib/auth/authorize";
import { createFundraiser, endFundraiser, updateFundraiser } from "@/lib/services/fundraisers/manage-fundraisers";
import { fundraiserValuesOf, parseUpdateFundraiserRequest } from "@/lib/validations/fundraiser";

async function handle(req: NextRequest, { actor: user }: AuthedRouteHandlerContext<Record<string, string>>): Promise<Response> {
  const body = parseUpdateFundraiserRequest(await parseJson(req, z.unknown()));
  const organizationId = body.npID ?? user.organizationId ?? "";
  authorize(user, "fundraiser.manage", { organizationId });
  if (body.action === "end") {
    return NextResponse.json({ campaign: await endFundraiser({ actor: user, campaignId: body._id, organizationId }) });
  }
  const values = fundraiserValuesOf(body);
  if (body._id) {
    return NextResponse.json({ campaign: await updateFundraiser({ actor: user, campaignId: body._id, values, organizationId }) });
  }
  return NextResponse.json({ campaign: await createFundraiser({ actor: user, values, organizationId }) }, { status: 201 });
}

export const PUT = route(handle, { auth: "nonprofit" });
export const POST = route(handle, { auth: "nonprofit" });
