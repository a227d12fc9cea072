// GET /api/getBankAcct/{organizationId} — bank accounts of the connected account (last 4 digits)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getBankAccounts } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.id);
  return NextResponse.json(await getBankAccounts({ actor, organizationId }));
}, { auth: "nonprofit" });
