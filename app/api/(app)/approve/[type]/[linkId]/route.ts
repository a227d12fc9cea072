// PUT /api/approve/claim/{claimId} — the admin approves or rejects (with a reason) a claim's uploaded document (body { decision, reason })
import { NextResponse } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { reviewClaimDocument } from "@/lib/services/claims/verify-by-document";
import { claimReviewSchema } from "@/lib/validations/claims";
import { idParam } from "@/lib/validations/fields";

const paramsSchema = z.object({ type: z.literal("claim"), linkId: idParam });

export const PUT = route<{ type: string; linkId: string }>(async (req, { params, actor }) => {
  const input = await parseJson(req, claimReviewSchema);
  const { linkId: claimId } = paramsSchema.parse(params);
  return NextResponse.json(await reviewClaimDocument({ actor, claimId, input }));
}, { auth: "user" });
