// POST /api/claim/contest — create a nonprofit account that contests the claim of the organization with this EIN ("I run this organization"); body as POST /api/register/nonprofit, plus `altcha` when the proof-of-work check is asked
import { NextResponse } from "next/server";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { registerNonprofitToContest } from "@/lib/services/users/register-user";
import { registerNonprofitWithCheckSchema } from "@/lib/validations/auth";

export const POST = route(async (req) => {
  const { altcha, ...input } = await parseJson(req, registerNonprofitWithCheckSchema);
  const user = await registerNonprofitToContest({ ...input, ip: clientIp(req), proofOfWork: altcha });
  return NextResponse.json({ user }, { status: 201 });
});
