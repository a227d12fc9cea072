// PUT /api/updateBankAcct/{organizationId}/{bankToken} — add a bank account as the default payout account
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { updateBankAccount } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ organizationId: string; bankToken: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.organizationId);
  const token = idParam.parse(params.bankToken);
  return NextResponse.json(await updateBankAccount({ actor, organizationId, bankToken: token }));
}, { auth: "nonprofit" });
