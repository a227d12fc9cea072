// PUT /api/updateNPImpacts — the nonprofit saves the impact figures shown on its profile
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateImpacts } from "@/lib/services/organizations/update-impacts";
import { forOrganization, updateImpactsSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateImpactsSchema);
  return NextResponse.json(await updateImpacts({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
