// GET /api/volunteer/export?format=csv|pdf — download the donor's volunteer hours
import { route } from "@/lib/http/route";
import { volunteerHoursCsv, volunteerHoursPdf } from "@/lib/services/volunteering/volunteer-hours";
import { exportQuerySchema } from "@/lib/validations/donor";

export const GET = route(async (req, { actor }) => {
  const { format } = exportQuerySchema.parse({ format: req.nextUrl.searchParams.get("format") ?? undefined });
  if (format === "csv") {
    return new Response(await volunteerHoursCsv({ actor }), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="volunteer-hours.csv"', "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(await volunteerHoursPdf({ actor })), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="volunteer-hours.pdf"', "Cache-Control": "no-store" },
  });
}, { auth: "donor" });
