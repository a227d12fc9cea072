// PUT /api/update/user — the signed-in user saves the profile payload or the settings payload
import { NextResponse } from "next/server";
import { reissueSessionCookie } from "@/lib/http/session";
import { parseJson, route } from "@/lib/http/route";
import { updateUserSettings } from "@/lib/services/users/update-settings";
import { updateUserProfile } from "@/lib/services/users/user-preferences";
import { parseUpdateUser } from "@/lib/validations/donor";
import { z } from "zod";

export const PUT = route(async (req, { actor }) => {
  const parsed = parseUpdateUser(await parseJson(req, z.unknown()));
  if (parsed.kind === "profile") return NextResponse.json({ user: await updateUserProfile({ actor, input: parsed.input }) });
  const { user, emailChangeSent, sessionVersion } = await updateUserSettings({ actor, input: parsed.input });
  const res = NextResponse.json({ user, emailChangeSent });
  // A new password ended every other session; this browser keeps its own.
  return sessionVersion === null ? res : reissueSessionCookie(req, res, sessionVersion);
}, { auth: "user" });
