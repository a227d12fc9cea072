// GET /api/find/nonprofitExists/{ein} — is this EIN in the directory, and is it claimed?
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { findNonprofitByEin } from "@/lib/services/organizations/find-in-directory";

export const GET = route<{ ein: string }>(async (_req, { params }) => {
  return NextResponse.json(await findNonprofitByEin({ ein: params.ein }));
});
