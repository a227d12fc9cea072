// GET /api/fetch/userPreferences/{userId} — the donor's sharing choices, demographics, city/state and phone
import { NextResponse } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { getUserPreferences } from "@/lib/services/users/user-preferences";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ userId: string }>(async (_req, { params }) => {
  const userId = idParam.parse(params.userId);
  const actor = await requireUser();
  return NextResponse.json(await getUserPreferences(actor, userId));
}, { auth: "user" });
