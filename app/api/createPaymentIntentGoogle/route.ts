// POST /api/createPaymentIntentGoogle — checkout: an Apple Pay / Google Pay payment (Stripe Express Checkout); idempotent per idempotencyKey
import { NextResponse, type NextRequest } from "next/server";
import { getSessionUser } from "@/lib/auth/session";
import { serverEnv } from "@/lib/env";
import { parseJson, route } from "@/lib/http/route";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { checkoutSchema } from "@/lib/validations/donation";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, checkoutSchema(serverEnv().DONATION_MAX_CENTS));
  const actor = await getSessionUser();
  return NextResponse.json(await startCheckout(actor, { ...body, method: "wallet" }));
});
