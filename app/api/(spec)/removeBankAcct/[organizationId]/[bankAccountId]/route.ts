// PUT /api/removeBankAcct/{organizationId}/{bankAccountId} — remove a bank account of the connected account
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { removeBankAccount } from "@/lib/services/payouts/connect";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ organizationId: string; bankAccountId: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.organizationId);
  const bankAccountId = idParam.parse(params.bankAccountId);
  return NextResponse.json(await removeBankAccount({ actor, organizationId, bankAccountId }));
}, { auth: "nonprofit" });
