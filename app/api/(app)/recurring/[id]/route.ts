// PUT /api/recurring/{id} — change a recurring gift from its manage page (signed link or owner); POST starts a payment method update; DELETE cancels after confirmation
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { serverEnv } from "@/lib/env";
import { parseJson, route } from "@/lib/http/route";
import { cancelManagedRecurringGift, manageRecurringGift, startPaymentMethodUpdate } from "@/lib/services/recurring/manage-recurring-gift";
import { idParam } from "@/lib/validations/fields";
import { cancelRecurringSchema, manageRecurringSchema, startSetupSchema } from "@/lib/validations/recurring";

export const PUT = route<{ id: string }>(async (req, { params }) => {
  const id = idParam.parse(params.id);
  const input = await parseJson(req, manageRecurringSchema(serverEnv().DONATION_MAX_CENTS));
  const actor = await getActor();
  return NextResponse.json(await manageRecurringGift({ giftId: id, access: { token: input.token, actor }, input }));
});

export const POST = route<{ id: string }>(async (req, { params }) => {
  const id = idParam.parse(params.id);
  const { token } = await parseJson(req, startSetupSchema);
  const actor = await getActor();
  return NextResponse.json(await startPaymentMethodUpdate({ giftId: id, access: { token, actor } }));
});

export const DELETE = route<{ id: string }>(async (req, { params }) => {
  const id = idParam.parse(params.id);
  const { token } = await parseJson(req, cancelRecurringSchema);
  const actor = await getActor();
  return NextResponse.json(await cancelManagedRecurringGift({ giftId: id, access: { token, actor } }));
});
