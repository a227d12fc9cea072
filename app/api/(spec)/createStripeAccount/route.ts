// POST /api/createStripeAccount — create (once) the signed-in nonprofit's Stripe Connect Express account
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { createStripeAccount } from "@/lib/services/payouts/connect";

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await createStripeAccount({ actor }));
}, { auth: "nonprofit" });
