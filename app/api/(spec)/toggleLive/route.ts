// PUT /api/toggleLive — the nonprofit publishes or hides its profile (spec 7: body npID)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { toggleLive } from "@/lib/services/organizations/update-live";
import { toggleLiveSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const { npID: organizationId } = await parseJson(req, toggleLiveSchema);
  return NextResponse.json(await toggleLive({ actor, organizationId }));
}, { auth: "nonprofit" });
