// PUT /api/updateNP — the nonprofit saves its description and mission (and re-checks its payment connection)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { getOwnOrganization } from "@/lib/services/organizations/get-organization";
import { updateNonprofit } from "@/lib/services/organizations/update-np";
import { updateUserStripeInfo } from "@/lib/services/payouts/connect";
import { forOrganization, updateNpSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateNpSchema);
  const saved = await updateNonprofit({ actor, input: forOrganization(input) });
  if (input.stripeComplete !== true) return NextResponse.json(saved);
  // The spec's way of marking the payment connection: re-checked by the payments service, which
  // sets stripeComplete only when Stripe details are submitted or a PayPal merchant id exists.
  await updateUserStripeInfo({ actor });
  return NextResponse.json({ nonprofit: await getOwnOrganization({ actor }) });
}, { auth: "nonprofit" });
