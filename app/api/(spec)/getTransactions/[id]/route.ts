// GET /api/getTransactions/{organizationId} — latest balance transactions of the connected account
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getStripeTransactions } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.id);
  return NextResponse.json(await getStripeTransactions({ actor, organizationId }));
}, { auth: "nonprofit" });
