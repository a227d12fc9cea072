// POST /api/createPartnerReferral {OrgId} — PayPal partner-referral onboarding link for the nonprofit; it issues the single-use state PayPal's return must carry
import { NextResponse } from "next/server";
import { z } from "zod";
import { requireNonprofit } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { createPartnerReferral } from "@/lib/services/payments/connect";
import { idParam } from "@/lib/validations/fields";

const bodySchema = z.object({ OrgId: idParam.optional() });

export const POST = route(async (req) => {
  const { OrgId } = await parseJson(req, bodySchema);
  const actor = await requireNonprofit();
  return NextResponse.json(await createPartnerReferral(actor, { organizationId: OrgId }));
}, { auth: "nonprofit" });
