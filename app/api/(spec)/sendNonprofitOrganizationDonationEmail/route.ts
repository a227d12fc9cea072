// POST /api/sendNonprofitOrganizationDonationEmail {donationId} — queue the nonprofit's notification (donor details only as shared) again for a succeeded donation (a write, so never GET)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { resendDonationEmail } from "@/lib/services/donations/resend-donation-email";
import { resendDonationEmailSchema } from "@/lib/validations/donation";

export const POST = route(async (req, { actor }) => {
  const { donationId } = await parseJson(req, resendDonationEmailSchema);
  return NextResponse.json(await resendDonationEmail({ actor, donationId, which: "nonprofit" }));
}, { auth: "user" });
