// POST /api/thank-you-templates/preview — one thank-you draft rendered with a sample donor (subject, text, escaped HTML)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { previewThankYou } from "@/lib/services/thank-you/thank-you-templates";

export const POST = route(
  async (req: NextRequest, { actor }) => {
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await previewThankYou({ actor, organizationId: actor.organizationId ?? "", input }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);
