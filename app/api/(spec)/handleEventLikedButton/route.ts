// PUT /api/handleEventLikedButton — the signed-in user likes or unlikes an event (idempotent)
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { setEventLike } from "@/lib/services/events/set-event-like";
import { eventLikeSchema } from "@/lib/validations/search";

export const PUT = route(async (req: NextRequest, { actor }) => {
  const input = await parseJson(req, eventLikeSchema);
  return NextResponse.json(await setEventLike({ ...input, actor }));
}, { auth: "user" });
