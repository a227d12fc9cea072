// GET /api/sendNonprofitOrganizationDonationEmail?donationId= — queue the nonprofit's notification (donor details only as shared) again for a succeeded donation
import { NextResponse, type NextRequest } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { resendDonationEmail } from "@/lib/services/donations/resend-donation-email";
import { idParam } from "@/lib/validations/fields";

export const GET = route(async (req: NextRequest) => {
  const donationId = idParam.parse(req.nextUrl.searchParams.get("donationId") ?? "");
  const actor = await requireUser();
  return NextResponse.json(await resendDonationEmail(actor, donationId, "nonprofit"));
});
