// PUT /api/donor/recurring/payment-method — the signed-in donor's new card on all their recurring gifts; POST starts it with Stripe
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { startAllPaymentMethodsUpdate, updateAllRecurringPaymentMethods } from "@/lib/services/recurring/manage-recurring-gift";
import { updateAllPaymentMethodsSchema } from "@/lib/validations/recurring";

export const PUT = route(async (req, { actor }) => {
  const { method } = await parseJson(req, updateAllPaymentMethodsSchema);
  return NextResponse.json(await updateAllRecurringPaymentMethods({ actor, method }));
}, { auth: "donor" });

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await startAllPaymentMethodsUpdate({ actor }));
}, { auth: "donor" });
