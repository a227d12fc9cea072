// PUT /api/donor/recurring/{id} — change a recurring gift's monthly amount; DELETE cancels it
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { cancelRecurringGift, changeRecurringGiftAmount } from "@/lib/services/recurring/manage-recurring-gift";
import { serverEnv } from "@/lib/env";
import { changeRecurringSchemaFor } from "@/lib/validations/donor";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ id: string }>(async (req, { params, actor }) => {
  const id = idParam.parse(params.id);
  const { amountCents } = await parseJson(req, changeRecurringSchemaFor(serverEnv().DONATION_MAX_CENTS));
  return NextResponse.json(await changeRecurringGiftAmount({ actor, giftId: id, amountCents }));
}, { auth: "donor" });

export const DELETE = route<{ id: string }>(async (_req, { params, actor }) => {
  const id = idParam.parse(params.id);
  return NextResponse.json(await cancelRecurringGift({ actor, giftId: id }));
}, { auth: "donor" });
