// POST /api/claim/letter/code — the claimant enters the code from the mailed letter
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { enterClaimLetterCode } from "@/lib/services/claims/verify-by-letter";
import { claimLetterCodeSchema } from "@/lib/validations/claims";

export const POST = route(async (req, { actor }) => {
  const input = await parseJson(req, claimLetterCodeSchema);
  return NextResponse.json(await enterClaimLetterCode({ actor, input }));
}, { auth: "nonprofit" });
