// POST /api/capturePaypalOrder — capture an approved PayPal order; the donation's effect applies exactly once
import { NextResponse, type NextRequest } from "next/server";
import { getActor } from "@/lib/http/session";
import { parseJson, route } from "@/lib/http/route";
import { capturePaypalDonation } from "@/lib/services/donations/capture-paypal-donation";
import { paypalCaptureSchema } from "@/lib/validations/donation";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, paypalCaptureSchema);
  const actor = await getActor();
  return NextResponse.json(await capturePaypalDonation({ actor, orderId: body.orderId }));
});
