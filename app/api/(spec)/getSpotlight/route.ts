// GET /api/getSpotlight?npID= — the nonprofit reads its own spotlight card
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getSpotlight } from "@/lib/services/organizations/spotlight";
import { getSpotlightQuery } from "@/lib/validations/organization";

export const GET = route(async (req, { actor }) => {
  const { npID: organizationId } = getSpotlightQuery.parse({ npID: req.nextUrl.searchParams.get("npID") ?? "" });
  return NextResponse.json(await getSpotlight({ actor, organizationId }));
}, { auth: "nonprofit" });
