// POST /api/sendFeedback — Contact Us (userName, email, description); GET takes the same fields as query parameters
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { sendFeedback } from "@/lib/services/users/contact";
import { feedbackSchema } from "@/lib/validations/donor";

export const POST = route(async (req) => {
  const input = await parseJson(req, feedbackSchema);
  return NextResponse.json(await sendFeedback(input));
});

export const GET = route(async (req) => {
  const q = req.nextUrl.searchParams;
  const input = feedbackSchema.parse({ userName: q.get("userName") ?? "", email: q.get("email") ?? "", description: q.get("description") ?? "" });
  return NextResponse.json(await sendFeedback(input));
});
