/**
 * GET /api/reports/analytics — donation analytics of the signed-in nonprofit's organization
 * (completed gifts; per month of the organization's time zone, per fundraiser, new versus returning donors, average gift,
 * recurring revenue; amounts in cents). Query: the report filters of getDonationReports.
 * 401 without a session; 403 for anyone but a nonprofit user; 400 for bad filters.
 */
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { getDonationAnalytics } from "@/lib/services/reports/analytics";
import { parseReportQuery } from "@/lib/validations/report";

export const dynamic = "force-dynamic";

export const GET = route(async (req, { actor }) => {
  const organizationId = authorizeOwnOrganization(actor, "report.view");
  const q = parseReportQuery(req.nextUrl.searchParams);
  return NextResponse.json(await getDonationAnalytics({ actor, organizationId, query: q }), { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "user" });
