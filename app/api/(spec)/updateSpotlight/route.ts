// PUT /api/updateSpotlight — the nonprofit saves its spotlight card's title and description
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateSpotlight } from "@/lib/services/organizations/spotlight";
import { forOrganization, updateSpotlightSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateSpotlightSchema);
  return NextResponse.json(await updateSpotlight({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
