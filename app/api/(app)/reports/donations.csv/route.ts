/**
 * GET /api/reports/donations.csv — download the donation report of the signed-in nonprofit's
 * organization as CSV, named donation-report-YYYY-MM-DD.csv (UTC day), with exactly the
 * columns Date, Donor Email, Fundraiser, Amount USD (spec section 9); completed gifts, newest
 * first; donor emails only where shared. Streamed from the database in batches.
 *
 * Query: the report filters of getDonationReports (duration, fundraiser, startDate, endDate,
 * and optionally supporterPage and team: ids of the organization's supporter page and team).
 * 401 without a session; 403 for anyone but a nonprofit user; 400 with the spec's message
 * for bad filters; 404 for a fundraiser, supporter page or team of another organization.
 */
import { Readable } from "node:stream";
import { route } from "@/lib/http/route";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { openDonationReportCsv } from "@/lib/services/reports/donation-csv";
import { parseReportQuery } from "@/lib/validations/report";

export const dynamic = "force-dynamic";

export const GET = route(async (req, { actor }) => {
  const organizationId = authorizeOwnOrganization(actor, "report.view");
  const q = parseReportQuery(req.nextUrl.searchParams);
  const { filename, stream } = await openDonationReportCsv({ actor, organizationId, query: q });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}, { auth: "user" });
