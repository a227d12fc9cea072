// POST /api/fundraisers/{campaignId}/supporter-pages — a donor starts their own page (and team) for a fundraiser
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { createSupporterPage } from "@/lib/services/supporter-pages/supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ campaignId: string }>(
  async (req: NextRequest, { params, actor }) => {
    const fundraiserId = idParam.parse(params.campaignId);
    // The service validates the body with createSupporterPageSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await createSupporterPage({ actor, fundraiserId, input }), { status: 201 });
  },
  { auth: "user" },
);
