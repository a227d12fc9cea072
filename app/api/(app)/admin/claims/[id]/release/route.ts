// POST /api/admin/claims/{organizationId}/release — the admin releases an organization's claim with a reason (body { reason }): it is unclaimed again
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { releaseClaim } from "@/lib/services/claims/release-claim";
import { claimReleaseSchema } from "@/lib/validations/claims";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(async (req, { params, actor }) => {
  const { reason } = await parseJson(req, claimReleaseSchema);
  return NextResponse.json(await releaseClaim({ actor, organizationId: idParam.parse(params.id), reason }));
}, { auth: "admin" });
