// PUT /api/update/user — the signed-in user saves the profile payload or the settings payload
import { NextResponse } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { updateUserSettings } from "@/lib/services/users/update-settings";
import { updateUserProfile } from "@/lib/services/users/user-preferences";
import { parseUpdateUser } from "@/lib/validations/donor";
import { z } from "zod";

export const PUT = route(async (req) => {
  const parsed = parseUpdateUser(await parseJson(req, z.unknown()));
  const actor = await requireUser();
  const user = parsed.kind === "profile" ? await updateUserProfile(actor, parsed.input) : await updateUserSettings(actor, parsed.input);
  return NextResponse.json({ user });
}, { auth: "user" });
