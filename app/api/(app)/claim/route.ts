// GET /api/claim — the signed-in nonprofit's claim of its organization and how far its verification is
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getOwnClaim } from "@/lib/services/claims/claims";

export const GET = route(async (_req, { actor }) => NextResponse.json({ claim: await getOwnClaim({ actor }) }), { auth: "nonprofit" });
