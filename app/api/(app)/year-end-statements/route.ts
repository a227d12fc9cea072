// POST /api/year-end-statements — the nonprofit emails a year's statement to every donor who shared their email; GET ?year= shows the progress
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { getYearEndStatementProgress, sendOrganizationYearEndStatements } from "@/lib/services/thank-you/year-end-statements";

export const GET = route(
  async (req: NextRequest, { actor }) => {
    const input = { year: req.nextUrl.searchParams.get("year") ?? undefined };
    return NextResponse.json(await getYearEndStatementProgress({ actor, organizationId: actor.organizationId ?? "", input }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);

export const POST = route(
  async (req: NextRequest, { actor }) => {
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await sendOrganizationYearEndStatements({ actor, organizationId: actor.organizationId ?? "", input }));
  },
  { auth: "nonprofit" },
);
