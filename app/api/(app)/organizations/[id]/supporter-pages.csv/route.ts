/**
 * GET /api/organizations/{id}/supporter-pages.csv — the organization's supporter pages as CSV
 * (supporter-pages-YYYY-MM-DD.csv, UTC day; filter: campaignId), the supporter's email only when
 * they agreed to share it. 401 without a session; 403 for anyone but a member of the organization.
 */
import { route } from "@/lib/http/route";
import { supporterPagesCsv } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ id: string }>(
  async (req, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    const fundraiser = req.nextUrl.searchParams.get("campaignId");
    const { filename, csv } = await supporterPagesCsv({ actor, organizationId, fundraiserId: fundraiser ? idParam.parse(fundraiser) : null });
    return new Response(csv, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  },
  { auth: "nonprofit" },
);
