/**
 * GET /api/organizations/{id}/supporter-pages — the organization's supporter pages, teams and
 * fundraisers' supporter-page options (filters: campaignId, status, teamId); with ?format=csv
 * the pages as supporter-pages-YYYY-MM-DD.csv (filter: campaignId), as
 * /api/organizations/{id}/supporter-pages.csv. A supporter's email only when they agreed to
 * share it. 401 without a session; 403 for anyone but a member of the organization; 422 for an
 * unknown status.
 */
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listSupporterPagesForOrganization, supporterPagesCsv } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

/** An optional id of the query (absent or empty: no filter). @throws ZodError (400) for a malformed one. */
const optionalId = (v: string | null) => (v ? idParam.parse(v) : null);

export const GET = route<{ id: string }>(
  async (req, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    const q = req.nextUrl.searchParams;
    const fundraiserId = optionalId(q.get("campaignId"));
    if (q.get("format") === "csv") {
      const { filename, csv } = await supporterPagesCsv({ actor, organizationId, fundraiserId });
      return new Response(csv, {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
      });
    }
    const view = await listSupporterPagesForOrganization({ actor, organizationId, fundraiserId, status: q.get("status") || null, teamId: optionalId(q.get("teamId")) });
    return NextResponse.json(view, { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);
