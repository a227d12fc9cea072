// POST /api/registerNonprofitWithoutEin/{type} — a nonprofit without an EIN, pending admin approval
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { parseJson, route } from "@/lib/http/route";
import { registerNonprofitWithoutEin } from "@/lib/services/users/register-user";
import { registerNonprofitWithoutEinSchema } from "@/lib/validations/auth";

export const POST = route<{ type: string }>(async (req, { params }) => {
  if (params.type !== "nonprofit") throw new AppError("not_found", "Only nonprofit accounts register without an EIN.");
  const user = await registerNonprofitWithoutEin(await parseJson(req, registerNonprofitWithoutEinSchema));
  return NextResponse.json({ user, approvalStatus: "pending" }, { status: 201 });
});
