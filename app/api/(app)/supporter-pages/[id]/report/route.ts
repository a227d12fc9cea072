// POST /api/supporter-pages/{id}/report — { reason }: anyone (no sign-in) reports a page to its organization and the platform's team
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { reportSupporterPage } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(async (req: NextRequest, { params }) => {
  const pageId = idParam.parse(params.id);
  // The service validates the body with supporterPageReportSchema (422 with the reason's message).
  const input = await parseJson(req, z.unknown());
  return NextResponse.json(await reportSupporterPage({ pageId, input, ip: clientIp(req) }));
});
