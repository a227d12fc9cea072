// GET /api/fetch/userPreferences/{userId} — the donor's sharing choices, demographics, city/state and phone
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getUserPreferences } from "@/lib/services/users/user-preferences";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ userId: string }>(async (_req, { params, actor }) => {
  const userId = idParam.parse(params.userId);
  return NextResponse.json(await getUserPreferences({ actor, userId }));
}, { auth: "user" });
