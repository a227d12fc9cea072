/**
 * GET /api/getDonationReports/{organizationId}/{userId} — the donation report (spec section 7,
 * getDonationReports/{a}/{b}: "query duration, fundraiser, plus startDate and endDate for
 * customRange; response donation list").
 *
 * organizationId and userId (the signed-in nonprofit user's id) must both be the caller's own
 * (401 without a session, 403 otherwise). Query: duration=yearToDate|monthToDate|customRange,
 * fundraiser=all|nonFundraiser|<campaign id>, startDate and endDate (YYYY-MM-DD, days of the
 * organization's time zone, end day included) for customRange; optional supporterPage=<supporter
 * page id> and team=<team id> (peer-to-peer: gifts made on that page / counted for that team); optional limit (1-200, default 50) and cursor (from the
 * X-Next-Cursor header of the previous page).
 *
 * Response 200: a JSON array of donations, newest first: { id, createdAt (UTC ISO), amount
 * (cents), donorEmail (null unless shared), campaignID, fundraiser (name or "Direct
 * Donation"), status, statusLabel, reason }. Headers: X-Next-Cursor (absent on the last page),
 * X-Report-Count (all matching donations), X-Report-Total-Cents and X-Report-Completed-Count
 * (completed gifts only). 400 with the spec's message for bad filters; 404 for a fundraiser,
 * supporter page or team of another organization.
 */
import { NextResponse } from "next/server";
import { authorize } from "@/lib/auth/authorize";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { getDonationReportPage, getDonationReportTotals } from "@/lib/services/reports/donation-report";
import { idParam } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { parseReportQuery, REPORT_PAGE_SIZE } from "@/lib/validations/report";

export const dynamic = "force-dynamic";

export const GET = route<{ organizationId: string; userId: string }>(async (req, { params, actor }) => {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  const organizationId = idParam.parse(params.organizationId);
  authorize(actor, "report.requestOwn", { userId: idParam.parse(params.userId) });
  const sp = req.nextUrl.searchParams;
  const q = parseReportQuery(sp);
  const limit = sp.get("limit") ? Number(sp.get("limit")) : REPORT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new AppError("bad_request", messages.generic.badRequest);
  const [page, totals] = await Promise.all([
    getDonationReportPage({ actor, organizationId, query: q, cursor: sp.get("cursor"), limit }),
    getDonationReportTotals({ actor, organizationId, query: q }),
  ]);
  const headers: Record<string, string> = {
    "Cache-Control": "private, no-store",
    "X-Report-Count": String(totals.count),
    "X-Report-Completed-Count": String(totals.completedCount),
    "X-Report-Total-Cents": String(totals.completedCents),
  };
  if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
  return NextResponse.json(page.donations, { headers });
}, { auth: "user" });
