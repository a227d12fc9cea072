// PUT /api/update/password — the signed-in user changes their own password
import { NextResponse } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { updatePassword } from "@/lib/services/users/update-password";
import { updatePasswordSchema } from "@/lib/validations/auth";

export const PUT = route(async (req) => {
  const input = await parseJson(req, updatePasswordSchema);
  const actor = await requireUser();
  return NextResponse.json(await updatePassword(actor, input));
});
