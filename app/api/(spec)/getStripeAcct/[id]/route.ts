// GET /api/getStripeAcct/{organizationId} — the Stripe account's details_submitted (sets stripeComplete)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getStripeAccount } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.id);
  return NextResponse.json(await getStripeAccount({ actor, organizationId }));
}, { auth: "nonprofit" });
