// PUT /api/fundraisers/{campaignId}/supporter-settings — the organization sets a fundraiser's supporter-page options
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { updateSupporterSettings } from "@/lib/services/supporter-pages/settings";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ campaignId: string }>(
  async (req: NextRequest, { params, actor }) => {
    const fundraiserId = idParam.parse(params.campaignId);
    // The service validates the body with supporterSettingsSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await updateSupporterSettings({ actor, fundraiserId, input }));
  },
  { auth: "nonprofit" },
);
