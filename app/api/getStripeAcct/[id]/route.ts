// GET /api/getStripeAcct/{organizationId} — the Stripe account's details_submitted (sets stripeComplete)
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { getStripeAccount } from "@/lib/services/payments/connect";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const organizationId = idParam.parse(params.id);
  const actor = await requireNonprofit();
  return NextResponse.json(await getStripeAccount({ actor, organizationId }));
}, { auth: "nonprofit" });
