// GET /api/thank-you-templates — the nonprofit's thank-you emails (master switch, one template per variant); PUT saves them
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { getThankYouSettings, saveThankYouSettings } from "@/lib/services/thank-you/thank-you-templates";

export const GET = route(
  async (_req: NextRequest, { actor }) => {
    const settings = await getThankYouSettings({ actor, organizationId: actor.organizationId ?? "" });
    return NextResponse.json(settings, { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);

export const PUT = route(
  async (req: NextRequest, { actor }) => {
    // The service validates the body with thankYouSettingsSchema (400 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await saveThankYouSettings({ actor, organizationId: actor.organizationId ?? "", input }));
  },
  { auth: "nonprofit" },
);
