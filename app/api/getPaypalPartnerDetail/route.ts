// GET /api/getPaypalPartnerDetail?merchantIdInPayPal= — store the nonprofit's PayPal merchant id (connected, spec 4)
import { NextResponse, type NextRequest } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { savePaypalMerchant } from "@/lib/services/payments/connect";

export const GET = route(async (req: NextRequest) => {
  const q = req.nextUrl.searchParams;
  const merchantId = q.get("merchantIdInPayPal") ?? q.get("merchantId") ?? "";
  const actor = await requireNonprofit();
  return NextResponse.json(await savePaypalMerchant(actor, merchantId));
});
