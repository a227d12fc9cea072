// POST /api/createStripeAccountLinks — the Stripe-hosted onboarding link of the nonprofit's account
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { createStripeAccountLinks } from "@/lib/services/payouts/connect";

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await createStripeAccountLinks({ actor }));
}, { auth: "nonprofit" });
