// POST /api/createStripeAccount — create (once) the signed-in nonprofit's Stripe Connect Express account
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { createStripeAccount } from "@/lib/services/payments/connect";

export const POST = route(async () => {
  const actor = await requireNonprofit();
  return NextResponse.json(await createStripeAccount({ actor }));
}, { auth: "nonprofit" });
