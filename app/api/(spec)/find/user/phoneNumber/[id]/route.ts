// GET /api/find/user/phoneNumber/{id} — the signed-in user's own telephone
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { findPhoneNumber } from "@/lib/services/users/update-settings";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const id = idParam.parse(params.id);
  return NextResponse.json(await findPhoneNumber({ actor, userId: id }));
}, { auth: "user" });
