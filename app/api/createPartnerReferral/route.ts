// GET /api/createPartnerReferral?returnUrl=&OrgId= — PayPal partner-referral onboarding link for the nonprofit
import { NextResponse, type NextRequest } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { createPartnerReferral } from "@/lib/services/payments/connect";

export const GET = route(async (req: NextRequest) => {
  const q = req.nextUrl.searchParams;
  const actor = await requireNonprofit();
  return NextResponse.json(await createPartnerReferral(actor, { organizationId: q.get("OrgId") ?? undefined, returnUrl: q.get("returnUrl") ?? undefined }));
});
