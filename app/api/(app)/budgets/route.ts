/**
 * GET /api/budgets — the budgets of every fundraiser of the signed-in nonprofit's
 * organization: { campaignId, campaignName, status, goalCents, progressCents, plannedCents,
 * published, lines: [{ id, label, amountCents }] }[] (cents), newest fundraiser first.
 * 401 without a session; 403 for anyone but a nonprofit user.
 */
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { listFundraiserBudgets } from "@/lib/services/reports/budgets";

export const dynamic = "force-dynamic";

export const GET = route(async (_req, { actor }) => {
  const organizationId = authorizeOwnOrganization(actor, "budget.manage");
  return NextResponse.json(await listFundraiserBudgets({ actor, organizationId }), { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "user" });
