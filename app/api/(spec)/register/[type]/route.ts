// POST /api/register/{type} — create a donor (individual) or a nonprofit account claiming its EIN
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { registerDonor, registerNonprofitByEin } from "@/lib/services/users/register-user";
import { registerDonorSchema, registerNonprofitWithCheckSchema } from "@/lib/validations/auth";

export const POST = route<{ type: string }>(async (req, { params }) => {
  if (params.type === "individual") {
    const user = await registerDonor(await parseJson(req, registerDonorSchema));
    return NextResponse.json({ user }, { status: 201 });
  }
  if (params.type === "nonprofit") {
    const { altcha, ...input } = await parseJson(req, registerNonprofitWithCheckSchema);
    const user = await registerNonprofitByEin({ ...input, ip: clientIp(req), proofOfWork: altcha });
    return NextResponse.json({ user }, { status: 201 });
  }
  throw new AppError("not_found", "Unknown account type. Use individual or nonprofit.");
});
