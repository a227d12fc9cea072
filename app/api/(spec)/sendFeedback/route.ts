// POST /api/sendFeedback — Contact Us (userName, email, description). Not GET: it stores and sends mail.
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { sendFeedback } from "@/lib/services/users/contact";
import { feedbackSchema } from "@/lib/validations/donor";

export const POST = route(async (req) => {
  const input = await parseJson(req, feedbackSchema);
  return NextResponse.json(await sendFeedback(input));
});

