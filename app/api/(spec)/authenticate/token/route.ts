// GET /api/authenticate/token?resetPasswordToken= — is this reset link still valid; PUT sets the new password with it
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { checkResetToken, resetPassword } from "@/lib/services/users/password-reset";
import { resetPasswordSchema, resetTokenQuerySchema } from "@/lib/validations/donor";

export const GET = route(async (req) => {
  const { resetPasswordToken } = resetTokenQuerySchema.parse({ resetPasswordToken: req.nextUrl.searchParams.get("resetPasswordToken") ?? "" });
  return NextResponse.json(await checkResetToken({ token: resetPasswordToken }));
});

export const PUT = route(async (req) => {
  const input = await parseJson(req, resetPasswordSchema);
  return NextResponse.json(await resetPassword(input));
});
