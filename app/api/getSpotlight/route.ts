// GET /api/getSpotlight?npID= — the nonprofit reads its own spotlight card
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { getSpotlight } from "@/lib/services/organizations/spotlight";
import { getSpotlightQuery } from "@/lib/validations/organization";

export const GET = route(async (req) => {
  const { npID: organizationId } = getSpotlightQuery.parse({ npID: req.nextUrl.searchParams.get("npID") ?? "" });
  const actor = await requireNonprofit();
  return NextResponse.json(await getSpotlight(actor, organizationId));
}, { auth: "nonprofit" });
