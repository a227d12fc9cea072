// POST /api/claim/confirm — open the confirmation link mailed to an address at the organization's domain (body { token }): the claim is verified
import { NextResponse } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { confirmClaimEmail } from "@/lib/services/claims/verify-by-email";
import { claimTokenSchema } from "@/lib/validations/claims";

export const POST = route(async (req) => {
  const { token } = await parseJson(req, z.object({ token: claimTokenSchema }));
  return NextResponse.json(await confirmClaimEmail({ token }));
});
