// GET /api/find/user/phoneNumber/{id} — the signed-in user's own telephone
import { NextResponse } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { findPhoneNumber } from "@/lib/services/users/update-settings";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (_req, { params }) => {
  const id = idParam.parse(params.id);
  const actor = await requireUser();
  return NextResponse.json(await findPhoneNumber(actor, id));
}, { auth: "user" });
