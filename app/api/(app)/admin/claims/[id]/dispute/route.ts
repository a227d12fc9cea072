// PUT /api/admin/claims/{claimId}/dispute — the admin decides a contest of a claim (body { decision: "hand_over" | "keep", reason })
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { decideClaimDispute } from "@/lib/services/claims/disputes";
import { claimDisputeDecisionSchema } from "@/lib/validations/claims";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ id: string }>(async (req, { params, actor }) => {
  const input = await parseJson(req, claimDisputeDecisionSchema);
  return NextResponse.json(await decideClaimDispute({ actor, claimId: idParam.parse(params.id), input }));
}, { auth: "user" });
