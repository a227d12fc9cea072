// PUT /api/donor/recurring/payment-method — the signed-in donor's new card on all their recurring gifts; POST starts it with Stripe
import { NextResponse } from "next/server";
import { requireDonor } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { startAllPaymentMethodsUpdate, updateAllRecurringPaymentMethods } from "@/lib/services/recurring/manage-recurring-gift";
import { updateAllPaymentMethodsSchema } from "@/lib/validations/recurring";

export const PUT = route(async (req) => {
  const { method } = await parseJson(req, updateAllPaymentMethodsSchema);
  const actor = await requireDonor();
  return NextResponse.json(await updateAllRecurringPaymentMethods({ actor, method }));
});

export const POST = route(async () => {
  const actor = await requireDonor();
  return NextResponse.json(await startAllPaymentMethodsUpdate(actor));
});
