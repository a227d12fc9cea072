// GET /api/check/password/{userId}/{password} — does this match the signed-in user's current password? (rate limited)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { checkPassword } from "@/lib/services/users/check-password";
import { currentPasswordField, idParam } from "@/lib/validations/fields";

export const GET = route<{ userId: string; password: string }>(async (_req, { params, actor }) => {
  const userId = idParam.parse(params.userId);
  const password = currentPasswordField.parse(params.password);
  return NextResponse.json(await checkPassword({ actor, userId, password }), { headers: { "Cache-Control": "no-store" } });
}, { auth: "user" });
