// POST /api/createStripeAccountLinks — the Stripe-hosted onboarding link of the nonprofit's account
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { createStripeAccountLinks } from "@/lib/services/payments/connect";

export const POST = route(async () => {
  const actor = await requireNonprofit();
  return NextResponse.json(await createStripeAccountLinks({ actor }));
}, { auth: "nonprofit" });
