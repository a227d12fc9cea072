// PUT /api/update/password — the signed-in user changes their own password (other sessions end; this one is re-issued)
import { NextResponse } from "next/server";
import { reissueSessionCookie } from "@/lib/http/session";
import { parseJson, route } from "@/lib/http/route";
import { updatePassword } from "@/lib/services/users/update-password";
import { updatePasswordSchemaFor } from "@/lib/validations/auth";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updatePasswordSchemaFor(actor.role));
  const { updated, sessionVersion } = await updatePassword({ actor, input });
  return reissueSessionCookie(req, NextResponse.json({ updated }), sessionVersion);
}, { auth: "user" });
