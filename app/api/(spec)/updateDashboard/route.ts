// PUT /api/updateDashboard — the nonprofit saves its general information (spec 7: returns user and nonprofit)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateDashboard } from "@/lib/services/organizations/update-dashboard";
import { forOrganization, updateDashboardSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateDashboardSchema);
  return NextResponse.json(await updateDashboard({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
