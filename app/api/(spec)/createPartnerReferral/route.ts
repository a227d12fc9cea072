// POST /api/createPartnerReferral {OrgId} — PayPal partner-referral onboarding link for the nonprofit; it issues the single-use state PayPal's return must carry
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createPartnerReferral } from "@/lib/services/payouts/connect";
import { partnerReferralSchema } from "@/lib/validations/payments-connect";

export const POST = route(async (req, { actor }) => {
  const { OrgId: organizationId } = await parseJson(req, partnerReferralSchema);
  return NextResponse.json(await createPartnerReferral({ actor, organizationId }));
}, { auth: "nonprofit" });
