// GET /api/organizations/members — the signed-in nonprofit's organization: its members, open invitations, and whether the caller may change them
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listMembers } from "@/lib/services/organizations/members";

export const GET = route(async (_req, { actor }) => {
  return NextResponse.json(await listMembers({ actor }), { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "nonprofit" });
