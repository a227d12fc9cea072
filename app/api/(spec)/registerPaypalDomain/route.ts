// POST /api/registerPaypalDomain — register the site's domain for Apple Pay through PayPal (503 when PayPal is not configured)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { registerPaypalDomain } from "@/lib/services/payouts/paypal-domain";

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await registerPaypalDomain({ actor }));
}, { auth: "admin" });
