// GET /api/offline-gifts/{id} — a gift the nonprofit recorded offline, to correct it; PUT corrects it; DELETE removes it
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { deleteOfflineGift, getOfflineGift, updateOfflineGift } from "@/lib/services/donations/offline-gifts";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const donationId = idParam.parse(params.id);
    return NextResponse.json(await getOfflineGift({ actor, donationId }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);

export const PUT = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const donationId = idParam.parse(params.id);
    // The service validates the body with offlineGiftSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await updateOfflineGift({ actor, donationId, input }));
  },
  { auth: "nonprofit" },
);

export const DELETE = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const donationId = idParam.parse(params.id);
    return NextResponse.json(await deleteOfflineGift({ actor, donationId }));
  },
  { auth: "nonprofit", body: "none" },
);
