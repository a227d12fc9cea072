// PUT /api/removeBankAcct/{organizationId}/{bankAccountId} — remove a bank account of the connected account
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { removeBankAccount } from "@/lib/services/payments/connect";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ organizationId: string; bankAccountId: string }>(async (_req, { params }) => {
  const organizationId = idParam.parse(params.organizationId);
  const bankAccountId = idParam.parse(params.bankAccountId);
  const actor = await requireNonprofit();
  return NextResponse.json(await removeBankAccount({ actor, organizationId, bankAccountId }));
}, { auth: "nonprofit" });
