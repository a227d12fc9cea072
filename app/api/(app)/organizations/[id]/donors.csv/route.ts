/**
 * GET /api/organizations/{id}/donors.csv — the organization's Donors view as CSV, with the
 * view's filters (q, segment, min in dollars, sort), named donors-YYYY-MM-DD.csv (UTC day).
 * Instants in UTC, only what each donor shared, never the private notes.
 * 401 without a session; 403 for anyone but a member of the organization; 400 with
 * messages.donors' text for a bad filter.
 */
import { route } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { exportDonorsCsv } from "@/lib/services/donor-relationships/donors-view";
import { parseDonorsQuery } from "@/lib/validations/donor-relationships";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(
  async (req, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    const parsed = parseDonorsQuery(req.nextUrl.searchParams);
    if (parsed.error !== undefined) throw new AppError("bad_request", parsed.error);
    const { filename, csv } = await exportDonorsCsv({ actor, organizationId, query: parsed.query });
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  { auth: "nonprofit" },
);
