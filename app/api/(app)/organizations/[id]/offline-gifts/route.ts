// POST /api/organizations/{id}/offline-gifts — a nonprofit records a gift received outside the platform (cash, check, DAF grant, stock, in-kind)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { recordOfflineGift } from "@/lib/services/donations/offline-gifts";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    // The service validates the body with offlineGiftSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await recordOfflineGift({ actor, organizationId, input }), { status: 201 });
  },
  { auth: "nonprofit" },
);
