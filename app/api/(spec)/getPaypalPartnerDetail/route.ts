// POST /api/getPaypalPartnerDetail {merchantIdInPayPal, state} — store the nonprofit's PayPal merchant id (connected, spec 4); only with the single-use state issued for PayPal's return
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { savePaypalMerchant } from "@/lib/services/payouts/connect";
import { paypalPartnerDetailSchema } from "@/lib/validations/payments-connect";

export const POST = route(async (req, { actor }) => {
  const { merchantIdInPayPal, state } = await parseJson(req, paypalPartnerDetailSchema);
  return NextResponse.json(await savePaypalMerchant({ actor, merchantId: merchantIdInPayPal, state }));
}, { auth: "nonprofit" });
