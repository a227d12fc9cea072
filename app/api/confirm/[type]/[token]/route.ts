// GET /api/confirm/{type}/{token} — confirm an email address from the emailed link
import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { confirmEmail } from "@/lib/services/users/password-reset";

const params = z.object({ type: z.string().min(1).max(40), token: z.string().min(10).max(200) });

export const GET = route<{ type: string; token: string }>(async (_req, ctx) => {
  const { type, token } = params.parse(ctx.params);
  return NextResponse.json(await confirmEmail(type, token));
});
