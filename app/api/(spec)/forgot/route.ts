// POST /api/forgot — email a single-use password reset link (same answer for unknown emails)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/services/users/password-reset";
import { forgotSchema } from "@/lib/validations/donor";

export const POST = route(async (req) => {
  const { email } = await parseJson(req, forgotSchema);
  return NextResponse.json(await requestPasswordReset({ email }));
});
