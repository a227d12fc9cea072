// POST /api/createPaymentIntentACH — checkout: a US bank account (ACH) payment that settles later; idempotent per idempotencyKey
import { NextResponse, type NextRequest } from "next/server";
import { getSessionUser } from "@/lib/auth/session";
import { serverEnv } from "@/lib/env";
import { checkoutClientOf, withDeviceCookie } from "@/lib/http/checkout-client";
import { parseJson, route } from "@/lib/http/route";
import { checkoutWithDefences } from "@/lib/services/donations/checkout-defences";
import { checkoutSchema } from "@/lib/validations/donation";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, checkoutSchema(serverEnv().DONATION_MAX_CENTS));
  const actor = await getSessionUser();
  const client = checkoutClientOf(req, body.altcha);
  return withDeviceCookie(NextResponse.json(await checkoutWithDefences(actor, { ...body, method: "us_bank_account" }, client)), client);
});
