// GET /api/getNonprofit — the signed-in nonprofit's own organization
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getOwnOrganization } from "@/lib/services/organizations/get-organization";

export const GET = route(async (_req, { actor }) => {
  return NextResponse.json({ nonprofit: await getOwnOrganization({ actor }) });
}, { auth: "nonprofit" });
