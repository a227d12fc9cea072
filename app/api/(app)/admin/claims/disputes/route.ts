// GET /api/admin/claims/disputes — the open contests beside the claims they contest, with their evidence (admin only)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listClaimDisputes } from "@/lib/services/claims/disputes";

export const GET = route(async (_req, { actor }) => NextResponse.json({ disputes: await listClaimDisputes({ actor }) }), { auth: "user" });
