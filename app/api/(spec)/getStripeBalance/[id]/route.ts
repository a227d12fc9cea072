// GET /api/getStripeBalance/{organizationId} — available and pending balance in cents
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getStripeBalance } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.id);
  return NextResponse.json(await getStripeBalance({ actor, organizationId }));
}, { auth: "nonprofit" });
