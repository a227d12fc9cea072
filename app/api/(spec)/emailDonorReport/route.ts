/**
 * POST /api/emailDonorReport — email the donation report as a CSV attachment (the same file
 * as the download: Date, Donor Email, Fundraiser, Amount USD; completed gifts) to the signed-in
 * nonprofit account's email address, through the mail queue.
 *
 * Body: { organizationId?, duration, fundraiser, startDate?, endDate?, supporterPage?, team? } (organizationId
 * defaults to the caller's own; another organization's id is 403). Response 200:
 * { to, rows, message }. 401 without a session; 400 with the spec's message for bad filters;
 * 422 when the report is too large for email.
 */
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { emailDonorReport } from "@/lib/services/reports/donation-csv";
import { messages } from "@/lib/validations/messages";
import { emailReportSchema, parseReportQuery } from "@/lib/validations/report";

export const POST = route(async (req: NextRequest, { actor }) => {
  const own = authorizeOwnOrganization(actor, "report.view");
  const input = await parseJson(req, emailReportSchema);
  const q = parseReportQuery({ duration: input.duration, fundraiser: input.fundraiser, startDate: input.startDate, endDate: input.endDate, supporterPage: input.supporterPage, team: input.team });
  const result = await emailDonorReport({ actor, organizationId: input.organizationId ?? own, query: q });
  return NextResponse.json({ ...result, message: messages.reports.emailQueued(result.to) });
}, { auth: "user" });
