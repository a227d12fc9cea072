// POST /api/subscribe — subscribe an email to the newsletter
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { subscribeNewsletter } from "@/lib/services/users/contact";
import { subscribeSchema } from "@/lib/validations/donor";

export const POST = route(async (req) => {
  const { email } = await parseJson(req, subscribeSchema);
  return NextResponse.json(await subscribeNewsletter({ email }));
});
