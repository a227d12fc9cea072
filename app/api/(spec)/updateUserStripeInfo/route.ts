// POST /api/updateUserStripeInfo — re-check the payment connection and set stripeComplete when connected (spec 4)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { updateUserStripeInfo } from "@/lib/services/payouts/connect";

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await updateUserStripeInfo({ actor }));
}, { auth: "nonprofit" });
