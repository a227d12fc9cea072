// PUT /api/approve/{type}/{linkId}/{signature} — approve a pending nonprofit from a signed, single-use link (admin only)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { approveByLink } from "@/lib/services/admin/review-nonprofit";
import { approvalLinkParamsSchema } from "@/lib/validations/organization";

export const PUT = route<{ type: string; linkId: string; signature: string }>(async (_req, { params, actor }) => {
  const { linkId, signature } = approvalLinkParamsSchema.parse(params);
  const result = await approveByLink({ actor, linkId, signature });
  return NextResponse.json({ nonprofit: result });
}, { auth: "user" });
