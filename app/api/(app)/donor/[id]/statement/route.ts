// GET /api/donor/{id}/statement?year=YYYY&format=pdf|csv — the donor's year-end giving statement
import { route } from "@/lib/http/route";
import { buildGivingStatement, statementCsv, statementPdf } from "@/lib/services/donors/giving-statement";
import { statementQuerySchema } from "@/lib/validations/donor";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (req, { params, actor }) => {
  const id = idParam.parse(params.id);
  const q = req.nextUrl.searchParams;
  const { year, format } = statementQuerySchema.parse({ year: q.get("year") ?? "", format: q.get("format") ?? undefined });
  const statement = await buildGivingStatement({ actor, donorId: id, year });
  const name = `giving-statement-${year}.${format}`;
  const headers = { "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" };
  if (format === "csv") return new Response(statementCsv(statement), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  return new Response(new Uint8Array(await statementPdf({ statement })), { headers: { ...headers, "Content-Type": "application/pdf" } });
}, { auth: "user" });
