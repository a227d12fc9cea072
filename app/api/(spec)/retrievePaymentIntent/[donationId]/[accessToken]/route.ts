// GET /api/retrievePaymentIntent/{donationId}/{accessToken} — the payment's current status (Pending Verification, Completed, Failed with reason)
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { getDonationResult } from "@/lib/services/donations/get-donation-result";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ donationId: string; accessToken: string }>(async (_req, { params }) => {
  const donationId = idParam.parse(params.donationId);
  const actor = await getActor();
  return NextResponse.json(await getDonationResult({ actor, donationId, token: params.accessToken }));
});
