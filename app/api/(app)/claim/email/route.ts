// POST /api/claim/email — the claimant gives the organization's website and an address at its domain; a confirmation link is mailed there
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { startClaimEmailVerification } from "@/lib/services/claims/verify-by-email";
import { claimEmailSchema } from "@/lib/validations/claims";

export const POST = route(async (req, { actor }) => {
  const input = await parseJson(req, claimEmailSchema);
  return NextResponse.json(await startClaimEmailVerification({ actor, input }));
}, { auth: "nonprofit" });
