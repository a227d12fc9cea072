// POST /api/sendGivebridgeOrganizationDonationEmail {donationId} — queue the platform's copy with fees again for a succeeded donation (a write, so never GET)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { resendDonationEmail } from "@/lib/services/donations/resend-donation-email";
import { resendDonationEmailSchema } from "@/lib/validations/donation";

export const POST = route(async (req, { actor }) => {
  const { donationId } = await parseJson(req, resendDonationEmailSchema);
  return NextResponse.json(await resendDonationEmail({ actor, donationId, which: "platform" }));
}, { auth: "user" });
