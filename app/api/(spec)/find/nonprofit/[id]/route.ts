// GET /api/find/nonprofit/{id} — an organization's public profile (by id or nickname)
import { NextResponse } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { getPublicOrganization } from "@/lib/services/organizations/get-organization";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const actor = await getActor();
  return NextResponse.json({ nonprofit: await getPublicOrganization({ idOrNickname: params.id, actor }) });
});
