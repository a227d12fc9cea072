// PUT /api/handleEventLikedButton — the signed-in user likes or unlikes an event (idempotent)
import { NextResponse, type NextRequest } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { setEventLike } from "@/lib/services/events/set-event-like";
import { eventLikeSchema } from "@/lib/validations/search";

export const PUT = route(async (req: NextRequest) => {
  const input = await parseJson(req, eventLikeSchema);
  const actor = await requireUser();
  return NextResponse.json(await setEventLike(input, actor));
}, { auth: "user" });
