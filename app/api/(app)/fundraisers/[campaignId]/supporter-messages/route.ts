// POST /api/fundraisers/{campaignId}/supporter-messages — the organization writes to the supporters of one fundraiser; answers { queued }
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { messageSupporters } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ campaignId: string }>(
  async (req: NextRequest, { params, actor }) => {
    const fundraiserId = idParam.parse(params.campaignId);
    // The service validates the body with supporterMessageSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await messageSupporters({ actor, fundraiserId, input }), { status: 202 });
  },
  { auth: "nonprofit" },
);
