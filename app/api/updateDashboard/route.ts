// PUT /api/updateDashboard — the nonprofit saves its general information (spec 7: returns user and nonprofit)
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { updateDashboard } from "@/lib/services/organizations/update-dashboard";
import { forOrganization, updateDashboardSchema } from "@/lib/validations/organization";

export const PUT = route(async (req) => {
  const input = await parseJson(req, updateDashboardSchema);
  const actor = await requireNonprofit();
  return NextResponse.json(await updateDashboard(actor, forOrganization(input)));
}, { auth: "nonprofit" });
