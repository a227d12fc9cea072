/**
 * PUT /api/budgets/{campaignId} — replace a fundraiser's budget lines and/or its "Publish on
 * profile" flag. Body: { lines?: [{ label, amountCents }] (at most 50, cents >= 1),
 * published?: boolean }. Response 200: the fundraiser's budget (see GET /api/budgets).
 * 401 without a session; 403 for anyone but a nonprofit user; 404 for a fundraiser of another
 * organization (nothing changed); 400 with a field message for invalid lines.
 */
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { saveFundraiserBudget } from "@/lib/services/reports/budgets";
import { idParam } from "@/lib/validations/fields";
import { budgetUpdateSchema } from "@/lib/validations/report";

export const PUT = route<{ campaignId: string }>(async (req, { params, actor }) => {
  const organizationId = authorizeOwnOrganization(actor, "budget.manage");
  const fundraiserId = idParam.parse(params.campaignId);
  const update = await parseJson(req, budgetUpdateSchema);
  return NextResponse.json(await saveFundraiserBudget({ actor, organizationId, fundraiserId, update }));
}, { auth: "user" });
