// PUT /api/updateNP — the nonprofit saves its description and mission (and re-checks its payment connection)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateNonprofit } from "@/lib/services/organizations/update-np";
import { forOrganization, updateNpSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateNpSchema);
  return NextResponse.json(await updateNonprofit({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
